"""A person's pace: the fastest an answer can come after its hand reached the player and still
count where a result leaves its chat (:func:`too_fast`, the floors by level; :func:`implausible`
and :func:`steady` for a script's steady pace; :func:`heard` and :func:`scripted` for a
player's recent answers).  Reasoning and figures: docs/fair-play.md,
*A person's pace*."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Sequence

from bot.rules.rated import LEVELS_4_24
from solver.decks import hands

FLOOR = 1.5
"""Seconds from a hand's delivery below which a right answer counts for nothing (the floor
of the easiest hands, and of any hand whose level is not known)."""
LEVEL_FLOORS = {1: 1.5, 2: 1.8, 3: 1.8, 4: 1.9, 5: 2.1}
"""The floor by level (four cards from 1 to 13, to make 24): :data:`FLOOR` times how much
slower the fast tenth of each level's hands is solved on 4nums.com than level 1's (median
solve times 5.3, 6.2, 6.3, 6.7 and 7.5 s: ``bench/pace_floors.py``, checked against the
data by ``tests/game/test_pace_floors.py`` where it is present)."""
TOLERANCE = 0.001
"""Seconds let go below a floor (see :func:`too_fast`)."""
PLAUSIBLE_MEDIAN = 3.0
"""Seconds: a run whose answers' median is under this is a script's pace (no hand of the
1,362 is solved on 4nums.com faster than 2.9 s by its players' one-sigma mean less one
standard deviation)."""
PLAUSIBLE_HANDS = 10
"""Hands solved from which a run's median pace is judged."""
RECENT_KEPT = PLAUSIBLE_HANDS
"""A player's last timed answers kept to judge their pace (:func:`scripted`)."""


@functools.cache
def _levels() -> dict[tuple[int, ...], int]:
    return {hand: int(level) for hand, level in zip(hands((1, 13), 4), LEVELS_4_24, strict=True)}


def floor_of(hand: Sequence[int], target: object = 24) -> float:
    """The floor of a hand: its level's for the default game, else :data:`FLOOR` (read at
    each call, and the levels' scaled with it: a test that sets it to 0 has no floor)."""
    if target != 24 or len(hand) != 4:
        return FLOOR
    level = _levels().get(tuple(sorted(hand)), 0)
    return FLOOR * LEVEL_FLOORS.get(level, LEVEL_FLOORS[1]) / LEVEL_FLOORS[1]


def too_fast(seconds: float, floor: float | None = None) -> bool:
    """Whether an answer that came ``seconds`` after its hand reached the player came
    faster than a person can answer (below ``floor``: see :func:`floor_of`; a millisecond
    is let go, as clocks' seconds since 1970 do not hold 1.8 s exactly)."""
    return seconds < (FLOOR if floor is None else floor) - TOLERANCE


def implausible(times: Sequence[float]) -> bool:
    """Whether a run's solve times are a script's: at least :data:`PLAUSIBLE_HANDS` of
    them, their median under :data:`PLAUSIBLE_MEDIAN`."""
    return len(times) >= PLAUSIBLE_HANDS and statistics.median(times) < PLAUSIBLE_MEDIAN


def steady(times: Sequence[float], least: int) -> bool:
    """Whether a duel's winning answers are a script's: at least ``least`` of them, every
    one under :data:`PLAUSIBLE_MEDIAN` (a duel is too short for a median: a person wins
    all of them so fast almost never, ``bench/pace_floors.py``)."""
    return len(times) >= least and max(times) < PLAUSIBLE_MEDIAN


def heard(recent: list[float], seconds: float) -> None:
    """Add an answer's ``seconds`` to a player's last answers (newest last), keeping the
    last :data:`RECENT_KEPT`."""
    recent.append(round(seconds, 2))
    del recent[:-RECENT_KEPT]


def scripted(recent: Sequence[float]) -> bool:
    """Whether a player's last answers (:func:`heard`, the one being judged among them) are
    at a script's steady pace: half of them or more under :data:`PLAUSIBLE_MEDIAN` (so their
    median is too, and the rule reads as it is told), judged from the first answer (a new
    account has no free answers)."""
    last = recent[-RECENT_KEPT:]
    return bool(last) and 2 * sum(seconds < PLAUSIBLE_MEDIAN for seconds in last) >= len(last)
