"""How hard a hand is for people, computed from the arithmetic alone.

The model is a player who searches at random the way people do: pick two of the numbers on
the table, combine them with an operation, put the result back, and go on until one number
is left.  Each operation is picked with a weight (people reach for + and × before − and ÷,
seldom make a fraction, and avoid big numbers), so the chance that such a search ends on the
target is high for easy hands and tiny for hard ones.

``score = −ln(chance)``.  Hands that need a fraction on every route are rated 5 whatever the
chance.  The weights and the level cut-offs were fitted once against the 4nums.com ranking
of the 1362 solvable hands of four cards for 24 (``bench/calibrate_difficulty.py``
recomputes the fit's figure); the rating itself looks nothing up.

A level ranks a hand among the hands of its own game: the hands of as many cards from 1 to
13 that make the same target.  Four cards for 24 are cut at :data:`CUTS`; every other game
is cut at the same shares of its own hands (:data:`SHARES_BELOW`), so that a level means the
same part of the game's hands whatever the target: 2 8 10 → 100 is a middling hand of three
cards for 100, not a hard one of four for 24.  A game is ranked once, when its first hand is
rated (about 3 s for four cards).  Hands of more than :data:`MAX_RATED` numbers have too many
fellows to rank (6188 hands of five cards) and have no level.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from solver.arithmetic import Value, divide, whole
from solver.decks import hands
from solver.search import Multiset
from solver.solutions import SolverInputError, is_solvable, normalise

WEIGHTS = {"+": 0.72, "*": 0.76, "-": 1.0, "/": 0.37, "fraction": 1.0}
"""How often the model player picks each operation; ``fraction``: a division with a remainder."""

BIG = 30
"""Results above this are picked less often, by :data:`BIG_FACTOR`."""

BIG_FACTOR = 0.14

CUTS = (4.6, 5.2, 5.8, 6.4)
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
    chance = _chance(tuple(whole(x) for x in hand), whole(goal))
    return -math.log(chance), not is_solvable(hand, goal, integer_only=True)


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
