"""How hard a hand is for people, computed from the arithmetic alone.

The model is a player who searches at random the way people do: pick two of the numbers on
the table, combine them with an operation, put the result back, and go on until one number
is left.  Each operation is picked with a weight (people reach for + and × before − and ÷,
seldom make a fraction, and avoid big numbers), so the chance that such a search ends on the
target is high for easy hands and tiny for hard ones.

``score = −ln(chance)``.  Hands that need a fraction on every route are rated 5 whatever the
chance.  The weights and the level cut-offs were fitted once against the 4nums.com ranking
of the 1362 solvable hands (``bench/calibrate_difficulty.py`` recomputes the fit's figure);
the rating itself looks nothing up.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from solver.arithmetic import Value, divide, whole
from solver.search import Multiset
from solver.solutions import is_solvable, normalise

WEIGHTS = {"+": 0.72, "*": 0.76, "-": 1.0, "/": 0.37, "fraction": 1.0}
"""How often the model player picks each operation; ``fraction``: a division with a remainder."""

BIG = 30
"""Results above this are picked less often, by :data:`BIG_FACTOR`."""

BIG_FACTOR = 0.14

CUTS = (4.6, 5.2, 5.8, 6.4)
"""Scores at which the levels 2, 3, 4 and 5 begin: the quintiles of the 1362 solvable hands."""

LABELS = {1: "easy", 2: "easy", 3: "medium", 4: "hard", 5: "hard"}

EXACT_UP_TO = 5
"""Hands of at most this many numbers are scored exactly; larger ones by sampled searches."""

SAMPLES = 4000


@dataclass(frozen=True)
class Difficulty:
    """A rating: ``level`` 1 (easiest) to 5, its ``label``, and the model's ``score``."""

    level: int
    label: str
    score: float
    needs_fraction: bool


def _steps(a: Value, b: Value) -> list[tuple[float, Value]]:
    """Every (weight, result) of one operation on ``a`` ≥ ``b``.

    Whole values are kept as ``int`` (see :func:`solver.arithmetic.whole`): most values on the
    table are whole, and ``int`` arithmetic is many times faster than ``Fraction``'s.
    """
    options = [("+", whole(a + b)), ("*", whole(a * b)), ("-", whole(a - b))]
    if b:
        options.append(("/", divide(a, b)))
    if a:
        options.append(("fraction", divide(b, a)))
    steps = []
    for op, result in options:
        kind = "fraction" if op == "/" and type(result) is not int else op
        steps.append((WEIGHTS[kind] * (BIG_FACTOR if result > BIG else 1.0), result))
    return steps


def _moves(state: tuple[Value, ...]) -> list[tuple[float, tuple[Value, ...]]]:
    """Every (weight, next state) the model player can move to from a sorted ``state``."""
    moves = []
    n = len(state)
    for i in range(n):
        for j in range(i + 1, n):
            rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
            for weight, result in _steps(state[j], state[i]):
                moves.append((weight, tuple(sorted((*rest, result)))))
    return moves


@lru_cache(maxsize=100_000)
def _chance(state: tuple[Value, ...], target: Value) -> float:
    if len(state) == 1:
        return 1.0 if state[0] == target else 0.0
    if len(state) == 2:
        # The last move: no state follows, so its chance is read off the results directly.
        steps = _steps(state[1], state[0])
        total = sum(w for w, _ in steps)
        return sum(w if result == target else 0.0 for w, result in steps) / total
    moves = _moves(state)
    total = sum(w for w, _ in moves)
    return sum(w * _chance(nxt, target) for w, nxt in moves) / total


def _sampled_chance(state: tuple[Value, ...], target: Value) -> float:
    rng = random.Random(f"{state}->{target}")
    hits = 0
    for _ in range(SAMPLES):
        current = state
        while len(current) > 1:
            moves = _moves(current)
            current = rng.choices([m[1] for m in moves], weights=[m[0] for m in moves])[0]
        hits += current[0] == target
    return hits / SAMPLES


def difficulty(numbers: object, target: object = 24) -> Difficulty:
    """Rate a solvable hand from 1 (easy) to 5 (hard); raise ``ValueError`` if unsolvable."""
    return _rate(*normalise(numbers, target))


@lru_cache(maxsize=4096)
def _rate(hand: Multiset, goal: Value) -> Difficulty:
    if not is_solvable(hand, goal):
        raise ValueError("an unsolvable hand has no difficulty")
    needs_fraction = not is_solvable(hand, goal, integer_only=True)
    state = tuple(whole(x) for x in hand)
    if len(hand) <= EXACT_UP_TO:
        chance = _chance(state, whole(goal))
    else:
        chance = _sampled_chance(state, whole(goal))
    score = -math.log(chance) if chance > 0 else 50.0
    level = 5 if needs_fraction else 1 + sum(score >= cut for cut in CUTS)
    return Difficulty(level, LABELS[level], score, needs_fraction)
