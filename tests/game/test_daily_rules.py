"""Daily puzzle rules with fixed dates: one result a day, streaks across days, the share line."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from bot.records import part_from_record, part_record
from bot.rules.daily.puzzle import (
    DailyRecord,
    clock_text,
    post_time,
    stats_of,
)
from tests.game.daily_data import D, day, solved


def test_clock_misses_and_one_result_a_day() -> None:
    record = DailyRecord()
    assert record.start(D, 1000.0)
    assert not record.start(D, 2000.0)  # the clock started once
    record.miss(D)
    first = record.solve(D, 1042.0)
    assert first.seconds == 42.0
    assert first.misses == 1
    assert record.solve(D, 9999.0) == first


def test_streaks_across_days_and_a_missed_day() -> None:
    record = DailyRecord()
    solved(record, day(0), day(1), day(2))
    assert record.streak(day(2)) == 3
    assert record.streak(day(3)) == 3  # today still open: yesterday's streak stands
    assert record.streak(day(4)) == 0  # a missed day resets it
    solved(record, day(4), day(5))
    assert record.streak(day(5)) == 2
    assert record.best_streak() == 3


def test_streak_survives_a_restart() -> None:
    record = DailyRecord()
    solved(record, day(0), day(1))
    # A restart reads the record the data file keeps.
    restored = _daily_from(json.loads(json.dumps(part_record(record))))
    assert restored.streak(day(1)) == 2


def test_no_result_without_a_started_clock() -> None:
    record = DailyRecord()
    with pytest.raises(ValueError):
        record.solve(D, 42.0)


def test_no_clock_runs_before_the_first_start() -> None:
    assert DailyRecord().running() is None


def test_the_attempt_is_the_day_last_started() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start(day(1), 86_400.0)
    assert record.running() == day(1)


def test_an_attempt_started_before_midnight_runs_after_it() -> None:
    record = DailyRecord()
    record.start(day(0), 86_000.0)
    # Nothing about the date now: the attempt is the day the player saw.
    assert record.running() == day(0)


def test_an_attempt_started_before_midnight_is_timed_from_its_start() -> None:
    record = DailyRecord()
    record.start(day(0), 86_000.0)
    assert record.solve(day(0), 86_500.0).seconds == 500.0


def test_starting_again_keeps_the_first_start() -> None:
    record = DailyRecord()
    record.start(day(0), 100.0)
    record.start(day(1), 200.0)
    record.start(day(0), 300.0)  # back to the first day's puzzle: its clock ran all along
    assert record.solve(day(0), 400.0).seconds == 300.0


def test_the_clock_runs_from_when_the_puzzle_is_seen() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.shown(D, 100.0, 130.0)  # the picture waited 30 s for the chat's message limit
    assert record.solve(D, 140.0).seconds == 10.0


def test_a_puzzle_seen_again_never_turns_the_clock_back() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.shown(D, 100.0, 110.0)
    record.start(D, 300.0)  # opened again: the first start stands
    record.shown(D, 300.0, 310.0)  # and its picture, seen, changes nothing
    assert record.solve(D, 400.0).seconds == 290.0


def test_a_puzzle_never_seen_leaves_no_clock_running() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.unseen(D, 100.0)  # Telegram refused its picture
    assert record.running() is None


def test_a_puzzle_opened_again_after_it_was_never_seen_starts_afresh() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.unseen(D, 100.0)
    record.start(D, 300.0)
    assert record.solve(D, 310.0).seconds == 10.0


def test_an_earlier_clock_outlives_a_later_picture_never_seen() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.start(D, 300.0)  # opened again: the first start stands
    record.unseen(D, 300.0)  # the second picture never came: the first clock runs on
    assert record.solve(D, 400.0).seconds == 300.0


def test_a_puzzle_seen_after_it_was_solved_changes_nothing() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    first = record.solve(D, 105.0)  # answered before the picture came (seen elsewhere)
    record.shown(D, 100.0, 130.0)
    assert record.solve(D, 140.0) == first


def test_no_clock_runs_once_the_attempt_is_solved() -> None:
    record = DailyRecord()
    record.start(D, 0.0)
    record.solve(D, 5.0)
    assert record.running() is None


def test_a_solved_day_cannot_be_started_again() -> None:
    record = DailyRecord()
    record.start(D, 0.0)
    record.solve(D, 5.0)
    assert not record.start(D, 10.0)


def test_the_attempt_survives_a_restart() -> None:
    record = DailyRecord()
    record.start(D, 0.0)
    restored = _daily_from(json.loads(json.dumps(part_record(record))))
    assert restored.running() == D


def test_a_result_keeps_its_time() -> None:
    record = DailyRecord()
    record.start(D, 0.0)
    record.miss(D)
    assert record.solve(D, 42.0).seconds == 42.0


def test_a_result_keeps_its_misses() -> None:
    record = DailyRecord()
    record.start(D, 0.0)
    record.miss(D)
    assert record.solve(D, 42.0).misses == 1


@pytest.mark.parametrize(("seconds", "text"), [(3723, "1:02:03"), (605, "10:05"), (42, "0:42")])
def test_the_clock_reads_as_people_read_it(seconds: int, text: str) -> None:
    assert clock_text(seconds) == text


def test_a_post_time_reads_24_hour_time() -> None:
    assert post_time("20:05") == dt.time(20, 5)


@pytest.mark.parametrize("text", ["24:00", "9", "9:00:00", "nine", "-1:00", ""])
def test_a_post_time_refuses_anything_else(text: str) -> None:
    with pytest.raises(ValueError):
        post_time(text)


# --- two days' clocks across midnight -------------------------------------------------------


def test_yesterdays_clock_stays_open_once_todays_is_started() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)  # shown at 23:59
    record.start(day(1), 120.0)  # today's, opened after midnight
    assert record.still_open(day(1)) == day(0)


def test_a_solved_yesterday_is_not_open() -> None:
    record = DailyRecord()
    solved(record, day(0))
    record.start(day(1), 120.0)
    assert record.still_open(day(1)) is None


def test_no_day_before_is_open_while_yesterdays_clock_is_the_attempt() -> None:
    # After midnight, yesterday's attempt still runs and today's was never opened: the day
    # before yesterday, opened once and left, must not come back to fill a streak's gap.
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start(day(1), 86_400.0)
    assert record.still_open(day(2)) is None


def test_no_day_is_open_while_a_replay_is_the_attempt() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start(day(1), 120.0)
    record.start_replay(day(-5), 130.0)
    assert record.still_open(day(1)) is None


def test_yesterday_played_from_the_archive_since_is_not_open() -> None:
    # Practised from the archive after midnight: its live clock was left for good.
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start_replay(day(0), 100.0)
    record.start(day(1), 120.0)
    assert record.still_open(day(1)) is None


def test_yesterday_solved_after_todays_was_opened_keeps_its_own_time() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start(day(1), 120.0)
    assert record.solve(day(0), 150.0).seconds == 150.0


def test_yesterday_solved_after_todays_was_opened_leaves_todays_clock_running() -> None:
    record = DailyRecord()
    record.start(day(0), 0.0)
    record.start(day(1), 120.0)
    record.solve(day(0), 150.0)
    assert record.running() == day(1)


def test_a_day_given_up_today_is_a_day_played_not_solved() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.miss(D)
    record.gave_up.append(D.isoformat())  # as bot.rules.daily.attempts.give_up records it
    stats = stats_of(record, D)
    assert (stats.played, stats.solved, stats.misses_per_day) == (1, 0, 1.0)


def _daily_from(record: dict[str, Any]) -> DailyRecord:
    """A player's daily puzzles from their record."""
    return part_from_record(record, DailyRecord)
