"""The daily puzzle's statistics, the day's board (standings and percentiles) and when the next
puzzle comes."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.rules.daily.puzzle import (
    DailyRecord,
    DayBoard,
    Standing,
    bucket_of,
    median,
    stats_of,
    until_next,
)
from tests.game.daily_data import D, day

# --- statistics -------------------------------------------------------------------------------


def played(record: DailyRecord, when: dt.date, seconds: float | None, misses: int = 0) -> None:
    record.start(when, 0.0)
    for _ in range(misses):
        record.miss(when)
    if seconds is not None:
        record.solve(when, seconds)


def a_record() -> DailyRecord:
    record = DailyRecord()
    played(record, day(0), 20.0, misses=2)
    played(record, day(1), 90.0)
    played(record, day(2), None, misses=1)  # started, never solved
    played(record, day(3), 700.0)
    return record


def test_stats_count_the_days_played() -> None:
    assert stats_of(a_record(), day(3)).played == 4


def test_stats_count_the_days_solved() -> None:
    assert stats_of(a_record(), day(3)).solved_share == 0.75


def test_stats_give_the_best_time() -> None:
    assert stats_of(a_record(), day(3)).best_time == 20.0


def test_stats_give_the_median_time() -> None:
    assert stats_of(a_record(), day(3)).median_time == 90.0


def test_stats_give_the_misses_per_day_played() -> None:
    assert stats_of(a_record(), day(3)).misses_per_day == 0.75


def test_stats_count_solve_times_per_bar() -> None:
    assert stats_of(a_record(), day(3)).bars == (1, 0, 1, 0, 0, 1)


def test_stats_mark_todays_bar() -> None:
    assert stats_of(a_record(), day(3)).today_bar == 5


def test_stats_mark_no_bar_while_today_is_open() -> None:
    assert stats_of(a_record(), day(4)).today_bar is None


def test_todays_open_puzzle_is_not_counted_as_played() -> None:
    record = a_record()
    played(record, day(4), None, misses=3)  # started today, still open
    assert stats_of(record, day(4)).played == 4


def test_todays_open_puzzle_adds_no_misses_per_day() -> None:
    record = a_record()
    played(record, day(4), None, misses=3)
    assert stats_of(record, day(4)).misses_per_day == 0.75


def test_todays_puzzle_once_solved_is_counted_as_played() -> None:
    record = a_record()
    played(record, day(4), 30.0)
    assert stats_of(record, day(4)).played == 5


def test_stats_of_nothing_played() -> None:
    assert stats_of(DailyRecord(), D).solved_share == 0.0


def test_the_median_of_an_even_count_is_the_mean_of_the_middle_two() -> None:
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5


@pytest.mark.parametrize(
    ("seconds", "bar"), [(0.0, 0), (29.9, 0), (30.0, 1), (119.0, 2), (300.0, 4), (9999.0, 5)]
)
def test_a_time_falls_in_its_bar(seconds: float, bar: int) -> None:
    assert bucket_of(seconds) == bar


# --- everyone's day ---------------------------------------------------------------------------


def board_of(*times: float, when: dt.date = D) -> DayBoard:
    board = DayBoard()
    for seconds in times:
        board.add(when, seconds)
    return board


def test_the_first_solver_has_no_percentile() -> None:
    assert DayBoard().add(D, 30.0) == Standing(1, None)


def test_a_standing_counts_the_days_solvers() -> None:
    assert board_of(10.0, 20.0, 30.0).add(D, 25.0).solvers == 4


def test_a_standing_is_the_share_of_others_slower() -> None:
    assert board_of(10.0, 20.0, 30.0, 40.0).add(D, 25.0).faster_than == 50


def test_the_fastest_is_faster_than_everyone() -> None:
    assert board_of(10.0, 20.0).add(D, 5.0).faster_than == 100


def test_a_tie_is_not_slower() -> None:
    assert board_of(10.0).add(D, 10.0).faster_than == 0


def test_days_are_apart() -> None:
    assert board_of(10.0, 20.0, when=day(1)).solvers(D) == 0


def test_the_board_keeps_two_days() -> None:
    board = board_of(10.0)
    board.add(day(1), 10.0)
    board.add(day(2), 10.0)
    assert board.solvers(D) == 0


def test_the_next_puzzle_comes_at_midnight() -> None:
    now = dt.datetime(2026, 11, 23, 22, 30, tzinfo=dt.UTC)
    assert until_next(now) == dt.timedelta(hours=1, minutes=30)


def test_the_next_puzzle_counts_a_change_of_the_clocks() -> None:
    # 2026-10-25: Europe/Berlin goes from summer time back to winter time at 03:00.
    now = dt.datetime(2026, 10, 24, 23, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert until_next(now) == dt.timedelta(hours=1)


def test_the_day_after_the_change_has_25_hours() -> None:
    now = dt.datetime(2026, 10, 25, 0, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert until_next(now) == dt.timedelta(hours=25)
