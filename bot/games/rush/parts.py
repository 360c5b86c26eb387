"""The board of Rush runs across all chats: Rush's part of the bot's global data."""

from __future__ import annotations

from bot.rules.rush.best_runs import RushBoard
from bot.state import GlobalPart

RUSH_BOARD = GlobalPart("rush", RushBoard)
"""The global part: the best Rush runs everywhere, the week's and all time's (in the global
row, under ``rush``)."""
