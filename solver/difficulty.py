"""How hard a hand is for people, computed from the arithmetic alone: every route a player
could take, weighted by how readily people take each step, and the near misses that slow
them down; a level ranks the score among the hands of the hand's own game.  The model, its
fit and what it gets right: docs/solver.md, *Hints, difficulty, deals, the daily puzzle*."""

from __future__ import annotations

import math
import sys
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from solver.arithmetic import Value, divide, whole
from solver.decks import hands
from solver.search import Multiset
from solver.solutions import SolverInputError, is_solvable, normalise

WEIGHTS = {"+": 0.73, "*": 0.40, "-": 0.71, "/": 1.02, "fraction": 5e-6}
"""How readily people take each kind of step on the way to the target (weights relative to
each other); ``fraction``: a division with a remainder, which people all but never try."""

LAST_WEIGHTS = {"+": 0.53, "*": 1.01, "-": 1.42, "/": 11.9}
"""The same for the last step, the one that makes the target (3 × 8, 20 + 4, 30 − 6,
48 ÷ 2), read with :data:`LAST_BIG_POWER`: what makes a last division or subtraction hard
is the big number it starts from."""

BIG_POWER = 1.98
"""A step on the way whose result ``r`` is bigger than the target is taken
``(target / r) ** BIG_POWER`` times as readily: people avoid big numbers."""

LAST_BIG_POWER = 4.66
"""A last step whose larger number ``n`` is bigger than the target (96 ÷ 4, 36 − 12) is taken
``(target / n) ** LAST_BIG_POWER`` times as readily."""

CHOICE_POWER = 0.05
"""How much the other steps a player could take weigh on each state's routes (their total
weight, to this power, divides them): a hand with more ways to go astray is a little
harder, which also tells apart hands whose routes weigh the same."""

NEAR_MISS_WEIGHT = 0.39
"""How much the near misses (routes to the target from all but one card) add to a score:
each looks like the answer until the card left over is noticed."""

CUTS = (-1.454, -0.788, -0.0669, 0.708)
"""Scores at which the levels 2, 3, 4 and 5 of four cards for 24 begin: about the quintiles
of its 1362 solvable hands."""

SHARES_BELOW = tuple(Fraction(n, 1346) for n in (294, 536, 844, 1092))
"""The share of the 1346 hands of four cards that make 24 without a fraction that score
below each of :data:`CUTS`: every other game's levels begin at these shares of its hands."""

MAX_RATED = 4
"""Hands of at most this many numbers have a level."""

DECK = (1, 13)
"""The cards of the hands a game's levels are ranked among."""

LABELS = {1: "easy", 2: "easy", 3: "medium", 4: "hard", 5: "hard"}


@dataclass(frozen=True)
class Difficulty:
    """A rating: ``level`` 1 (easiest) to 5, its ``label``, and the model's ``score``."""

    level: int
    label: str
    score: float
    needs_fraction: bool


def _steps(a: Value, b: Value, goal: Value, last: bool) -> list[tuple[float, Value]]:
    """Every (weight, result) of one step on ``a`` ≥ ``b`` (weighed as the ``last`` step, or as
    one on the way).

    Whole values are kept as ``int`` (see :func:`solver.arithmetic.whole`): most values on the
    table are whole, and ``int`` arithmetic is many times faster than ``Fraction``'s.
    """
    options = [("+", whole(a + b)), ("*", whole(a * b)), ("-", whole(a - b))]
    if b:
        options.append(("/", divide(a, b)))
    if a and a != b:
        options.append(("/", divide(b, a)))
    scale: Value = goal if goal > 0 else -goal if goal < 0 else 1
    if last:
        return [(LAST_WEIGHTS[op] * _bigness(a, scale, LAST_BIG_POWER), r) for op, r in options]
    steps = []
    for op, result in options:
        kind = "fraction" if op == "/" and type(result) is not int else op
        steps.append((WEIGHTS[kind] * _bigness(result, scale, BIG_POWER), result))
    return steps


def _bigness(value: Value, scale: Value, power: float) -> float:
    """How much less readily a step is taken for a number ``value`` above ``scale``."""
    return float(scale / value) ** power if value > scale else 1.0


@lru_cache(maxsize=100_000)
def _routes(state: tuple[Value, ...], goal: Value) -> float:
    """The weight of the routes from a sorted ``state`` to ``goal``: the sum, over every
    route, of the product of its steps' weights, each state's share divided by its choices
    (the weight of every step it offers) to the power :data:`CHOICE_POWER`."""
    if len(state) == 1:
        return 1.0 if state[0] == goal else 0.0
    last = len(state) == 2
    total = choices = 0.0
    for i in range(len(state)):
        for j in range(i + 1, len(state)):
            rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
            for weight, result in _steps(state[j], state[i], goal, last):
                choices += weight
                if last:
                    total += weight if result == goal else 0.0
                else:
                    total += weight * _routes(tuple(sorted((*rest, result))), goal)
    return total / float(choices**CHOICE_POWER)


def _near_misses(state: tuple[Value, ...], goal: Value) -> float:
    """The weight of the routes to ``goal`` from all but one of the numbers (from three
    numbers on: two of two make nothing a player would mistake for the answer)."""
    if len(state) < 3:
        return 0.0
    return sum(
        _routes(fewer, goal) for fewer in {state[:i] + state[i + 1 :] for i in range(len(state))}
    )


def difficulty(numbers: object, target: object = 24) -> Difficulty:
    """Rate a solvable hand of 1 to :data:`MAX_RATED` numbers from 1 (easy) to 5 (hard),
    among the hands of its game; raise ``ValueError`` if it is unsolvable, and
    :class:`SolverInputError` (a ``ValueError``) if it has more numbers."""
    hand, goal = normalise(numbers, target)
    if len(hand) > MAX_RATED:
        raise SolverInputError(
            f"difficulty levels are rated for hands of up to {MAX_RATED} numbers, not {len(hand)}"
        )
    score, needs_fraction = _score(hand, goal)
    level = 5 if needs_fraction else _level(score, len(hand), goal)
    return Difficulty(level, LABELS[level], score, needs_fraction)


@lru_cache(maxsize=8192)
def _score(hand: Multiset, goal: Value) -> tuple[float, bool]:
    """The model's score of a hand, and whether it needs a fraction on every route."""
    if not is_solvable(hand, goal):
        raise ValueError("an unsolvable hand has no difficulty")
    state, target = tuple(whole(x) for x in hand), whole(goal)
    routes = max(_routes(state, target), sys.float_info.min)  # a solvable hand has one
    near = _near_misses(state, target)
    score = -math.log(routes) + NEAR_MISS_WEIGHT * math.log1p(near)
    return score, not is_solvable(hand, goal, integer_only=True)


def _level(score: float, cards: int, goal: Value) -> int:
    """The level of a score among the hands of ``cards`` cards for ``goal``."""
    game = [] if (cards, goal) == (4, 24) else _game(cards, goal)
    if not game:
        # Four cards for 24, where the cuts were fitted; or a game with no hands to rank
        # among (no cards of the deck make the target): the fitted cuts are all there is.
        return 1 + sum(score >= cut for cut in CUTS)
    below = Fraction(bisect_left(game, score), len(game))
    return 1 + sum(below >= share for share in SHARES_BELOW)


@lru_cache(maxsize=64)
def _game(cards: int, goal: Value) -> list[float]:
    """The scores, in order, of the hands of ``cards`` cards from :data:`DECK` that make
    ``goal`` without a fraction."""
    return sorted(
        _score(hand, goal)[0]
        for hand in hands(DECK, cards)
        if is_solvable(hand, goal, integer_only=True)
    )
