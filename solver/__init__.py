"""Twenty-Four's solver: exact, complete and duplicate-free answers to the 24 game."""

from solver.answers import Verdict, check, is_claim
from solver.codes import Code
from solver.deal import daily, daily_number, daily_pools, deal
from solver.decks import DeckStats, deck_stats
from solver.difficulty import Difficulty, difficulty
from solver.hints import Hint, hint
from solver.solutions import (
    Closest,
    Listing,
    Solution,
    SolverInputError,
    closest,
    is_solvable,
    solution_of,
    solve,
    solve_within,
)

__all__ = [
    "Closest",
    "Code",
    "DeckStats",
    "Difficulty",
    "Hint",
    "Listing",
    "Solution",
    "SolverInputError",
    "Verdict",
    "check",
    "closest",
    "daily",
    "daily_number",
    "daily_pools",
    "deal",
    "deck_stats",
    "difficulty",
    "hint",
    "is_claim",
    "is_solvable",
    "solution_of",
    "solve",
    "solve_within",
]
