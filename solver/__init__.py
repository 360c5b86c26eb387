"""Twenty-Four's solver: exact, complete and duplicate-free answers to the 24 game.

Owns the arithmetic: parsing and checking answers, finding and printing solutions, hints,
difficulty, deals and decks, the numbers game.  Imports only itself and the standard
library, and does no I/O but its command line (``python -m solver``); nothing of the bot
or Telegram (``tests/test_layers.py``).
"""

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
