"""Players made established (:mod:`bot.play.standing`) the short way, for tests of what
only established players count: in duels (five played-out duels against five players,
over a week, as the rating keeps them) or by the daily puzzle (solved on three days)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from bot.games.daily.parts import DAILY_RECORD
from bot.rules.daily.established import DAILY_DAYS
from bot.rules.daily.puzzle import DailyResult
from bot.rules.duel.rating import ESTABLISHED_DAYS, ESTABLISHED_OPPONENTS, PlayerRating, Ratings
from bot.state import UserData

OPPONENTS = tuple(range(9_000, 9_000 + ESTABLISHED_OPPONENTS))
"""The opponents of the duels an established player is given (never players of a test)."""


def in_duels(ratings: Ratings, *players: int, day: dt.date) -> None:
    """``players`` established in duels on ``day``: as if their first rated duel was a week
    before it and they had played duels out against five players since (their rating and
    counts unchanged)."""
    for player in players:
        rating = ratings.players.setdefault(player, PlayerRating())
        rating.first_day = (day - dt.timedelta(days=ESTABLISHED_DAYS)).isoformat()
        rating.played_with = list(OPPONENTS)


def by_dailies(users: Mapping[int, UserData], *players: int, day: dt.date) -> None:
    """``players`` established on ``day`` by the daily puzzle: solved in a minute on each of
    the days before it (as many as it takes)."""
    for player in players:
        record = DAILY_RECORD.get(users[player])
        for back in range(DAILY_DAYS, 0, -1):
            record.results[(day - dt.timedelta(days=back)).isoformat()] = DailyResult(60.0, 0)
