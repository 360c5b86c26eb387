"""The daily puzzle's rules for one player: the clock, one result a day, streaks and their
freezes, the statistics.  The board of everyone's solve times is in
:mod:`bot.rules.daily.board`, the puzzle's days and times in :mod:`bot.rules.daily.days`
(both importable from here too)."""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.rules.achievements import HANDS, Achievements, declare_counting, declare_family

# Re-exported ("X as X"): the board and the calendar are importable from here as before.
from bot.rules.daily.board import DayBoard as DayBoard
from bot.rules.daily.board import Standing as Standing
from bot.rules.daily.days import NotInArchive as NotInArchive
from bot.rules.daily.days import clock_text as clock_text
from bot.rules.daily.days import find_zone as find_zone
from bot.rules.daily.days import last_post_at as last_post_at
from bot.rules.daily.days import next_puzzle_at as next_puzzle_at
from bot.rules.daily.days import past_day as past_day
from bot.rules.daily.days import post_time as post_time
from bot.rules.daily.days import until_next as until_next
from bot.rules.hand_records import declare_source
from bot.rules.pace import too_fast
from bot.rules.results import Solved

DAILY_GAME = "daily"
"""The daily puzzle's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
HAND_SOURCE = declare_source(DAILY_GAME, barred=True)
"""A daily puzzle's solves count for a hand's record, and bar it (its cards are known
before the clock)."""

FREEZE_EVERY = 7
"""Each run of this many days solved in a row earns one streak freeze."""
FREEZES_HELD = 2
"""The most freezes a player holds at once."""


@dataclass(frozen=True)
class Streak:
    """A player's streak as of a day, worked out from the days solved (nothing of it is
    stored, so the results kept before freezes existed count as they are)."""

    current: int = 0
    """Days solved in a row up to the day (or up to the day before, if the day is still open);
    days a freeze covered keep the streak but add nothing to it."""
    best: int = 0
    """The longest streak so far."""
    freezes: int = 0
    """Freezes held now."""
    frozen: tuple[dt.date, ...] = ()
    """Days missed that a freeze covered, oldest first."""


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A solved daily puzzle."""

    seconds: float
    misses: int
    too_fast: bool = False
    """Faster than a person's pace: in the player's history only (no board, no challenge)."""


@dataclass(slots=True)
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
    replaying: bool = False
    """Whether the attempt is a past puzzle played from the archive (its clock, misses and
    result are the ``replay_…`` ones, which no streak, board or statistic counts)."""
    replay_started: dict[str, float] = field(default_factory=dict)
    replay_misses: dict[str, int] = field(default_factory=dict)
    replays: dict[str, DailyResult] = field(default_factory=dict)
    """Past puzzles solved from the archive, by ISO date."""
    gave_up: list[str] = field(default_factory=list)
    """Days (ISO) whose live attempt the player gave up: no result may follow."""
    remind_at: str | None = None
    """``HH:MM`` at which to remind the player of a puzzle not yet solved (None: never)."""
    remind_zone: str | None = None
    """The IANA time zone of ``remind_at`` (None: the bot's)."""
    reminded: str | None = None
    """The last day (ISO) the player was reminded: never more than once a day."""
    # Not saved: the streak is worked out again from the days solved.
    _fold: _Fold | None = field(default=None, compare=False, repr=False, metadata={"saved": False})
    """The streak worked out so far (see :meth:`streak_on`; not saved)."""

    def reminder_due(self, today: dt.date) -> bool:
        """Whether to remind the player now: a reminder is set, today's puzzle is not solved,
        and no reminder went out today."""
        return (
            self.remind_at is not None
            and self.result(today) is None
            and self.reminded != today.isoformat()
        )

    def start(self, day: dt.date, now: float) -> bool:
        """Start the day's clock and make it the player's attempt; False if that clock was
        already started (it keeps its first start) or the day is solved."""
        key = day.isoformat()
        if key in self.results or key in self.gave_up:
            return False
        self.attempt, self.replaying = key, False
        if key in self.started:
            return False
        self.started[key] = now
        return True

    def shown(self, day: dt.date, since: float, now: float) -> None:
        """The day's puzzle, whose clock an opening started at ``since``, reached the player:
        its clock starts at ``now`` instead (the wait for the message is not the player's,
        as in every timed game: :meth:`bot.rules.live_game.LiveGame.show`).  Nothing if the day was
        solved or given up meanwhile, or its clock was started otherwise (an earlier start
        stands: opening the puzzle again never turns the clock back)."""
        key = day.isoformat()
        if key in self.results or key in self.gave_up or self.started.get(key) != since:
            return
        self.started[key] = max(since, now)

    def unseen(self, day: dt.date, since: float) -> None:
        """The day's puzzle, whose clock an opening started at ``since``, never reached the
        player (Telegram refused it, or the network was down): that clock is undone and the
        attempt closed, so that the next opening starts afresh.  Nothing if the clock was
        started otherwise, or the day was solved or given up meanwhile."""
        key = day.isoformat()
        if key in self.results or key in self.gave_up or self.started.get(key) != since:
            return
        del self.started[key]
        if self.attempt == key and not self.replaying:
            self.attempt = None

    def start_replay(self, day: dt.date, now: float) -> bool:
        """Start a past day's puzzle from the archive, with a clock of its own, and make it
        the attempt; False if it was solved already (live or from the archive)."""
        key = day.isoformat()
        if key in self.results or key in self.replays:
            return False
        self.attempt, self.replaying = key, True
        self.replay_started.setdefault(key, now)
        return True

    def running(self) -> dt.date | None:
        """The day of the player's attempt while its clock runs (None: no clock runs)."""
        solved = self.replays if self.replaying else self.results
        if self.attempt is None or self.attempt in solved:
            return None
        return dt.date.fromisoformat(self.attempt)

    def still_open(self, today: dt.date) -> dt.date | None:
        """Yesterday, if its clock was started (its puzzle shown before midnight) and it is
        not solved while today's live clock runs: an answer to it still counts after the
        player opened today's puzzle (None otherwise: never an older day, which would fill a
        gap of a broken streak)."""
        yesterday = today - dt.timedelta(days=1)
        key = yesterday.isoformat()
        if self.running() != today or self.replaying:
            return None
        if key in self.started and key not in self.results and key not in self.replay_started:
            return yesterday  # (a day taken up from the archive since was left live)
        return None

    def played(self, day: dt.date) -> DailyResult | None:
        """The day's result, live or from the archive."""
        key = day.isoformat()
        return self.results.get(key) or self.replays.get(key)

    def archive(self, today: dt.date, days: int = 7) -> list[tuple[dt.date, DailyResult | None]]:
        """The ``days`` days before today with the player's result of each (None: missed),
        the missed ones first, each part newest first."""
        listed = [(today - dt.timedelta(days=n), None) for n in range(1, days + 1)]
        with_results = [(day, self.played(day)) for day, _none in listed]
        return [row for row in with_results if row[1] is None] + [
            row for row in with_results if row[1] is not None
        ]

    def result(self, day: dt.date) -> DailyResult | None:
        """The day's result, if solved."""
        return self.results.get(day.isoformat())

    def miss(self, day: dt.date) -> None:
        """A wrong answer to the day's puzzle."""
        key = day.isoformat()
        misses = self.replay_misses if self._replay(key) else self.misses
        misses[key] = misses.get(key, 0) + 1

    def _replay(self, key: str) -> bool:
        return self.replaying and self.attempt == key

    def solve(self, day: dt.date, now: float, *, floor: float = 0.0) -> DailyResult:
        """Record the day's solution, timed from its clock's start (once: later calls return
        the first result), too fast under ``floor`` (the puzzle's, :func:`bot.rules.pace.
        floor_of`); raises ``ValueError`` if the day's clock never started."""
        key = day.isoformat()
        replay = self._replay(key)
        results = self.replays if replay else self.results
        started = self.replay_started if replay else self.started
        if key not in results:
            if key not in started:
                raise ValueError(f"the clock of {key} never started")
            seconds = max(0.0, now - started[key])
            misses = (self.replay_misses if replay else self.misses).get(key, 0)
            results[key] = DailyResult(seconds, misses, too_fast(seconds, floor))
        return results[key]

    def streak_on(self, today: dt.date) -> Streak:
        """The streak as of ``today``: every seventh day solved in a row earns a freeze (at
        most :data:`FREEZES_HELD` held); a day before today missed uses one if one is held,
        and the streak survives it, else the streak ends.  Today still open changes nothing.

        The days solved are folded once, and the fold is kept (not saved) and carried on by
        each new result, so that a call costs the same for a player of three years as for a
        new one (a group's ``/daily top`` asks it of every member)."""
        fold = self._folded()
        if fold is None:
            return Streak()
        if today.toordinal() < fold.last:  # a day before the last result: folded apart
            fold = _fold_days(day for day in sorted(self.results) if day <= today.isoformat())
            if fold is None:
                return Streak()
        run, freezes, frozen = fold.run, fold.freezes, fold.frozen
        missed = today.toordinal() - fold.last - 1  # the days between, today left out
        if missed > 0:
            used = min(freezes, missed)
            frozen = frozen + [dt.date.fromordinal(fold.last + 1 + n) for n in range(used)]
            freezes -= used
            if missed > used:
                run = 0
        return Streak(run, fold.best, freezes, tuple(frozen))

    def _folded(self) -> _Fold | None:
        """The fold of every result (None: none), kept up to date with the results."""
        results = self.results
        if not results:
            return None
        fold = self._fold
        newest = next(reversed(results))  # the latest result added (dicts keep their order)
        if fold is not None and fold.results is results:
            if fold.count == len(results) and fold.newest == newest:
                return fold
            ordinal = dt.date.fromisoformat(newest).toordinal()
            if fold.count == len(results) - 1 and ordinal > fold.last:
                fold.add(ordinal)  # the usual case: one more day solved, after the others
                fold.count, fold.newest = len(results), newest
                return fold
        fold = self._fold = _fold_days(sorted(results))
        assert fold is not None
        fold.results, fold.count, fold.newest = results, len(results), newest
        return fold

    def streak(self, today: dt.date) -> int:
        """Days solved in a row up to today (or up to yesterday, if today is still open),
        freezes included (see :meth:`streak_on`)."""
        return self.streak_on(today).current

    def best_streak(self, today: dt.date | None = None) -> int:
        """The longest streak up to ``today`` (by default, up to the last day solved)."""
        if today is None:
            if not self.results:
                return 0
            today = dt.date.fromisoformat(max(self.results))
        return self.streak_on(today).best

    def week(self, today: dt.date) -> tuple[int, float]:
        """Days solved this week (Monday to today, live results only) and their total time."""
        monday = today - dt.timedelta(days=today.weekday())
        days = [monday + dt.timedelta(days=n) for n in range((today - monday).days + 1)]
        found = [r for r in (self.result(d) for d in days) if r is not None and not r.too_fast]
        return len(found), sum(r.seconds for r in found)

    def frozen_before(self, day: dt.date) -> tuple[dt.date, ...]:
        """The days a freeze covered just before the result of ``day``, if the streak lived
        through them (what that result says was saved): none if the freezes held ran out
        before the result, as the streak ended then, or if ``day`` is not solved."""
        if self.result(day) is None:
            return ()
        fold = self._folded()
        if fold is None or fold.last != day.toordinal():
            fold = _fold_days(key for key in sorted(self.results) if key <= day.isoformat())
        return fold.covered if fold is not None else ()


@dataclass(slots=True)
class _Fold:
    """A player's streak through their last day solved, worked out from the days solved
    (a cache of :meth:`DailyRecord.streak_on`: never saved)."""

    last: int
    """The last day solved (its ordinal)."""
    run: int = 0
    best: int = 0
    freezes: int = 0
    frozen: list[dt.date] = field(default_factory=list)
    covered: tuple[dt.date, ...] = ()
    """The days a freeze covered just before the last day solved, if the streak lived."""
    results: dict[str, DailyResult] | None = None
    """The results folded (the dict itself), how many, and the latest added: the fold is
    carried on when one more is added, and made again if the results changed otherwise."""
    count: int = 0
    newest: str = ""

    def add(self, ordinal: int) -> None:
        """Fold one more day solved, after :attr:`last`: the days missed in between use the
        freezes held, one each; more missed days than freezes end the streak."""
        missed = ordinal - self.last - 1
        self.covered = ()
        if missed:
            used = min(self.freezes, missed)
            covered = tuple(dt.date.fromordinal(self.last + 1 + n) for n in range(used))
            self.frozen += covered
            self.freezes -= used
            if missed > used:
                self.run = 0
            else:
                self.covered = covered
        self.last = ordinal
        self.run += 1
        if self.run > self.best:
            self.best = self.run
        if self.run % FREEZE_EVERY == 0 and self.freezes < FREEZES_HELD:
            self.freezes += 1


def _fold_days(days: Iterable[str]) -> _Fold | None:
    """The fold of days solved (ISO dates, in order); None for none."""
    ordinals = [dt.date.fromisoformat(key).toordinal() for key in days]
    if not ordinals:
        return None
    fold = _Fold(last=ordinals[0] - 1)
    for ordinal in ordinals:
        fold.add(ordinal)
    return fold


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
    if solved_today is None and today.isoformat() not in record.gave_up:
        # Today's puzzle, started and still open, is no day lost yet ("solved: 50 %" just
        # after /daily on a player's second day); given up, it is a day played, not solved.
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


@dataclass(frozen=True, slots=True, kw_only=True)
class DailySolved(Solved):
    """The daily puzzle solved live, and the streak it makes."""

    game: str = DAILY_GAME
    streak: int = 0


STREAK = declare_family("streak", (7, 30, 100, 365), position=10)
"""The daily puzzle solved so many days in a row (the first family of achievements)."""


def _solved(achievements: Achievements, result: DailySolved, now: float) -> None:
    """A daily puzzle solved: a hand, the streak at its best, the time (hinted or not)."""
    achievements.add(HANDS)
    achievements.best(STREAK, result.streak)
    achievements.solved(result.seconds)


declare_counting(DailySolved, _solved)
