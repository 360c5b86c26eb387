"""The duels' board of a season: the rating of those with enough rated duels this season
against established opponents (:meth:`~bot.rules.duel.rating.PlayerRating.established`, as the
rating counts them), and what a season's end does to every rating: it regains uncertainty
(:func:`regained`, OpenSkill's dynamics factor).  Declared as the season's board
:data:`RATED_BOARD` (:mod:`bot.rules.seasons.tables`), its source the duels' ratings.  Each
rule and what it prevents: docs/design-games.md, *Seasons*."""

from __future__ import annotations

import heapq
import math
from collections.abc import Container

from bot.rules.duel.rating import MODEL, SEASON_OPPONENTS, PlayerRating, Ratings
from bot.rules.seasons.tables import TABLE_SIZE, Row, SeasonBoard

SEASON_MIN_RATED = 3
"""Rated duels in a season against established opponents (as the rating counts them) that
put a player on its duel board..."""
SEASON_MIN_OPPONENTS = SEASON_OPPONENTS
"""...against this many distinct established opponents (not second accounts)."""
SEASON_TAU = MODEL.sigma / 2
"""OpenSkill's dynamics factor for a season's end: the uncertainty a month adds."""


def regained(sigma: float) -> float:
    """A rating's uncertainty at a season's end (see the module)."""
    return min(MODEL.sigma, math.hypot(sigma, SEASON_TAU))


def _on_season_board(rating: PlayerRating, season: str) -> bool:
    return (
        rating.season == season
        and rating.season_counted >= SEASON_MIN_RATED
        and len(rating.season_against) >= SEASON_MIN_OPPONENTS
        and not rating.off_boards
    )


def _season_key(player: int, rating: PlayerRating) -> tuple[float, int, int]:
    return (-rating.ordinal, -rating.season_counted, player)


def rated_board(
    ratings: Ratings, season: str, count: int | None = None, off: Container[int] = ()
) -> list[int]:
    """The season's duel board, best first (its first ``count``; all with None)."""
    ranked = (
        (_season_key(player, rating), player)
        for player, rating in ratings.players.items()
        if _on_season_board(rating, season) and player not in off
    )
    best = sorted(ranked) if count is None else heapq.nsmallest(count, ranked)
    return [player for _key, player in best]


def season_rank(ratings: Ratings, season: str, player: int) -> tuple[int, int] | None:
    """``player``'s place on the season's duel board and how many stand on it, or None
    when they are not on it."""
    mine = ratings.players.get(player)
    if mine is None or not _on_season_board(mine, season):
        return None
    key = _season_key(player, mine)
    ahead = standing = 0
    for other, rating in ratings.players.items():
        if _on_season_board(rating, season):
            standing += 1
            ahead += _season_key(other, rating) < key
    return ahead + 1, standing


def season_rated(rating: PlayerRating | None, season: str) -> int:
    """Rated duels ``rating``'s player has played in ``season`` against established
    opponents (those the duel board counts)."""
    return rating.season_counted if rating is not None and rating.season == season else 0


def rated_rows(ratings: Ratings, season: str, off: Container[int]) -> list[Row]:
    """The duel board's rows: each player's rating as shown, and its ±."""
    return [
        Row(p, ratings.players[p].shown.points, ratings.players[p].shown.plus_minus)
        for p in rated_board(ratings, season, TABLE_SIZE, off)
    ]


def season_end(ratings: Ratings) -> None:
    """A season's end: every rating regains uncertainty (see the module)."""
    for rating in ratings.players.values():
        if rating.rated:
            rating.sigma = regained(rating.sigma)


RATED_BOARD = SeasonBoard[Ratings]("duels", 10, rated_rows, end=season_end)
"""The season's duel board, read from the duels' ratings (saved name ``duels``)."""
