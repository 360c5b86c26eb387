"""Duels on Telegram (``/duel``, ``/duel stop``): invitations in a group
(:mod:`.group_invitations`) or shared from private (:mod:`.shared`, :mod:`.invitations`), the
play (:mod:`.play`), a bot cut off (:mod:`.left`) and a restart (:mod:`.restart`).  The rules
are :mod:`bot.rules.duel`'s (docs/design-games.md, *Duels on Telegram*)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.context import BotContext, services
from bot.games.duel.parts import DUELS, RATINGS
from bot.games.duel.words import ACHIEVEMENTS
from bot.i18n import N_
from bot.play.registry import Game, Handlers, Help, HelpLine, MenuEntry, SeasonBoardShown
from bot.rules.duel.rated_season import RATED_BOARD
from bot.rules.duel.rating import Ratings
from bot.services.answer_routes import Route
from bot.typed_handlers import for_buttons, for_messages

from . import (
    answers,
    group_invitations,
    left,
    play,
    profile,
    rating_command,
    refusals,
    review,
    shared,
    words,
)
from .restart import restore

PRIORITY = 35
"""A duel's hand, in its group or each player's private chat: after "no score", before every
chat game (a chat with a duel on deals no other game)."""

__all__ = ["GAME", "register", "restore"]

LEFT_GROUP = 2
"""The handler group of membership changes for duels (the bot's own, and its players'): the
greeting of a group that adds the bot (``basics``) and the settings' admins take them in
group 0, where one handler runs per update."""


def register(application: Application) -> None:
    """/duel, its buttons, its inline invitations and links, and the answers of a duel."""
    application.add_handler(CommandHandler("duel", for_messages(group_invitations.duel_command)))
    application.add_handler(
        CallbackQueryHandler(
            for_buttons(group_invitations.invitation_button),
            pattern=r"^duel:(yes|no):[A-Za-z0-9]+$",
        )
    )
    # Before the solver's catch-all inline handler (this feature is registered first).
    application.add_handler(
        InlineQueryHandler(shared.inline_invitation, pattern=r"^duel [A-Za-z0-9]*$")
    )
    application.add_handler(
        ChosenInlineResultHandler(shared.invitation_shared, pattern=r"^duel:[A-Za-z0-9]+$")
    )
    application.add_handler(
        ChatMemberHandler(left.bot_removed, ChatMemberHandler.MY_CHAT_MEMBER), group=LEFT_GROUP
    )
    application.add_handler(
        ChatMemberHandler(left.player_gone, ChatMemberHandler.CHAT_MEMBER), group=LEFT_GROUP
    )
    application.add_handler(
        MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, left.player_gone), group=LEFT_GROUP
    )
    data = services(application)
    data.deep_links["duel"] = for_messages(shared.start_link)
    data.deep_links[shared.LINK_PREFIX] = for_messages(shared.opened_link)
    data.answers.add(
        Route(PRIORITY, answers.claims, answers.judge, answers.waiting, answers.its_messages)
    )
    data.live_hands.kept_from_everyone.add(play.HAND)  # see play.HAND


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """The duel's lines of /help (and /rating's)."""
    _ = context._
    duel = HelpLine(
        Help.GAMES,
        40,
        _(
            "/duel: a rated duel, first to 3 hands. In a group, reply to someone's message "
            "with /duel (or /duel @name); in private, /duel gives an invitation to send to "
            "anyone. /duel stop forfeits."
        ),
    )
    return (duel, *rating_command.help_lines(context))


MENU = (
    MenuEntry(40, "duel", N_("Duel someone: first to 3 hands, rated (/duel stop forfeits)")),
    *rating_command.MENU,
)


def moved(context: BotContext, old_chat_id: int, new_chat_id: int) -> None:
    """A group became a supergroup: a duel played there, and invitations made there, follow."""
    data = context.bot_data.global_data
    for duel in DUELS.get(data).duels.values():
        if duel.chat_id == old_chat_id:
            duel.chat_id = new_chat_id
    for invitation in DUELS.get(data).invitations.values():
        if invitation.chat_id == old_chat_id:
            invitation.chat_id = new_chat_id


def _established(context: BotContext, player: int, day: dt.date) -> bool:
    """Whether duels establish ``player`` on ``day`` (:meth:`PlayerRating.established`)."""
    rating = RATINGS.get(context.bot_data.global_data).players.get(player)
    return rating is not None and rating.established(day)


def _ratings(context: BotContext) -> Ratings:
    """The duels' ratings, which the season's duel board reads."""
    return RATINGS.get(context.bot_data.global_data)


def _regained(context: BotContext) -> dict[tuple[str, Any], object]:
    """The ratings a season's end changed (each rated one's uncertainty), as rows."""
    players = RATINGS.get(context.bot_data.global_data).players
    return {("rating", player): rating for player, rating in players.items() if rating.rated}


SEASON_BOARD = SeasonBoardShown(
    RATED_BOARD,
    words.season_heading,
    words.season_called,
    words.season_value,
    source=_ratings,
    end_rows=_regained,
)
"""The season's duel board: the rating of those with enough rated duels this season."""


GAME = Game(
    "duel",
    (Handlers(register), Handlers(rating_command.register)),
    restore=restore,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    opening=refusals.opening,
    kept=refusals.kept,
    help=help_lines,
    moved=moved,
    review=review.review,
    players=review.PLAYERS,
    profile=profile.profile,
    establishes=_established,
    season_boards=(SEASON_BOARD,),
    achievements=ACHIEVEMENTS,
)
