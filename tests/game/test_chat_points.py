"""A chat's points of its other games (bot.rules.chat_stats.GamePoints: Solution Hunt's and
Countdown's, each the game's part of the chat's data), kept apart from the rounds' stats."""

from __future__ import annotations

import datetime as dt

from bot.rules.chat_stats import ChatStats, GamePoints
from bot.rules.countdown import CountdownPoints
from bot.rules.hunt import HuntPoints

ANN, BOB, CAT, DAN = 501, 502, 503, 504
DAY = dt.date(2026, 11, 25)


def test_a_games_points_add_up_by_player() -> None:
    stats, points = ChatStats(), CountdownPoints()
    points.add(stats, [(ANN, "Ann", 10), (BOB, "Bob", 5)])
    points.add(stats, [(ANN, "Ann", 7)])
    assert points.points == {ANN: 17, BOB: 5}


def test_no_points_scored_keep_no_points() -> None:
    stats, points = ChatStats(), CountdownPoints()
    points.add(stats, [(ANN, "Ann", 0)])
    assert points.points == {}


def test_a_player_of_another_game_is_one_of_the_chats_players_with_no_rounds() -> None:
    stats = ChatStats()
    CountdownPoints().add(stats, [(ANN, "Ann", 0)])
    assert (stats.players[ANN].name, stats.players[ANN].wins) == ("Ann", 0)


def test_another_games_points_are_not_the_rounds() -> None:
    stats = ChatStats()
    CountdownPoints().add(stats, [(ANN, "Ann", 10)])
    assert stats.top() == []


def test_the_name_a_player_plays_another_game_by_is_the_one_every_board_shows() -> None:
    stats = ChatStats()
    stats.record_win(ANN, "Ann", 20, 10.0, DAY)
    HuntPoints().record(stats, [(ANN, "Annie", 1)], "1 2 3 4", 3)
    assert [player.name for _user, player, _points in stats.top()] == ["Annie"]


def test_a_games_board_goes_by_its_points_then_by_name() -> None:
    stats, points = ChatStats(), GamePoints()
    stats.record_win(CAT, "Cat", 20, 10.0, DAY)  # rounds only: not on the game's board
    points.add(stats, [(BOB, "Bob", 3), (ANN, "Zed", 5), (CAT, "Cat", 0), (DAN, "Al", 3)])
    rows = [(user, player.name, count) for user, player, count in points.top(stats)]
    assert rows == [(ANN, "Zed", 5), (DAN, "Al", 3), (BOB, "Bob", 3)]


def test_a_games_board_shows_ten_at_most() -> None:
    stats, points = ChatStats(), GamePoints()
    points.add(stats, [(1000 + i, f"P{i:02}", 20 - i) for i in range(12)])
    assert [user for user, _player, _count in points.top(stats)] == list(range(1000, 1010))


def test_a_players_points_of_a_game() -> None:
    stats, points = ChatStats(), GamePoints()
    points.add(stats, [(ANN, "Ann", 4)])
    assert (points.of(ANN), points.of(BOB)) == (4, 0)


def test_a_hunt_scores_each_finder_and_keeps_the_chats_best_of_its_hand() -> None:
    stats, hunt = ChatStats(), HuntPoints()
    hunt.record(stats, [(ANN, "Ann", 2), (BOB, "Bob", 1)], "2 4 8 10", 5)
    assert (hunt.points, hunt.best) == ({ANN: 2, BOB: 1}, {"2 4 8 10": 3})


def test_a_hunt_finding_fewer_keeps_the_best() -> None:
    stats, hunt = ChatStats(), HuntPoints()
    hunt.record(stats, [(ANN, "Ann", 3)], "2 4 8 10", 5)
    hunt.record(stats, [(BOB, "Bob", 2)], "2 4 8 10", 5)
    assert hunt.best == {"2 4 8 10": 3}


def test_a_hunt_of_a_hand_with_no_solutions_keeps_no_best() -> None:
    stats, hunt = ChatStats(), HuntPoints()
    hunt.record(stats, [], "1 1 1 1", 0)
    assert hunt.best == {}
