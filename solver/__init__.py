"""Twenty-Four's solver: exact, complete and duplicate-free answers to the 24 game."""

from solver.answers import Code, Verdict, check
from solver.difficulty import Difficulty, difficulty
from solver.solutions import (
    Closest,
    Solution,
    SolverInputError,
    closest,
    first_solution,
    is_solvable,
    solve,
)
from solver.stats import DeckStats, stats

__all__ = [
    "Closest",
    "Code",
    "DeckStats",
    "Difficulty",
    "Solution",
    "SolverInputError",
    "Verdict",
    "check",
    "closest",
    "difficulty",
    "first_solution",
    "is_solvable",
    "solve",
    "stats",
]
