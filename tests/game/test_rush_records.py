"""Rush records: personal bests, the week's best and boards, saved as plain JSON values."""

from __future__ import annotations

import datetime as dt

from bot.rules.rush.best_runs import BOARD_SIZE, RunRecord, RushBoard, RushRecords, week_start
from bot.rules.rush.run import RunResult

WED = dt.date(2026, 11, 25)
SUN = dt.date(2026, 11, 29)
NEXT_MON = dt.date(2026, 11, 30)


def result(score: int, best: float | None = 3.0) -> RunResult:
    return RunResult(score, best, 120.0, score + 1, 0, False, 1)


def test_the_week_starts_on_monday() -> None:
    assert week_start(WED) == dt.date(2026, 11, 23)
    assert week_start(SUN) == dt.date(2026, 11, 23)
    assert week_start(NEXT_MON) == NEXT_MON


def test_a_first_run_with_a_point_is_a_personal_best() -> None:
    records = RushRecords()
    compared = records.add(result(5), WED)
    assert compared.previous is None
    assert compared.new_best


def test_a_lower_run_is_compared_with_the_best() -> None:
    records = RushRecords()
    records.add(result(7), WED)
    compared = records.add(result(5), WED)
    assert not compared.new_best
    assert compared.previous == RunRecord(7, 3.0, WED)
    assert records.runs == 2


def test_the_same_score_with_a_faster_hand_is_a_new_best() -> None:
    records = RushRecords()
    records.add(result(7, 3.0), WED)
    assert records.add(result(7, 2.5), WED).new_best


def test_the_weeks_best_starts_again_on_monday() -> None:
    records = RushRecords()
    records.add(result(9), SUN)
    records.add(result(2), NEXT_MON)
    assert records.this_week(NEXT_MON) == RunRecord(2, 3.0, NEXT_MON)
    assert records.best == RunRecord(9, 3.0, SUN)


def test_no_best_this_week_after_a_week_without_runs() -> None:
    records = RushRecords()
    records.add(result(9), WED)
    assert records.this_week(NEXT_MON) is None


def test_a_board_keeps_each_player_once_with_their_best() -> None:
    board = RushBoard()
    board.add(1, "Ann", result(5), WED)
    board.add(1, "Ann", result(8), WED)
    board.add(1, "Ann", result(6), WED)
    board.add(2, "Bob", result(7), WED)
    assert [(e.name, e.record.score) for e in board.all_time] == [("Ann", 8), ("Bob", 7)]


def test_a_board_keeps_the_best_ten() -> None:
    board = RushBoard()
    for user in range(BOARD_SIZE + 2):
        board.add(user, f"P{user}", result(user + 1), WED)
    assert len(board.all_time) == BOARD_SIZE
    assert board.all_time[0].record.score == BOARD_SIZE + 2


def test_a_boards_week_starts_again_on_monday() -> None:
    board = RushBoard()
    board.add(1, "Ann", result(9), SUN)
    board.add(2, "Bob", result(3), NEXT_MON)
    assert [e.name for e in board.this_week(NEXT_MON)] == ["Bob"]
    assert [e.name for e in board.all_time] == ["Ann", "Bob"]


def test_a_run_without_points_is_not_on_a_board() -> None:
    board = RushBoard()
    board.add(1, "Ann", result(0, None), WED)
    assert board.all_time == []


def too_fast(score: int) -> RunResult:
    return RunResult(score, 0.2, 120.0, score + 1, 0, False, 1, too_fast=True)


def test_a_run_too_fast_counts_among_the_players_runs_only() -> None:
    records = RushRecords()
    records.add(result(3), WED)
    compared = records.add(too_fast(90), WED)
    assert (records.runs, compared.new_best) == (2, False)
    assert records.best == RunRecord(3, 3.0, WED)
    assert records.this_week(WED) == RunRecord(3, 3.0, WED)


def test_a_run_too_fast_stays_off_the_board() -> None:
    board = RushBoard()
    board.add(1, "Ann", too_fast(90), WED)
    assert (board.all_time, board.this_week(WED)) == ([], [])
