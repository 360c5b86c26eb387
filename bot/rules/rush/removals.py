"""The owner's removals from Rush's boards (``/admin fairplay``): a run's code, the runs taken
off and put back where they rank, a player's own best runs marked, and the week's fastest
runs the owner looks through (the removal itself: :mod:`bot.rules.off_boards`)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import zlib

from bot.rules.off_boards import LISTED, Removal
from bot.rules.rush.best_runs import BoardEntry, RunRecord, RushBoard, RushRecords, place


def run_code(entry: BoardEntry) -> str:
    """A short, stable name for a run on a board (``r`` and five hex digits), for the host's
    ``/admin fairplay run CODE``: its player, day, score and times."""
    record = entry.record
    key = (entry.user_id, record.day.isoformat(), record.score, record.best_time)
    return f"r{zlib.crc32(repr((*key, record.hand_times)).encode()) & 0xFFFFF:05x}"


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


def put_runs_back(board: RushBoard, removal: Removal) -> None:
    """A removal's runs go back where they rank (a better run of the same player since
    keeps its place)."""
    for entry in removal.all_time:
        board.all_time = place(board.all_time, entry)
    for entry in removal.week:
        board.week = place(board.week, entry)


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
