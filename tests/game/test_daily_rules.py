"""Daily puzzle rules with fixed dates: one result a day, streaks across days, the share line."""

from __future__ import annotations

import datetime as dt
import json
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game.daily import (
    DailyRecord,
    DailyResult,
    DayBoard,
    NotInArchive,
    Standing,
    bucket_of,
    clock_text,
    find_zone,
    median,
    next_puzzle_at,
    past_day,
    post_time,
    stats_of,
    until_next,
)
from bot.records import daily_from_record, daily_record
from solver import daily_number

D = dt.date(2026, 11, 20)


def day(n: int) -> dt.date:
    return D + dt.timedelta(days=n)


def test_clock_misses_and_one_result_a_day() -> None:
    record = DailyRecord()
    assert record.start(D, 1000.0)
    assert not record.start(D, 2000.0)  # the clock started once
    record.miss(D)
    first = record.solve(D, 1042.0)
    assert first.seconds == 42.0
    assert first.misses == 1
    assert record.solve(D, 9999.0) == first


def solved(record: DailyRecord, *days: dt.date) -> None:
    for each in days:
        record.start(each, 0.0)
        record.solve(each, 10.0)


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
    restored = daily_from_record(json.loads(json.dumps(daily_record(record))))
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
    restored = daily_from_record(json.loads(json.dumps(daily_record(record))))
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
    record = daily_from_record(old)
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
    assert "_fold" not in daily_record(record)


def test_a_record_with_its_streak_worked_out_equals_one_without() -> None:
    record = DailyRecord()
    solved(record, day(0))
    record.streak(day(0))
    assert record == daily_from_record(daily_record(record))


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


def test_a_day_given_up_today_is_a_day_played_not_solved() -> None:
    record = DailyRecord()
    record.start(D, 100.0)
    record.miss(D)
    record.gave_up.append(D.isoformat())  # as bot.game.attempts.give_up records it
    stats = stats_of(record, D)
    assert (stats.played, stats.solved, stats.misses_per_day) == (1, 0, 1.0)
