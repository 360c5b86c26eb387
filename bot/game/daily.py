"""The daily puzzle's rules for one player: the clock, one result a day, streaks, the share line."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(frozen=True)
class DailyResult:
    """A solved daily puzzle."""

    seconds: float
    misses: int


@dataclass
class DailyRecord:
    """One player's daily puzzles, by ISO date."""

    started: dict[str, float] = field(default_factory=dict)
    misses: dict[str, int] = field(default_factory=dict)
    results: dict[str, DailyResult] = field(default_factory=dict)
    attempt: str | None = None
    """The day whose clock the player last started (with /daily in private).  Answers are
    judged against that day's puzzle, the one the player saw, even after midnight; an
    answer without a running clock counts for nothing (it prevents a time of 0:00 for a
    puzzle read elsewhere first)."""

    def start(self, day: dt.date, now: float) -> bool:
        """Start the day's clock and make it the player's attempt; False if that clock was
        already started (it keeps its first start) or the day is solved."""
        key = day.isoformat()
        if key in self.results:
            return False
        self.attempt = key
        if key in self.started:
            return False
        self.started[key] = now
        return True

    def running(self) -> dt.date | None:
        """The day of the player's attempt while its clock runs (None: no clock runs)."""
        if self.attempt is None or self.attempt in self.results:
            return None
        return dt.date.fromisoformat(self.attempt)

    def result(self, day: dt.date) -> DailyResult | None:
        """The day's result, if solved."""
        return self.results.get(day.isoformat())

    def miss(self, day: dt.date) -> None:
        """A wrong answer to the day's puzzle."""
        key = day.isoformat()
        self.misses[key] = self.misses.get(key, 0) + 1

    def solve(self, day: dt.date, now: float) -> DailyResult:
        """Record the day's solution, timed from its clock's start (once: later calls return
        the first result); raises ``ValueError`` if the day's clock never started."""
        key = day.isoformat()
        if key not in self.results:
            if key not in self.started:
                raise ValueError(f"the clock of {key} never started")
            seconds = max(0.0, now - self.started[key])
            self.results[key] = DailyResult(seconds, self.misses.get(key, 0))
        return self.results[key]

    def streak(self, today: dt.date) -> int:
        """Days solved in a row up to today (or up to yesterday, if today is still open)."""
        day = today if self.result(today) else today - dt.timedelta(days=1)
        count = 0
        while self.result(day):
            count += 1
            day -= dt.timedelta(days=1)
        return count

    def best_streak(self) -> int:
        """The longest run of consecutive solved days."""
        best = run = 0
        previous: dt.date | None = None
        for key in sorted(self.results):
            day = dt.date.fromisoformat(key)
            run = run + 1 if previous is not None and day - previous == dt.timedelta(days=1) else 1
            best = max(best, run)
            previous = day
        return best


def clock_text(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def share_line(number: int, result: DailyResult, streak: int) -> str:
    """A result to share that gives nothing away: ``24点 Daily #123 ✅ 0:42 · 1 miss · 🔥5``."""
    misses = f"{result.misses} miss" + ("" if result.misses == 1 else "es")
    return f"24点 Daily #{number} ✅ {clock_text(result.seconds)} · {misses} · 🔥{streak}"


def post_time(text: str) -> dt.time:
    """A daily post's time of day from ``HH:MM`` (24-hour; ``9:00`` too); raises
    ``ValueError`` for anything else."""
    hour, minute = (int(part) for part in text.split(":"))
    return dt.time(hour, minute)
