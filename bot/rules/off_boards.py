"""Players and runs the host took off every board (``/admin fairplay``), the removals that can
be put back, and the week's fastest results the host looks through (docs/operating.md,
*The owner's commands*; docs/fair-play.md)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import zlib
from dataclasses import dataclass, field

from bot.rules.duel.lobby import PastDuel
from bot.rules.hand_records import HandRecord, HandRecords
from bot.rules.rush.best_runs import (
    BoardEntry,
    RunRecord,
    RushBoard,
    RushRecords,
    place,
    week_start,
)

LISTED = 10
"""Results of each kind the host's review lists."""


@dataclass(slots=True)
class OffBoards:
    """The players taken off every board, with when (on the bot's clock)."""

    players: dict[int, float] = field(default_factory=dict)

    def __contains__(self, user_id: object) -> bool:
        return user_id in self.players

    def add(self, user_id: int, now: float) -> bool:
        """Take ``user_id`` off the boards from ``now``; False if they were already."""
        if user_id in self.players:
            return False
        self.players[user_id] = now
        return True

    def discard(self, user_id: int) -> None:
        """Put ``user_id`` back on the boards (an undone removal)."""
        self.players.pop(user_id, None)


def run_code(entry: BoardEntry) -> str:
    """A short, stable name for a run on a board (``r`` and five hex digits), for the host's
    ``/admin fairplay run CODE``: its player, day, score and times."""
    record = entry.record
    key = (entry.user_id, record.day.isoformat(), record.score, record.best_time)
    return f"r{zlib.crc32(repr((*key, record.hand_times)).encode()) & 0xFFFFF:05x}"


@dataclass(slots=True)
class Removal:
    """What one removal took off, to put back if the host undoes it."""

    user_id: int
    all_time: list[BoardEntry] = field(default_factory=list)
    week: list[BoardEntry] = field(default_factory=list)
    records: dict[str, HandRecord] = field(default_factory=dict)
    """The hands' records it cleared, as they were."""
    player: bool = False
    """It took the player off every board (not only runs)."""


def take_run(board: RushBoard, code: str) -> Removal | None:
    """Take the run named ``code`` off the board (all time and this week); None if no run
    on it has that name."""
    found = [e for e in (*board.all_time, *board.week) if run_code(e) == code]
    if not found:
        return None
    removal = Removal(found[0].user_id)
    removal.all_time = [e for e in board.all_time if run_code(e) == code]
    removal.week = [e for e in board.week if run_code(e) == code]
    board.all_time = [e for e in board.all_time if run_code(e) != code]
    board.week = [e for e in board.week if run_code(e) != code]
    return removal


def take_runs(board: RushBoard, user_id: int) -> Removal:
    """Take all of ``user_id``'s runs off the board."""
    removal = Removal(user_id)
    removal.all_time = [e for e in board.all_time if e.user_id == user_id]
    removal.week = [e for e in board.week if e.user_id == user_id]
    board.remove(user_id)
    return removal


def take_records(records: HandRecords, removal: Removal) -> list[str]:
    """Clear the hands' records the removal's player holds, kept in it; their keys."""
    for key, record in records.hands.items():
        if record.holder == removal.user_id:
            removal.records[key] = dataclasses.replace(record)
    return records.remove_holder(removal.user_id)


def put_back(board: RushBoard, records: HandRecords, removal: Removal) -> list[str]:
    """Undo a removal: its runs go back where they rank (a better run of the same player
    since keeps its place), and the hands' records it cleared come back unless someone set
    one since; the keys of the records put back."""
    put_runs_back(board, removal)
    return put_records_back(records, removal)


def put_runs_back(board: RushBoard, removal: Removal) -> None:
    """A removal's runs go back where they rank (a better run of the same player since
    keeps its place)."""
    for entry in removal.all_time:
        board.all_time = place(board.all_time, entry)
    for entry in removal.week:
        board.week = place(board.week, entry)


def put_records_back(records: HandRecords, removal: Removal) -> list[str]:
    """The hands' records a removal cleared come back unless someone set one since; the
    keys of the records put back."""
    back = []
    for key, record in removal.records.items():
        now = records.hands.get(key)
        if now is not None and now.holder is None:
            now.best, now.holder, now.source, now.day = (
                record.best,
                record.holder,
                record.source,
                record.day,
            )
            back.append(key)
    return back


def mark(own: RushRecords, runs: list[BoardEntry] | None, off: bool) -> None:
    """Mark a player's own best runs as off the boards (``off``) or back on: those of
    ``runs``, or all of them (None)."""

    def matches(record: RunRecord | None) -> bool:
        if record is None:
            return False
        same = dataclasses.replace(record, off_boards=False)
        return runs is None or any(e.record == same for e in runs)

    if matches(own.best):
        assert own.best is not None
        own.best = dataclasses.replace(own.best, off_boards=off)
    if matches(own.week_best):
        assert own.week_best is not None
        own.week_best = dataclasses.replace(own.week_best, off_boards=off)


def fastest_runs(board: RushBoard, today: dt.date) -> list[BoardEntry]:
    """The week's best Rush runs everywhere, best first."""
    return board.this_week(today)[:LISTED]


def fastest_duels(history: list[PastDuel], week_began: float) -> list[PastDuel]:
    """The duels finished since ``week_began`` (a time on the bot's clock) with a hand won,
    the one with the fastest won hand first."""

    def fastest(duel: PastDuel) -> float:
        return min(hand.seconds for hand in duel.hands if hand.winner is not None)

    won = [d for d in history if d.ended >= week_began and any(h.winner for h in d.hands)]
    return sorted(won, key=fastest)[:LISTED]


def fastest_records(records: HandRecords, today: dt.date) -> list[tuple[str, float, int]]:
    """The hands' records set this week (a week as :func:`week_start` counts it): (hand,
    time, holder), the fastest first."""
    monday = week_start(today)
    found = [
        (key, record.best, record.holder)
        for key, record in records.hands.items()
        if record.day is not None
        and week_start(record.day) == monday
        and record.best is not None
        and record.holder is not None
    ]
    return sorted(found, key=lambda row: row[1])[:LISTED]
