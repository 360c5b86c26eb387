"""A Countdown game's numbers and target, with the solver's best answer worked out in a worker,
never numbers sharing three cards with a hand a game keeps from deals."""

from __future__ import annotations

import random

from bot.rules.countdown import countdown_job, draw
from bot.rules.spoilers import shares_any
from bot.services.solving import DealRefused, Solving

DRAWS = 100
"""Countdown numbers drawn at most for ones sharing no three cards with a hand kept from deals
(a daily puzzle: one draw in ten or so does)."""


async def deal(
    solving: Solving, rng: random.Random, large: int | None
) -> tuple[tuple[int, ...], int, tuple[str | None, tuple[int, str] | None, tuple[int, str] | None]]:
    """Numbers and a target for a Countdown game (``large`` large numbers, one or two at random
    if None), with the solver's best answer worked out in a worker; raises
    :class:`DealRefused` (``busy``)."""
    kept = await solving.kept_hands()
    for _ in range(DRAWS):
        numbers, target = draw(rng, large)
        if not shares_any(numbers, kept):
            break
    else:
        raise DealRefused("busy")
    best = await solving.deal_job(countdown_job, numbers, target)
    return numbers, target, best
