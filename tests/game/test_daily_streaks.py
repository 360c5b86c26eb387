"""The daily puzzle's streaks: freezes earned, held and used on missed days, and the kept
streak as the rule worked out day by day."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records import part_from_record, part_record
from bot.rules.daily.puzzle import (
    DailyRecord,
    DailyResult,
)
from tests.game.daily_data import day, solved

# --- streak freezes ---------------------------------------------------------------------------


def test_seven_days_in_a_row_earn_a_freeze() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)))
    assert record.streak_on(day(6)).freezes == 1


def test_six_days_in_a_row_earn_no_freeze() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(6)))
    assert record.streak_on(day(5)).freezes == 0


def test_at_most_two_freezes_are_held() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(21)))
    assert record.streak_on(day(20)).freezes == 2


def test_a_missed_day_uses_a_freeze_and_the_streak_survives() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(8))
    assert record.streak(day(8)) == 8


def test_the_freeze_is_used_up_by_the_missed_day() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(8))
    assert record.streak_on(day(8)).freezes == 0


def test_the_day_a_freeze_covered_is_named() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(8))
    assert record.frozen_before(day(8)) == (day(7),)


def test_a_result_after_no_gap_names_no_freeze() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(8)))
    assert record.frozen_before(day(7)) == ()


def test_two_missed_days_with_one_freeze_end_the_streak() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(9))
    assert record.streak(day(9)) == 1


def test_two_freezes_cover_two_missed_days() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(14)), day(16))
    assert record.streak(day(16)) == 15


def test_today_still_open_uses_no_freeze() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)))
    assert record.streak_on(day(7)).freezes == 1


def test_a_streak_held_by_a_freeze_stands_while_today_is_open() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)))
    assert record.streak(day(8)) == 7  # day 7 missed, covered; day 8 still open


def test_the_best_streak_counts_across_a_freeze() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(8), day(9))
    assert record.best_streak() == 9


def test_results_kept_before_freezes_existed_earn_them() -> None:
    # A record as an earlier version wrote it: results only, no field about freezes.
    old = {"results": {day(n).isoformat(): {"seconds": 30.0, "misses": 0} for n in range(7)}}
    record = _daily_from(old)
    assert record.streak(day(8)) == 7


def test_a_freeze_used_before_the_streak_ended_is_not_named() -> None:
    # Day 7 used the freeze, day 8 had none: the streak ended, nothing "lives on".
    record = DailyRecord()
    solved(record, *(day(n) for n in range(7)), day(9))
    assert record.frozen_before(day(9)) == ()


def test_the_days_freezes_covered_are_named_for_the_result_after_them() -> None:
    record = DailyRecord()
    solved(record, *(day(n) for n in range(14)), day(16), day(17))
    assert record.frozen_before(day(16)) == (day(14), day(15))


def a_streak_day_by_day(days_solved: set[dt.date], today: dt.date) -> tuple[int, int, int]:
    """The rule as the issue words it, a day at a time: (current, best, freezes held)."""
    if not days_solved:
        return 0, 0, 0
    each, run, best, freezes = min(days_solved), 0, 0, 0
    while each <= today:
        if each in days_solved:
            run += 1
            best = max(best, run)
            if run % 7 == 0:
                freezes = min(2, freezes + 1)
        elif each < today:
            if freezes:
                freezes -= 1
            else:
                run = 0
        each += dt.timedelta(days=1)
    return run, best, freezes


@settings(max_examples=300, deadline=None)
@given(
    offsets=st.lists(st.integers(0, 60), max_size=40),
    asked=st.lists(st.integers(0, 70), min_size=1, max_size=6),
)
def test_the_kept_streak_is_the_rule_day_by_day(offsets: list[int], asked: list[int]) -> None:
    # Results added one by one, in any order, and the streak asked for between them, for any
    # day: the fold kept between calls gives what the rule gives worked out afresh.
    record = DailyRecord()
    days_solved: set[dt.date] = set()
    for n, offset in enumerate(offsets):
        solved(record, day(offset))
        days_solved.add(day(offset))
        today = day(asked[n % len(asked)])
        streak = record.streak_on(today)
        solved_so_far = {d for d in days_solved if d <= today}
        assert (streak.current, streak.best, streak.freezes) == a_streak_day_by_day(
            solved_so_far, today
        )


def test_a_streak_follows_results_replaced_as_a_whole() -> None:
    record = DailyRecord()
    solved(record, day(0), day(1))
    assert record.streak(day(1)) == 2
    record.results = {day(5).isoformat(): DailyResult(1.0, 0)}
    assert record.streak(day(5)) == 1


def test_the_worked_out_streak_is_not_saved() -> None:
    record = DailyRecord()
    solved(record, day(0), day(1))
    record.streak(day(1))
    assert "_fold" not in part_record(record)


def test_a_record_with_its_streak_worked_out_equals_one_without() -> None:
    record = DailyRecord()
    solved(record, day(0))
    record.streak(day(0))
    assert record == _daily_from(part_record(record))


def _daily_from(record: dict[str, Any]) -> DailyRecord:
    """A player's daily puzzles from their record."""
    return part_from_record(record, DailyRecord)
