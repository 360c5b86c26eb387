"""Seasons' rules (:mod:`bot.rules.seasons`): the calendar, the boards the games declare
(the duels', Rush's, the arenas'), a season's end and the listed groups' week (the arenas
played, the members' daily puzzles)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container
from zoneinfo import ZoneInfo

from bot.rules.arena.podium_season import ARENAS_PLAYED, PODIUM_BOARD, add_podium
from bot.rules.arena.standings import ARENA_GAME
from bot.rules.daily.established import DAILY_DAYS, member_week
from bot.rules.daily.puzzle import DailyRecord, DailyResult
from bot.rules.duel.race import DuelWon
from bot.rules.duel.rated_season import (
    RATED_BOARD,
    SEASON_MIN_RATED,
    rated_board,
    regained,
    season_rank,
)
from bot.rules.duel.rating import MODEL, Ratings
from bot.rules.results import Podium
from bot.rules.rush.result import RUSH_SCORE, RushScore
from bot.rules.rush.run_season import RUN_BOARD, SEASON_MIN_RUN, add_run
from bot.rules.seasons.calendar import end_of, following, parse_season, season_of
from bot.rules.seasons.groups import GroupWeek, ListedGroups, clean_title, title_fit, week_of
from bot.rules.seasons.tables import BOARDS, FinalTables, Seasons, SeasonTrophy
from tests import established

ANN, BOB, CAT, DAN = 1, 2, 3, 4
NOV = dt.date(2026, 11, 20)


def run(seasons: Seasons, player: int, name: str, score: int, best: float | None) -> bool:
    """A run of the season onto its Rush board, on :data:`NOV`."""
    return add_run(seasons.state(RUN_BOARD), player, name, score, best, NOV)


def close(
    seasons: Seasons, ratings: Ratings, season: str, off: Container[int] = ()
) -> FinalTables | None:
    """The season closed with the duels' ratings as its duel board's source."""
    return seasons.close(season, off, {RATED_BOARD.name: ratings})


def week(groups: ListedGroups, day: dt.date, solved: dict[int, int]) -> list[GroupWeek]:
    """The listed groups' week: the members' daily puzzles ``solved``, then the arenas."""
    return groups.week([solved, groups.counts(ARENAS_PLAYED.name, day)])


def test_a_season_is_a_calendar_month() -> None:
    assert season_of(dt.date(2026, 11, 30)) == "2026-11"
    assert following("2026-12") == "2027-01"
    assert parse_season("2026/11") == "2026-11"
    assert parse_season("11-2026") == "2026-11"
    assert parse_season("2026-13") is None
    assert parse_season("soon") is None


def test_a_season_ends_at_midnight_in_the_bots_time_zone() -> None:
    end = end_of("2026-11", ZoneInfo("Asia/Shanghai"))
    assert end.astimezone(dt.UTC) == dt.datetime(2026, 11, 30, 16, tzinfo=dt.UTC)


def duels(ratings: Ratings, winner: int, loser: int, count: int, day: dt.date = NOV) -> None:
    for _ in range(count):
        ratings.record(winner, loser, winner, day)


def three_opponents(ratings: Ratings, *players: int) -> None:
    """Each of ``players`` wins a duel over three established others of their own (ids 100
    up)."""
    for player in players:
        for other in range(3):
            established.in_duels(ratings, 100 + 10 * player + other, day=NOV)
            duels(ratings, player, 100 + 10 * player + other, 1)


def test_the_rated_board_needs_rated_duels_this_season() -> None:
    ratings = Ratings()
    three_opponents(ratings, BOB)
    established.in_duels(ratings, BOB, CAT, DAN, day=NOV)
    duels(ratings, ANN, BOB, SEASON_MIN_RATED - 1)
    duels(ratings, ANN, CAT, SEASON_MIN_RATED - 1)
    assert rated_board(ratings, "2026-11") == [BOB]
    duels(ratings, ANN, DAN, 1, NOV + dt.timedelta(days=1))
    assert rated_board(ratings, "2026-11") == [ANN, BOB]
    assert season_rank(ratings, "2026-11", BOB) == (2, 2)


def test_duels_against_one_second_account_put_nobody_on_the_board() -> None:
    ratings = Ratings()
    duels(ratings, ANN, BOB, 3)
    duels(ratings, ANN, BOB, 3, NOV + dt.timedelta(days=1))
    assert rated_board(ratings, "2026-11") == []
    assert season_rank(ratings, "2026-11", ANN) is None


def test_duels_against_accounts_not_established_put_nobody_on_the_board() -> None:
    ratings = Ratings()
    duels(ratings, ANN, BOB, 1)  # Bob, Cat and Dan: accounts made minutes before
    duels(ratings, ANN, CAT, 1)
    duels(ratings, ANN, DAN, 1)
    assert rated_board(ratings, "2026-11") == []


def test_only_duels_against_established_opponents_count_for_the_board() -> None:
    ratings = Ratings()
    duels(ratings, ANN, BOB, 1)  # Bob not established yet: this one counts for nothing
    established.in_duels(ratings, BOB, CAT, day=NOV)
    duels(ratings, ANN, BOB, 1)
    duels(ratings, ANN, CAT, 1)
    assert (ratings.players[ANN].season_rated, ratings.players[ANN].season_counted) == (3, 2)
    duels(ratings, ANN, DAN, 1)
    assert rated_board(ratings, "2026-11") == []
    established.in_duels(ratings, DAN, day=NOV)
    duels(ratings, ANN, DAN, 1)
    assert rated_board(ratings, "2026-11") == [ANN]


def test_a_rush_run_is_on_the_board_from_the_first_rush_achievement() -> None:
    seasons = Seasons(current="2026-11")
    assert RUSH_SCORE.goals[0] == SEASON_MIN_RUN
    assert not run(seasons, ANN, "Ann", SEASON_MIN_RUN - 1, 3.0)
    assert run(seasons, ANN, "Ann", SEASON_MIN_RUN, 3.0)


def test_duels_of_another_month_are_another_seasons() -> None:
    ratings = Ratings()
    established.in_duels(ratings, BOB, day=dt.date(2026, 10, 31))
    duels(ratings, ANN, BOB, SEASON_MIN_RATED, dt.date(2026, 10, 31))
    assert rated_board(ratings, "2026-11") == []
    assert ratings.players[ANN].season_counted == SEASON_MIN_RATED


def test_a_rush_board_holds_each_players_best_once() -> None:
    seasons = Seasons(current="2026-11")
    assert run(seasons, ANN, "Ann", 25, 3.0)
    assert not run(seasons, ANN, "Ann", 24, 2.0)
    assert run(seasons, BOB, "Bob", 26, 4.0)
    assert not run(seasons, CAT, "Cat", 0, None)
    assert [(e.user_id, e.record.score) for e in seasons.state(RUN_BOARD)] == [(BOB, 26), (ANN, 25)]


def closed() -> tuple[Seasons, Ratings, float]:
    ratings = Ratings()
    three_opponents(ratings, ANN, BOB, CAT)
    seasons = Seasons(current="2026-11")
    for player, score in ((ANN, 23), (BOB, 29), (CAT, 27), (DAN, 25)):
        run(seasons, player, str(player), score, 2.0)
    add_podium(seasons.state(PODIUM_BOARD), DAN, 1)
    sigma = ratings.players[ANN].sigma
    return seasons, ratings, sigma


def test_a_seasons_end_keeps_its_tables_and_gives_trophies() -> None:
    seasons, ratings, _sigma = closed()
    ended = close(seasons, ratings, "2026-12")
    assert ended is not None
    assert seasons.kept["2026-11"] == ended
    assert [row.player for row in ended.board(RUN_BOARD.name)] == [BOB, CAT, DAN, ANN]
    trophies = ended.trophies()
    assert (BOB, SeasonTrophy("2026-11", RUN_BOARD.name, 1)) in trophies
    assert (ANN, SeasonTrophy("2026-11", RUN_BOARD.name, 4)) not in trophies
    assert (DAN, SeasonTrophy("2026-11", PODIUM_BOARD.name, 1)) in trophies
    assert len(trophies) == 3 + 3 + 1  # three places of duels and Rush, one arena winner


def test_a_seasons_end_starts_the_next_with_empty_boards() -> None:
    seasons, ratings, _sigma = closed()
    close(seasons, ratings, "2026-12")
    assert (seasons.current, seasons.boards) == ("2026-12", {})
    assert rated_board(ratings, "2026-12") == []


def test_ratings_keep_their_value_and_regain_uncertainty() -> None:
    seasons, ratings, sigma = closed()
    mu = ratings.players[ANN].mu
    close(seasons, ratings, "2026-12")
    assert ratings.players[ANN].mu == mu
    assert ratings.players[ANN].sigma == regained(sigma)
    assert sigma < regained(sigma) <= MODEL.sigma


def test_a_settled_rating_regains_uncertainty_short_of_a_new_players() -> None:
    assert 4.0 < regained(2.0) < MODEL.sigma
    assert regained(MODEL.sigma) == MODEL.sigma


def test_a_season_ends_once() -> None:
    seasons, ratings, _sigma = closed()
    assert close(seasons, ratings, "2026-11") is None
    close(seasons, ratings, "2026-12")
    sigma = ratings.players[ANN].sigma
    assert close(seasons, ratings, "2026-12") is None
    assert ratings.players[ANN].sigma == sigma


def test_a_bots_first_season_ends_nothing() -> None:
    seasons = Seasons()
    assert close(seasons, Ratings(), "2026-12") is None
    assert seasons.current == "2026-12"


def test_players_off_the_boards_win_nothing() -> None:
    seasons, ratings, _sigma = closed()
    ended = close(seasons, ratings, "2026-12", off={BOB})
    assert ended is not None
    assert BOB not in [player for player, _trophy in ended.trophies()]


def test_only_listed_groups_that_played_are_on_the_week() -> None:
    groups = ListedGroups()
    groups.listing(-1, "Friends", True)
    groups.listing(-2, "Quiet", True)
    groups.tally(ARENAS_PLAYED.name, -3, NOV)  # not listed
    rows = week(groups, NOV, {-1: 4, -3: 9})
    assert [(row.chat_id, row.counts[0]) for row in rows] == [(-1, 4)]


def test_a_group_taken_off_is_on_no_week() -> None:
    groups = ListedGroups()
    groups.listing(-1, "Friends", True)
    assert groups.listing(-1, "Friends", False)
    assert week(groups, NOV, {-1: 4}) == []


def test_arenas_count_for_their_week() -> None:
    groups = ListedGroups()
    groups.listing(-1, "Friends", True)
    groups.tally(ARENAS_PLAYED.name, -1, NOV)
    next_week = NOV + dt.timedelta(days=7)
    assert week(groups, NOV, {})[0].counts[1] == 1
    assert week(groups, next_week, {}) == []
    assert week_of(dt.date(2026, 11, 22)) == "2026-11-16"


def solved(*days: dt.date, too_fast: bool = False) -> DailyRecord:
    record = DailyRecord()
    for day in days:
        record.results[day.isoformat()] = DailyResult(30.0, 0, too_fast)
    return record


MONDAY = dt.date(2026, 11, 23)
BEFORE = [MONDAY - dt.timedelta(days=n + 1) for n in range(DAILY_DAYS)]


def test_a_member_counts_once_established() -> None:
    assert member_week(solved(*BEFORE, MONDAY), MONDAY) == 1


def test_a_new_member_counts_for_nothing_yet() -> None:
    assert member_week(solved(*BEFORE[1:], MONDAY), MONDAY) == 0


def test_days_solved_too_fast_establish_nobody() -> None:
    record = solved(*BEFORE, too_fast=True)
    record.results[MONDAY.isoformat()] = DailyResult(30.0, 0)
    assert member_week(record, MONDAY) == 0


def test_a_season_hears_runs_and_podiums_only() -> None:
    seasons = Seasons(current="2026-11")
    assert seasons.hear(RushScore(player=ANN, name="Ann", score=24, best_time=2.0), NOV)
    assert seasons.hear(Podium(player=BOB, name="Bob", game=ARENA_GAME, place=2), NOV)
    assert not seasons.hear(DuelWon(player=CAT, name="Cat"), NOV)
    assert seasons.state(PODIUM_BOARD)[BOB].podiums == 1


def test_an_arena_told_in_a_group_is_one_played() -> None:
    groups = ListedGroups()
    podiums = [
        Podium(player=ANN, name="Ann", game=ARENA_GAME, place=1),
        Podium(player=BOB, name="Bob", game=ARENA_GAME, place=2),
    ]
    assert groups.hear(-1, podiums, NOV)
    assert not groups.hear(ANN, podiums, NOV)  # told in private: no group's
    assert not groups.hear(-1, [RushScore(player=ANN, name="Ann", score=3)], NOV)
    assert groups.counts(ARENAS_PLAYED.name, NOV) == {-1: 1}


def test_a_title_is_shown_without_its_invisible_characters() -> None:
    assert clean_title("Fri\u202eends\u200b  Club") == "Friends Club"


def test_a_title_with_a_link_or_an_at_is_not_shown() -> None:
    assert title_fit("Friends 👩\u200d👩\u200d👧")
    assert not title_fit("Join t.me/spam")
    assert not title_fit("Ask @someone")
    assert not title_fit("\u200b")


def test_a_group_renamed_to_a_link_is_off_the_week() -> None:
    groups = ListedGroups()
    groups.listing(-1, "Friends", True)
    groups.retitle(-1, "www.spam.example")
    assert week(groups, NOV, {-1: 4}) == []


def test_the_games_boards_are_declared_under_their_saved_names_in_order() -> None:
    assert (RATED_BOARD.name, RUN_BOARD.name, PODIUM_BOARD.name) == ("duels", "rush", "arena")
    assert RATED_BOARD.position < RUN_BOARD.position < PODIUM_BOARD.position


def test_a_seasons_trophies_go_board_by_board_in_their_order() -> None:
    seasons, ratings, _sigma = closed()
    ended = close(seasons, ratings, "2026-12")
    assert ended is not None
    boards = [trophy.board for _player, trophy in ended.trophies()]
    assert boards == sorted(boards, key=lambda name: BOARDS[name].position)


def test_a_board_the_season_keeps_nothing_for_is_left_out_without_its_source() -> None:
    seasons, _ratings, _sigma = closed()
    assert RATED_BOARD.name not in seasons.tables().boards
