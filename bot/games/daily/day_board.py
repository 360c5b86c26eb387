"""Every player's solve time of the latest daily puzzles, sorted (in memory, rebuilt at
start-up: :func:`bot.games.daily.attempt.rebuild_board`), and its line of the owner's
``/admin``."""

from __future__ import annotations

import weakref

from telegram.ext import Application

from bot.context import BotContext
from bot.rules.daily.board import DayBoard

_BOARDS: weakref.WeakKeyDictionary[Application, DayBoard] = weakref.WeakKeyDictionary()


def board_of(application: Application) -> DayBoard:
    """The application's board of the latest days' solve times."""
    found = _BOARDS.get(application)
    if found is None:
        found = _BOARDS[application] = DayBoard()
    return found


def overview(context: BotContext) -> tuple[str, ...]:
    """The owner's overview's line: how many solved today's puzzle."""
    solved = board_of(context.application).solvers(context.bot_data.local_now().date())
    return (context._("Daily puzzle solved today: {count}").format(count=solved),)
