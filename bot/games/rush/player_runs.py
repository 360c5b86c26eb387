"""A player's Rush runs (the rules' :class:`~bot.rules.rush.best_runs.RushRecords`: how many,
the personal best, the week's best, in the chat and through the Telegram game alike): their
part of the user's data."""

from __future__ import annotations

from bot.rules.rush.best_runs import RushRecords
from bot.state import UserPart

RUSH_RECORDS = UserPart("rush", RushRecords)
"""A user's part: their Rush runs (none until their first run is counted)."""
