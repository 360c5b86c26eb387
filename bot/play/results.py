"""The games' results, published once saved to the features that listen (issue 39's game
events): a game calls :func:`publish` where it has saved a result, before it tells it, and
adds the lines returned to its message; a feature :func:`listen`\\ s at registration.  No
game knows who listens, and no listener knows a game: both know only
:mod:`bot.rules.results`.

A listener is called with the context, the chat where the game tells its result (None: the
game tells none there, as a Rush run on the game's page: the listener tells the player in
private if it has something to say) and the results; it returns HTML lines for that chat's
message, each already saved (a listener whose own save the disk refuses holds its news
itself: :mod:`bot.services.saving`).  A listener that fails is logged: the game's result is
told all the same.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence

from telegram.ext import Application

from bot.context import BotContext, services
from bot.rules.results import GameResult

logger = logging.getLogger(__name__)

Listener = Callable[[BotContext, int | None, Sequence[GameResult]], list[str]]
"""``listener(context, chat_id, results)`` → lines to add to the game's message there."""


def listen(application: Application, listener: Listener) -> None:
    """Have ``listener`` hear every game's results from now on."""
    services(application).result_listeners.append(listener)


def publish(context: BotContext, chat_id: int | None, results: Iterable[GameResult]) -> list[str]:
    """Tell the listeners ``results`` (saved already), told in ``chat_id``; the lines (HTML)
    to add to the game's message there, if any."""
    told = tuple(results)
    if not told:
        return []
    lines: list[str] = []
    for listener in context.bot_data.result_listeners:
        try:
            lines += listener(context, chat_id, told)
        except Exception:
            logger.exception("A listener of game results failed on %s", told)
    return lines
