"""Challenges on Telegram: a hand a player solved, sent to any chat for friends to play
against their time; :mod:`~bot.games.challenges.sharing` answers the button's inline query,
:mod:`~bot.games.challenges.playing` the Play link (``/start ch_TOKEN``), the answers and
/giveup.  Register it before the rounds' /giveup and the solver's catch-all inline mode
(docs/games.md, *Challenges*)."""

from __future__ import annotations

from telegram.ext import (
    Application,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
)

from bot.context import BotContext, services
from bot.games.challenges.opened import peeked
from bot.games.challenges.parts import ANSWERS_TO
from bot.games.challenges.playing import (
    LINK_PREFIX,
    answer,
    claims,
    give_up,
    on_challenge,
    open_link,
    restore,
    waiting,
)
from bot.games.challenges.shared_messages import offer_markup, settle_daily
from bot.games.challenges.sharing import RESULT_PREFIX, share_query, shared
from bot.i18n import Translator
from bot.play.registry import Game, Handlers, Help, HelpLine, Slot
from bot.rules.challenge import HAND_SOURCE
from bot.services.answer_routes import Route
from bot.typed_handlers import for_messages

PRIORITY = 25
"""In private, the answers while a friend's challenge is played: after the daily puzzle's,
whose clock a challenge of today's puzzle is."""

__all__ = ["GAME", "register"]


def register(application: Application) -> None:
    """The challenge's inline query and chosen results, its Play link, its answers and
    /giveup; the plays open at the last stop are live again."""
    application.add_handler(InlineQueryHandler(share_query, pattern=r"^ch "))
    application.add_handler(ChosenInlineResultHandler(shared, pattern=f"^{RESULT_PREFIX}"))
    services(application).deep_links[LINK_PREFIX] = for_messages(open_link)
    application.add_handler(
        CommandHandler(
            ["giveup", "reveal", "stop"], for_messages(give_up), filters=on_challenge(application)
        )
    )
    services(application).answers.add(Route(PRIORITY, claims, answer, waiting))
    restore(application)


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """The challenges' line of /help."""
    _ = context._
    return (
        HelpLine(
            Help.OWN_CLOCK,
            20,
            _(
                "⚔️ Challenges: after you solve the daily puzzle or a hand in private, "
                '"Challenge a friend" sends your time (not the cards) to any chat; friends play '
                "the same hand from its Play button, once each, on their own clock (/giveup gives "
                "up), and the message shows everyone's time."
            ),
        ),
    )


def unrecorded(context: Translator) -> str:
    """Why a challenge's solve sets no record."""
    return context._("A challenge sets no record: its cards are known before a clock starts.")


GAME = Game(
    "challenge",
    (Handlers(register, Slot.BEFORE_START),),  # its /giveup first
    help=help_lines,
    offer=offer_markup,
    puzzle_ended=settle_daily,
    answers_to=ANSWERS_TO,
    peeked=peeked,
    unrecorded=((HAND_SOURCE, unrecorded),),
)
