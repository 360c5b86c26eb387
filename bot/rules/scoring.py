"""Points for a win, and what counts as a miss."""

from __future__ import annotations

import math
from fractions import Fraction

from bot.rules.votes import is_attempt
from solver import Verdict

POINTS_BY_LEVEL = {1: 10, 2: 15, 3: 20, 4: 30, 5: 40}
"""Points for winning a round by the hand's difficulty level (see solver.difficulty)."""

NO_SOLUTION_POINTS = 20
"""Points for rightly claiming that an unsolvable hand has no solution."""

UNRATED_POINTS = POINTS_BY_LEVEL[3]
"""Points for winning a round of a hand with no level (five or six cards): the middle
level's, whatever the hand."""

HINT_COST = Fraction(1, 4)
"""Each hint taken in a round removes this share of its points (never below one point); what
is left is rounded to the nearest point, a half up (7.5 → 8, 22.5 → 23)."""


def points(level: int | None, hints: int, *, solvable: bool = True) -> int:
    """Points for the winner of a round of difficulty ``level`` (None: a hand with no level)
    after ``hints`` hints; for rightly saying there is no solution, when not ``solvable``."""
    if not solvable:
        base = NO_SOLUTION_POINTS
    else:
        base = UNRATED_POINTS if level is None else POINTS_BY_LEVEL[level]
    return max(1, math.floor(base * (1 - HINT_COST * hints) + Fraction(1, 2)))


def elapsed(started: float, now: float) -> float:
    """Seconds from ``started`` to ``now``, never below zero: ``started`` may come from
    before a restart, on another clock."""
    return max(0.0, now - started)


def counts_as_miss(verdict: Verdict) -> bool:
    """Whether a wrong answer counts against the player (in a round's list of wrong answers,
    a duel's and a challenge's misses, a daily result's): only an attempt that writes an
    expression with the cards (:func:`~bot.rules.votes.is_attempt`), as a word game counts
    only guesses that are words.  Chat ("hi"), a typo (an unknown sign, a bracket left
    open), other numbers or a card left out are told what is wrong, and cost nothing."""
    return not verdict.ok and is_attempt(verdict)
