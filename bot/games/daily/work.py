"""No game deals the daily puzzle (docs/fair-play.md, "No game deals the daily puzzle"): the
puzzles of yesterday, today and tomorrow are kept from every deal, set up with the solving
service by the daily puzzle's ``Game.work`` (:func:`set_up`)."""

from __future__ import annotations

import datetime as dt

from bot.rules.daily.attempts import kept_from_deals
from bot.services.solving import Solving
from solver import daily, daily_pools


def kept_now(now: dt.datetime) -> tuple[tuple[int, ...], ...]:
    """The daily puzzles no deal may share three cards with at ``now`` (the local time)."""
    return tuple(daily(day) for day in kept_from_deals(now))


async def _pools() -> None:
    # The daily pools (a few ms of sorting, kept) are made at the warm-up rather than by
    # whichever update first needs a puzzle (a /daily, any deal, a /solve's spoiler check).
    daily_pools()


def set_up(solving: Solving) -> None:
    """The daily puzzle's part in every deal: its puzzles kept from them."""
    solving.keep_from_deals(kept_now)
    solving.on_warm_up(_pools)
