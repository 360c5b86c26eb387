"""Established players: the daily puzzle's days (:mod:`bot.rules.daily.established`) and the
duels' rating, the two ways to standing (:mod:`bot.play.standing` asks every game), and an
arena's standings as they count beyond its group (:func:`bot.rules.arena.standings.counted`)."""

from __future__ import annotations

import datetime as dt

from bot.rules.arena.standings import Row, contested, counted, newcomers
from bot.rules.daily.established import DAILY_DAYS, daily_days, established_by_days
from bot.rules.daily.puzzle import DailyRecord, DailyResult
from bot.rules.duel.rating import PlayerRating, Ratings
from tests import established as make

DAY = dt.date(2026, 11, 30)


def dailies(*back: int, too_fast: bool = False) -> DailyRecord:
    record = DailyRecord()
    for days in back:
        key = (DAY - dt.timedelta(days=days)).isoformat()
        record.results[key] = DailyResult(60.0, 0, too_fast)
    return record


def test_a_new_account_is_not_established() -> None:
    assert not established_by_days(DailyRecord(), DAY)
    assert not PlayerRating().established(DAY)


def test_three_days_of_the_daily_puzzle_establish_a_player() -> None:
    assert DAILY_DAYS == 3
    assert not established_by_days(dailies(1, 2), DAY)
    assert established_by_days(dailies(1, 2, 3), DAY)


def test_todays_puzzle_and_answers_too_fast_do_not_count() -> None:
    assert daily_days(dailies(0, 1, 2), DAY) == 2
    assert daily_days(dailies(1, 2, 3, too_fast=True), DAY) == 0


def test_a_player_established_in_duels_is_established() -> None:
    ratings = Ratings()
    make.in_duels(ratings, 7, day=DAY)
    assert ratings.players[7].established(DAY)
    assert not ratings.players[7].established(DAY - dt.timedelta(days=1))


def row(user: int, score: int, place: int) -> Row:
    return Row(place, user, str(user), score, score // 2, 0, 0, False)


def test_beyond_the_group_only_established_players_are_placed() -> None:
    rows = [row(1, 8, 1), row(2, 4, 2), row(3, 4, 2), row(4, 2, 4)]
    kept = counted(rows, {2, 3, 4})
    assert [(r.user_id, r.place) for r in kept] == [(2, 1), (3, 1), (4, 3)]
    assert [r.user_id for r in newcomers(rows, {2, 3, 4})] == [1]


def test_one_established_player_and_newcomers_do_not_contest_an_arena() -> None:
    rows = [row(1, 8, 1), row(2, 4, 2)]
    assert contested(rows)
    assert not contested(counted(rows, {2}))
