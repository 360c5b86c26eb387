"""A player's standing: whether they are *established*, the one notion the results that
leave a chat (an arena's trophy and podium, /groups top's arenas played) ask of a player,
so that accounts made for the purpose buy nothing.  A player is established on a day once
they solved the daily puzzle at a person's pace on :data:`DAILY_DAYS` days before it, or
once they are established in duels (:meth:`bot.rules.duel.rating.PlayerRating.established`:
five played-out duels against five players, over a week).  Both cost days of play at a
person's pace, which a throwaway account does not have.  What it prevents and what it costs
a newcomer: docs/fair-play.md, *Established players*."""

from __future__ import annotations

import datetime as dt

from bot.rules.daily.puzzle import DailyRecord
from bot.rules.duel.rating import PlayerRating

DAILY_DAYS = 3
"""Days a player solved the daily puzzle (at a person's pace) that make them established."""


def daily_days(record: DailyRecord, before: dt.date) -> int:
    """Days before ``before`` on which ``record``'s player solved the daily puzzle at a
    person's pace (counted up to :data:`DAILY_DAYS`: no more is asked)."""
    first = before.isoformat()
    days = 0
    for key, result in record.results.items():
        days += key < first and not result.too_fast
        if days >= DAILY_DAYS:
            break
    return days


def established(record: DailyRecord, rating: PlayerRating | None, day: dt.date) -> bool:
    """Whether a player is established on ``day`` (see the module): ``record`` their daily
    puzzles, ``rating`` their duel rating (None: they never dueled)."""
    return established_by(daily_days(record, day), rating, day)


def established_by(days: int, rating: PlayerRating | None, day: dt.date) -> bool:
    """Whether a player is established on ``day``: ``days`` those before it on which they
    solved the daily puzzle at a person's pace (:func:`daily_days`), ``rating`` their duel
    rating (None: they never dueled)."""
    if days >= DAILY_DAYS:
        return True
    return rating is not None and rating.established(day)
