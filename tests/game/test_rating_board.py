"""The rating's board as /rating and /rating top read it: the first places without sorting
everyone, a player's rank and how many are ranked, all as :meth:`Ratings.board` orders."""

from __future__ import annotations

import datetime as dt
import random

from bot.rules.duel.rating import BOARD_MIN_DUELS, Ratings

DAY = dt.date(2026, 11, 1)


def played(seed: int, players: int = 30, duels: int = 200) -> Ratings:
    """Random rated duels among some players, over many days (the pair cap never bites)."""
    rng = random.Random(seed)
    ratings = Ratings()
    for n in range(duels):
        first, second = rng.sample(range(1, players + 1), 2)
        winner = rng.choice((first, second, None))
        ratings.record(first, second, winner, DAY + dt.timedelta(days=n))
    return ratings


def test_the_first_places_are_the_boards() -> None:
    for seed in range(5):
        ratings = played(seed)
        board = ratings.board()
        assert ratings.top(10) == board[:10]
        assert ratings.top(None) == board


def test_the_first_places_among_some_players() -> None:
    ratings = played(7)
    among = {1, 2, 3, 4, 5, 6}
    assert ratings.top(3, among) == [p for p in ratings.board() if p in among][:3]


def test_a_rank_is_the_place_on_the_board() -> None:
    for seed in range(5):
        ratings = played(seed, players=40, duels=120)
        board = ratings.board()
        for player in range(1, 41):
            expected = board.index(player) + 1 if player in board else None
            assert ratings.rank(player) == expected
        assert ratings.ranked() == len(board)


def test_a_player_under_the_minimum_of_duels_has_no_rank() -> None:
    ratings = Ratings()
    for n in range(BOARD_MIN_DUELS - 1):
        ratings.record(1, 2, 1, DAY + dt.timedelta(days=n))
    assert ratings.rank(1) is None
    assert ratings.rank(99) is None
    assert ratings.ranked() == 0
    assert ratings.top(10) == []
