"""When a daily attempt closes, and giving one up (bot.rules.daily.attempts), with fixed times."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from bot.records import part_from_record, part_record
from bot.rules.daily.attempts import (
    GRACE,
    closed,
    closed_attempt,
    give_up,
    kept_from_deals,
    may_answer,
    open_to_anyone,
    still_open,
    take_up_today,
    unspoiled_days,
)
from bot.rules.daily.puzzle import DailyRecord

SHANGHAI = ZoneInfo("Asia/Shanghai")
D = dt.date(2026, 11, 20)


def at(day: dt.date, hour: int, minute: int = 0, second: int = 0) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=SHANGHAI)


NEXT = D + dt.timedelta(days=1)


def test_an_attempt_closes_at_its_days_end_plus_the_grace() -> None:
    assert dt.timedelta(minutes=5) == GRACE
    assert not closed(D, at(NEXT, 0, 4, 59))
    assert closed(D, at(NEXT, 0, 5))


def test_a_running_attempt_is_closed_after_its_day() -> None:
    record = DailyRecord()
    record.start(D, at(D, 23, 59, 30).timestamp())
    assert closed_attempt(record, at(NEXT, 0, 1)) is None
    assert closed_attempt(record, at(NEXT + dt.timedelta(days=1), 12)) == D


def test_an_archive_attempt_never_closes() -> None:
    record = DailyRecord()
    record.start_replay(D, at(D + dt.timedelta(days=3), 12).timestamp())
    assert closed_attempt(record, at(D + dt.timedelta(days=30), 12)) is None


def test_yesterday_stays_open_beside_today_only_until_the_grace_ends() -> None:
    record = DailyRecord()
    record.start(D, at(D, 23, 58).timestamp())
    record.start(NEXT, at(NEXT, 0, 1).timestamp())
    assert still_open(record, at(NEXT, 0, 2)) == D
    assert may_answer(record, D, at(NEXT, 0, 2))
    assert still_open(record, at(NEXT, 0, 6)) is None
    assert not may_answer(record, D, at(NEXT, 0, 6))


def test_the_days_kept_from_a_player() -> None:
    record = DailyRecord()
    assert unspoiled_days(record, at(NEXT, 12)) == [NEXT]
    record.start(D, at(D, 23, 58).timestamp())
    assert unspoiled_days(record, at(NEXT, 0, 2)) == [NEXT, D]
    assert unspoiled_days(record, at(NEXT, 0, 6)) == [NEXT]
    assert open_to_anyone(at(NEXT, 0, 2)) == [NEXT, D]
    assert open_to_anyone(at(NEXT, 0, 6)) == [NEXT]


def test_giving_up_today_is_a_day_missed_that_stays_so() -> None:
    record = DailyRecord()
    record.start(D, at(D, 12).timestamp())
    given = give_up(record, at(D, 12, 1))
    assert given is not None and (given.day, given.replay) == (D, False)
    assert record.running() is None
    assert not record.start(D, at(D, 12, 2).timestamp())  # not opened again
    assert not may_answer(record, D, at(D, 12, 3))
    assert unspoiled_days(record, at(D, 12, 3)) == []
    assert _daily_from(part_record(record)).gave_up == [D.isoformat()]


def test_a_closed_attempt_cannot_be_given_up() -> None:
    record = DailyRecord()
    record.start(D, at(D, 12).timestamp())
    assert give_up(record, at(NEXT, 12)) is None


def test_no_deal_holds_the_puzzle_of_yesterday_today_or_tomorrow() -> None:
    assert kept_from_deals(at(D, 12)) == [D - dt.timedelta(days=1), D, NEXT]


def test_the_days_kept_from_deals_turn_at_midnight_in_the_daily_time_zone() -> None:
    # 16:30 UTC on the 20th is already the 21st in Shanghai.
    late = dt.datetime(2026, 11, 20, 16, 30, tzinfo=dt.UTC).astimezone(SHANGHAI)
    assert kept_from_deals(late) == [D, NEXT, NEXT + dt.timedelta(days=1)]


def test_todays_attempt_set_aside_by_a_replay_is_taken_up_on_its_first_clock() -> None:
    record = DailyRecord()
    record.start(D, at(D, 12).timestamp())
    record.start_replay(D - dt.timedelta(days=3), at(D, 12, 1).timestamp())
    assert give_up(record, at(D, 12, 2)) is not None  # the replay
    assert take_up_today(record, at(D, 12, 3)) == D
    assert record.solve(D, at(D, 12, 4).timestamp()).seconds == 240


def test_a_day_given_up_is_never_taken_up_again() -> None:
    record = DailyRecord()
    record.start(D, at(D, 12).timestamp())
    give_up(record, at(D, 12, 1))
    assert take_up_today(record, at(D, 12, 2)) is None


def test_nothing_is_taken_up_over_a_running_attempt() -> None:
    record = DailyRecord()
    record.start(D, at(D, 12).timestamp())
    record.start_replay(D - dt.timedelta(days=3), at(D, 12, 1).timestamp())
    assert take_up_today(record, at(D, 12, 2)) is None
    assert record.replaying


def _daily_from(record: dict[str, Any]) -> DailyRecord:
    """A player's daily puzzles from their record."""
    return part_from_record(record, DailyRecord)
