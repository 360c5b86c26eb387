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

from bot.context import services
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
from bot.games.challenges.sharing import RESULT_PREFIX, share_query, shared
from bot.services.answer_routes import Priority, Route
from bot.typed_handlers import for_messages

__all__ = ["register"]


def register(application: Application) -> None:
    """The challenge's inline query and chosen results, its Play link, its answers and
    /giveup; the plays open at the last stop are live again."""
    application.add_handler(InlineQueryHandler(share_query, pattern=r"^ch "))
    application.add_handler(ChosenInlineResultHandler(shared, pattern=f"^{RESULT_PREFIX}"))
    services(application).deep_links[LINK_PREFIX] = open_link
    application.add_handler(
        CommandHandler(
            ["giveup", "reveal", "stop"], for_messages(give_up), filters=on_challenge(application)
        )
    )
    services(application).answers.add(Route(Priority.CHALLENGE, claims, answer, waiting))
    restore(application)
