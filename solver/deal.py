"""Dealing hands from a real deck, and the one puzzle of each day."""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Mapping
from functools import lru_cache

from solver.daily_levels import schedule_levels
from solver.decks import SUITS, hands
from solver.difficulty import LABELS, MAX_RATED, difficulty
from solver.search import engine
from solver.solutions import SolverInputError, is_solvable, normalise

MAX_TRIES = 10_000
"""Draws :func:`deal` makes before it gives up on a combination no hand satisfies."""

DAILY_EPOCH = dt.date(2026, 1, 1)
"""Daily #1."""

DailyPools = dict[int, list[tuple[int, ...]]]
"""The daily puzzle's hands by difficulty level, in the order they come."""

DAILY_LEVELS = {0: 1, 1: 2, 2: 3, 3: 3, 4: 4, 5: 5, 6: 5}
"""Difficulty level by weekday (Monday is 0): gentle on Monday, hardest at the weekend."""


def deal(
    rng: random.Random,
    *,
    cards: int = 4,
    deck: tuple[int, int] = (1, 13),
    target: int = 24,
    difficulty: str | int | None = None,
    solvable: bool = True,
) -> tuple[int, ...]:
    """Draw ``cards`` cards from a shuffled deck with four suits of each rank in ``deck``.

    ``difficulty`` is a label (``easy``, ``medium``, ``hard``) or a level 1 to 5 (for hands
    of up to :data:`~solver.difficulty.MAX_RATED` cards); with ``solvable`` false the hand may
    be unsolvable (as a real deal would be).  Raises :class:`SolverInputError` when no hand
    fits.
    """
    low, high = deck
    pack = [rank for rank in range(low, high + 1) for _ in range(SUITS)]
    if not 1 <= cards <= min(len(pack), 8):
        raise SolverInputError(f"cannot deal {cards} cards from {low}-{high}")
    wanted = _wanted_levels(difficulty)
    if wanted is not None and cards > MAX_RATED:
        raise SolverInputError(
            f"difficulty levels are rated for hands of up to {MAX_RATED} cards, not {cards}"
        )
    for _ in range(MAX_TRIES):
        hand = tuple(rng.sample(pack, cards))
        if not solvable and wanted is None:
            return hand
        if not is_solvable(hand, target):
            continue
        if wanted is None or _level(tuple(sorted(hand)), target) in wanted:
            return hand
    raise SolverInputError(
        f"no {difficulty} hand of {cards} cards from {low}-{high} makes {target}"
    )


def listing_work(numbers: object, target: object = 24) -> int:
    """A measure of the work :func:`~solver.solutions.solve` takes to list every solution
    (the steps its search combines at the top: a split of the hand in two, a value of each
    part, an operation), found in well under a millisecond, so that a deal can tell a hand
    that lists at once from one that takes a while.  For six cards from 1 to 13 making 24
    the median is about 230 steps (some 12 ms of listing); four hands in five have 300 or
    fewer, and 99 in a hundred of those list within 30 ms of CPU, against 50 to 65 ms for
    all hands.  Raises :class:`SolverInputError` as ``solve`` does."""
    hand, goal = normalise(numbers, target)
    return engine().step_count(hand, goal)


def _wanted_levels(difficulty: str | int | None) -> set[int] | None:
    if difficulty is None:
        return None
    if isinstance(difficulty, int) and 1 <= difficulty <= 5:
        return {difficulty}
    levels = {level for level, label in LABELS.items() if label == difficulty}
    if not levels:
        raise SolverInputError(f"unknown difficulty {difficulty!r}: use easy, medium or hard")
    return levels


@lru_cache(maxsize=20_000)
def _level(hand: tuple[int, ...], target: int) -> int:
    return difficulty(hand, target).level


def _stable_order(hand: tuple[int, ...]) -> bytes:
    return hashlib.sha256(("twenty-four daily " + " ".join(map(str, hand))).encode()).digest()


def daily_pools(levels: Mapping[tuple[int, ...], int] | None = None) -> DailyPools:
    """The solvable 4-card hands by level, each in the fixed pseudo-random order the daily
    puzzle takes them in.

    ``levels`` gives each hand of four cards from 1 to 13 a level (0 or absent for a hand
    with no solution to 24); without it, the schedule's own, frozen
    (:data:`solver.daily_levels.SCHEDULE_LEVELS`): the daily puzzle's pools.
    """
    if levels is None:
        return _schedule_pools()
    pools: DailyPools = {level: [] for level in range(1, 6)}
    for hand in hands((1, 13), 4):
        level = levels.get(hand, 0)
        if level:
            pools[level].append(hand)
    for pool in pools.values():
        pool.sort(key=_stable_order)
    return pools


@lru_cache(maxsize=1)
def _schedule_pools() -> DailyPools:
    return daily_pools(schedule_levels())


def daily_number(date: dt.date) -> int:
    """The puzzle's number: #1 on :data:`DAILY_EPOCH`."""
    return (date - DAILY_EPOCH).days + 1


def daily(date: dt.date, pools: DailyPools | None = None) -> tuple[int, ...]:
    """The puzzle of a calendar day: four cards from 1 to 13 that make 24.

    The same in every process and every release (it depends on the date alone: the levels
    it is drawn from are frozen, :mod:`solver.daily_levels`); its level follows the weekday
    (:data:`DAILY_LEVELS`); a hand comes back only after every other hand of its level has
    had its turn, which is longer than a year for every level.  ``pools``: another schedule's
    (:func:`daily_pools` of other levels), for a test.
    """
    level = DAILY_LEVELS[date.weekday()]
    pool = (pools or _schedule_pools())[level]
    days = (date - DAILY_EPOCH).days
    weeks, weekday = divmod(days + DAILY_EPOCH.weekday(), 7)
    same_level_days = [d for d in range(7) if DAILY_LEVELS[d] == level]
    turn = weeks * len(same_level_days) + same_level_days.index(weekday)
    return pool[turn % len(pool)]
