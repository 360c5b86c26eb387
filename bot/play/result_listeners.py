"""The games' results, published once saved to the features that listen: a game calls
:func:`publish` before it tells a result, and adds the lines returned; a feature
registers a listener with :func:`listen` (docs/design-games.md, *Achievements*)."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from telegram.ext import Application

from bot.context import BotContext, Listener, services
from bot.rules.results import GameResult

logger = logging.getLogger(__name__)


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
