"""The board of the latest days' daily solve times, every player's across all chats: where a
time stands among a day's solvers, at the cost of a binary search."""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    """Where a solve time stands among a day's solvers, across all chats."""

    solvers: int
    """How many solved the day's puzzle (the player included)."""
    faster_than: int | None
    """The share of the other solvers who were slower, in whole percent (None: nobody else)."""


class DayBoard:
    """Every player's solve time of the latest days' puzzles, sorted, so that a player's
    standing costs a binary search, not a look at every player.  Only live results go in (the
    archive's replays never do); a board is rebuilt from the kept results at start-up."""

    DAYS_KEPT = 2
    """Today's and yesterday's (an attempt started before midnight may end after it)."""

    def __init__(self) -> None:
        self._times: dict[dt.date, list[float]] = {}

    def add(self, day: dt.date, seconds: float) -> Standing:
        """Count a solve of the day's puzzle; returns its standing."""
        times = self._times.setdefault(day, [])
        bisect.insort(times, seconds)
        for old in sorted(self._times)[: -self.DAYS_KEPT]:
            del self._times[old]
        return self.standing(day, seconds)

    def standing(self, day: dt.date, seconds: float) -> Standing:
        """Where ``seconds`` (a time already added) stands among the day's solvers."""
        times = self._times.get(day, [])
        if len(times) < 2:
            return Standing(len(times), None)
        slower = len(times) - bisect.bisect_right(times, seconds)
        return Standing(len(times), 100 * slower // (len(times) - 1))

    def solvers(self, day: dt.date) -> int:
        """How many solved the day's puzzle."""
        return len(self._times.get(day, []))
