"""Rush records: a player's personal best and best run this week (ISO weeks, UTC), and boards of
the best runs, each player once.  Only a counted, finished run becomes a record
(docs/games.md, *Rush: the rules*; docs/fair-play.md, *A person's pace*)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass, field

from bot.rules.rush.run import RunResult
from bot.rules.weeks import week_start as week_start

BOARD_SIZE = 10
"""Runs a board keeps for the week and for all time."""


@dataclass(frozen=True, slots=True)
class RunRecord:
    """A finished run as records keep it."""

    score: int
    best_time: float | None
    day: dt.date
    hand_times: tuple[float, ...] = ()
    """The seconds of each hand solved, to the tenth (none in records of earlier releases)."""
    off_boards: bool = False
    """Taken off every board by the host: the player's own still, shown as such."""

    @classmethod
    def of(cls, result: RunResult, day: dt.date, *, off_boards: bool = False) -> RunRecord:
        """The record of a run that ended on ``day`` (``off_boards``: its player's runs are
        kept off the boards)."""
        times = tuple(round(seconds, 1) for seconds in result.hand_times)
        return cls(result.score, result.best_time, day, times, off_boards)

    def beats(self, other: RunRecord | None) -> bool:
        """Whether this run ranks above ``other``: a higher score, or the same score with a
        faster best hand (an earlier run keeps its place in a full tie)."""
        if other is None:
            return True
        return self.rank_key() < other.rank_key()

    def rank_key(self) -> tuple[int, float]:
        """Sorts the best run first."""
        return (-self.score, self.best_time if self.best_time is not None else float("inf"))


@dataclass(frozen=True)
class PersonalBest:
    """How a run compares with the player's best before it."""

    previous: RunRecord | None
    """The personal best before this run (None: their first run)."""
    new_best: bool
    """The run beats it (a first run with a point is a best)."""


@dataclass(slots=True)
class RushRecords:
    """One player's Rush: runs played, the personal best, and the best run of the week."""

    runs: int = 0
    best: RunRecord | None = None
    week_best: RunRecord | None = None
    """The best run of the week it belongs to (see :meth:`this_week`)."""

    def add(self, result: RunResult, day: dt.date, *, off_boards: bool = False) -> PersonalBest:
        """Count a finished run that ended on ``day``; how it compares with the best before
        (a run too fast is only counted: it is nobody's best; ``off_boards``: the player is
        kept off the boards, and so is the run, theirs still)."""
        record = RunRecord.of(result, day, off_boards=off_boards)
        previous = self.best
        self.runs += 1
        if result.off_pace:
            return PersonalBest(previous, False)
        new_best = record.score > 0 and record.beats(previous)
        if new_best:
            self.best = record
        if self.this_week(day) is None or record.beats(self.week_best):
            self.week_best = record
        return PersonalBest(previous, new_best)

    def this_week(self, today: dt.date) -> RunRecord | None:
        """The best run of the week of ``today`` (None: no run this week)."""
        week = self.week_best
        if week is None or week_start(week.day) != week_start(today):
            return None
        return week

    def take_off_boards(self) -> None:
        """Mark the player's best runs as taken off the boards (they stay theirs)."""
        if self.best is not None:
            self.best = dataclasses.replace(self.best, off_boards=True)
        if self.week_best is not None:
            self.week_best = dataclasses.replace(self.week_best, off_boards=True)


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A player's best run on a board."""

    user_id: int
    name: str
    record: RunRecord


def place(entries: list[BoardEntry], entry: BoardEntry) -> list[BoardEntry]:
    """``entries`` with ``entry`` in, if it beats the player's own, best first, cut to size."""
    mine = next((e for e in entries if e.user_id == entry.user_id), None)
    if mine is not None and not entry.record.beats(mine.record):
        return [
            e if e.user_id != entry.user_id else BoardEntry(e.user_id, entry.name, e.record)
            for e in entries
        ]
    others = [e for e in entries if e.user_id != entry.user_id]
    others.append(entry)
    # sorted() is stable: an earlier run keeps its place in a full tie
    return sorted(others, key=lambda e: e.record.rank_key())[:BOARD_SIZE]


@dataclass(slots=True)
class RushBoard:
    """The best runs of many players (everywhere, or in one group): the week's and all time's."""

    all_time: list[BoardEntry] = field(default_factory=list)
    week: list[BoardEntry] = field(default_factory=list)
    """This week's best runs (from the week of their day; see :meth:`this_week`)."""

    def add(
        self, user_id: int, name: str, result: RunResult, day: dt.date, *, off_boards: bool = False
    ) -> None:
        """Put a run that ended on ``day`` on the board, where it ranks (one with no point,
        or too fast, or of a player kept ``off_boards``, stays off)."""
        entry = BoardEntry(user_id, name, RunRecord.of(result, day))
        if entry.record.score == 0 or result.off_pace or off_boards:
            return
        self.all_time = place(self.all_time, entry)
        self.week = place(self.this_week(day), entry)

    def this_week(self, today: dt.date) -> list[BoardEntry]:
        """The best runs of the week of ``today``, best first."""
        monday = week_start(today)
        return [e for e in self.week if week_start(e.record.day) == monday]

    def remove(self, user_id: int) -> bool:
        """Take the player's runs off the board; whether it held any."""
        kept = [e for e in self.all_time if e.user_id != user_id]
        week = [e for e in self.week if e.user_id != user_id]
        removed = len(kept) < len(self.all_time) or len(week) < len(self.week)
        self.all_time, self.week = kept, week
        return removed
