"""The daily puzzle's replays and archive, the group's week, reminders and time zones."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.rules.daily.puzzle import (
    DailyRecord,
    DailyResult,
    NotInArchive,
    find_zone,
    next_puzzle_at,
    past_day,
    stats_of,
)
from solver import daily_number
from tests.game.daily_data import D, day, solved

# --- the archive ------------------------------------------------------------------------------


def replayed(record: DailyRecord, when: dt.date, seconds: float) -> None:
    record.start_replay(when, 0.0)
    record.solve(when, seconds)


def test_a_replay_is_timed_from_its_own_clock() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)  # the live clock of that day started long before
    record.start_replay(day(0), 500.0)
    assert record.solve(day(0), 542.0).seconds == 42.0


def test_a_replay_result_is_kept() -> None:
    record = DailyRecord()
    replayed(record, day(0), 42.0)
    assert record.played(day(0)) == DailyResult(42.0, 0)


def test_a_replay_touches_no_streak() -> None:
    record = DailyRecord()
    solved(record, day(0), day(2))
    replayed(record, day(1), 42.0)
    assert record.streak(day(2)) == 1


def test_a_replay_is_no_live_result() -> None:
    record = DailyRecord()
    replayed(record, day(1), 42.0)
    assert record.result(day(1)) is None


def test_a_replays_misses_are_its_own() -> None:
    record = DailyRecord()
    record.start_replay(day(0), 0.0)
    record.miss(day(0))
    assert record.misses == {}


def test_a_replay_counts_its_misses() -> None:
    record = DailyRecord()
    record.start_replay(day(0), 0.0)
    record.miss(day(0))
    assert record.solve(day(0), 1.0).misses == 1


def test_a_replay_is_not_in_the_stats() -> None:
    record = DailyRecord()
    replayed(record, day(0), 42.0)
    assert stats_of(record, day(1)).played == 0


def test_a_day_solved_live_cannot_be_replayed() -> None:
    record = DailyRecord()
    solved(record, day(0))
    assert not record.start_replay(day(0), 100.0)


def test_starting_today_after_a_replay_is_live_again() -> None:
    record = DailyRecord()
    record.start_replay(day(0), 0.0)
    record.start(day(1), 0.0)
    record.solve(day(1), 5.0)
    assert record.streak(day(1)) == 1


def test_the_archive_lists_seven_days_missed_first() -> None:
    record = DailyRecord()
    solved(record, day(1), day(3))
    replayed(record, day(5), 42.0)
    listed = [(when, result is not None) for when, result in record.archive(day(8))]
    assert listed == [
        (day(7), False),
        (day(6), False),
        (day(4), False),
        (day(2), False),
        (day(5), True),
        (day(3), True),
        (day(1), True),
    ]


def test_a_past_day_by_date() -> None:
    assert past_day("2026-11-01", D) == dt.date(2026, 11, 1)


def test_a_past_day_by_number() -> None:
    assert past_day("#300", D) == dt.date(2026, 10, 27)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("2026-11-21", "to_come"),
        ("#1000", "to_come"),
        ("#99999999", "to_come"),  # past the last date Python has
        ("#" + "9" * 4000, "to_come"),
        ("9999-12-31", "to_come"),
        ("2025-12-31", "before_first"),
        ("#0", "before_first"),
        ("#-1", "before_first"),
        ("#-99999999", "before_first"),
        ("0001-01-01", "before_first"),
        ("yesterday", "unreadable"),
        ("#x", "unreadable"),
        ("#", "unreadable"),
        ("#" + "9" * 5000, "unreadable"),  # more digits than Python reads
        ("2026-02-30", "unreadable"),
    ],
)
def test_no_future_day_nor_one_before_daily_1_nor_nonsense(text: str, why: str) -> None:
    with pytest.raises(NotInArchive) as refused:
        past_day(text, D)
    assert refused.value.why == why


def test_today_is_the_last_day_asked_for() -> None:
    assert past_day(f"#{daily_number(D)}", D) == D


def test_daily_1_is_the_first_day_asked_for() -> None:
    assert past_day("#1", D) == dt.date(2026, 1, 1)


# --- the group's week -------------------------------------------------------------------------


def test_a_week_counts_from_monday() -> None:
    record = DailyRecord()
    solved(record, dt.date(2026, 11, 22), dt.date(2026, 11, 23), dt.date(2026, 11, 24))
    assert record.week(dt.date(2026, 11, 25)) == (2, 20.0)  # Sunday the 22nd was last week


def test_a_replay_is_not_in_the_week() -> None:
    record = DailyRecord()
    replayed(record, dt.date(2026, 11, 23), 42.0)
    assert record.week(dt.date(2026, 11, 25)) == (0, 0.0)


# --- reminders --------------------------------------------------------------------------------


def test_no_reminder_unless_asked() -> None:
    assert not DailyRecord().reminder_due(D)


def test_a_reminder_is_due_on_a_day_not_yet_solved() -> None:
    assert DailyRecord(remind_at="20:00").reminder_due(D)


def test_no_reminder_once_the_day_is_solved() -> None:
    record = DailyRecord(remind_at="20:00")
    solved(record, D)
    assert not record.reminder_due(D)


def test_no_second_reminder_the_same_day() -> None:
    assert not DailyRecord(remind_at="20:00", reminded=D.isoformat()).reminder_due(D)


def test_a_reminder_is_due_again_the_next_day() -> None:
    assert DailyRecord(remind_at="20:00", reminded=D.isoformat()).reminder_due(day(1))


def test_a_replay_of_today_does_not_stop_the_reminder() -> None:
    record = DailyRecord(remind_at="20:00")
    replayed(record, day(-1), 10.0)
    assert record.reminder_due(D)


# --- time zones -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Asia/Shanghai", "Asia/Shanghai"),
        ("asia/shanghai", "Asia/Shanghai"),
        ("america/new_york", "America/New_York"),
        ("utc", "UTC"),
    ],
)
def test_a_time_zone_in_any_case(name: str, key: str) -> None:
    zone = find_zone(name)
    assert zone is not None and zone.key == key


@pytest.mark.parametrize(
    "name", ["Mars/Olympus", "UTC+8", "/etc/passwd", "..", "", "x" * 5000, "a\x00b", "zone.tab"]
)
def test_no_time_zone_of_that_name(name: str) -> None:
    assert find_zone(name) is None


def test_the_next_puzzle_in_another_zone() -> None:
    now = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)
    shanghai = next_puzzle_at(now).astimezone(ZoneInfo("Asia/Shanghai"))
    assert shanghai == dt.datetime(2026, 11, 21, 8, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
