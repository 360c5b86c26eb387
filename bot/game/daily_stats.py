"""The daily puzzle in numbers: a player's statistics (:func:`stats_of`, the solve-time
chart's bars) and where a solve time stands among the day's solvers (:class:`DayBoard`)."""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass

from bot.game.daily import DailyRecord, Streak

TIME_BUCKETS = (30.0, 60.0, 120.0, 300.0, 600.0)
"""The upper bounds (seconds) of the solve-time chart's bars; the last bar is everything
slower: under 0:30, 0:30–1:00, 1:00–2:00, 2:00–5:00, 5:00–10:00, 10:00 and more."""


def bucket_of(seconds: float) -> int:
    """The bar of :data:`TIME_BUCKETS` a solve time falls in (0 to its length)."""
    return bisect.bisect_right(TIME_BUCKETS, seconds)


@dataclass(frozen=True)
class DailyStats:
    """A player's daily puzzles in numbers (the archive's replays are not counted)."""

    played: int
    """Days whose clock the player started (solved or not; today's once solved)."""
    solved: int
    streak: Streak
    best_time: float | None
    median_time: float | None
    misses_per_day: float
    """Wrong answers per day played."""
    bars: tuple[int, ...]
    """Solve times per bar of :data:`TIME_BUCKETS`."""
    today_bar: int | None
    """The bar of today's time, if today is solved."""

    @property
    def solved_share(self) -> float:
        """Days solved of days played (0 to 1; 0 when none was played)."""
        return self.solved / self.played if self.played else 0.0


def median(values: list[float]) -> float | None:
    """The median (None for no values)."""
    ordered = sorted(values)
    if not ordered:
        return None
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def stats_of(record: DailyRecord, today: dt.date) -> DailyStats:
    """The player's statistics as of ``today``."""
    played = set(record.started) | set(record.results)
    solved_today = record.result(today)
    if solved_today is None:
        # Today's puzzle, started and still open, is no day lost yet ("solved: 50 %" just
        # after /daily on a player's second day).
        played.discard(today.isoformat())
    times = [result.seconds for result in record.results.values()]
    bars = [0] * (len(TIME_BUCKETS) + 1)
    for seconds in times:
        bars[bucket_of(seconds)] += 1
    misses = sum(record.misses.get(key, 0) for key in played)
    return DailyStats(
        played=len(played),
        solved=len(record.results),
        streak=record.streak_on(today),
        best_time=min(times) if times else None,
        median_time=median(times),
        misses_per_day=misses / len(played) if played else 0.0,
        bars=tuple(bars),
        today_bar=None if solved_today is None else bucket_of(solved_today.seconds),
    )


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
