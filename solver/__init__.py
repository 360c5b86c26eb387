"""Twenty-Four's solver: exact, complete and duplicate-free answers to the 24 game.

Owns the arithmetic: parsing and checking answers, finding and printing solutions, hints,
difficulty, deals and decks, the numbers game.  Imports only itself and the standard
library, and does no I/O but its command line (``python -m solver``); nothing of the bot
or Telegram (``tests/test_layers.py``).

Each public name is imported from its module when it is first asked for (``from solver
import solve`` imports only what solving needs, not parsing, deals or difficulty), so that
a command-line run or a new worker process starts in milliseconds.
"""

import sys
from types import ModuleType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from solver.checking import Verdict, check, is_claim
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

_HOMES = {
    "solver.checking": ("Verdict", "check", "is_claim"),
    "solver.codes": ("Code",),
    "solver.deal": ("daily", "daily_number", "daily_pools", "deal"),
    "solver.decks": ("DeckStats", "deck_stats"),
    "solver.difficulty": ("Difficulty", "difficulty"),
    "solver.hints": ("Hint", "hint"),
    "solver.solutions": (
        "Closest",
        "Listing",
        "Solution",
        "SolverInputError",
        "closest",
        "is_solvable",
        "solution_of",
        "solve",
        "solve_within",
    ),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

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


def __getattr__(name: str) -> object:
    """A public name, imported from its module at its first use (PEP 562)."""
    home = _HOME_OF.get(name)
    if home is None:
        # Also how ``from solver import search`` goes on to import the submodule.
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    __import__(home)
    value = getattr(sys.modules[home], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(ModuleType):
    """The package, whose public ``deal`` and ``difficulty`` are functions of the modules of
    the same names: importing such a module (``from solver.deal import daily``) must not
    bind the module over the function, as the import system does for a submodule."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _HOME_OF and isinstance(value, ModuleType):
            return  # the module stays in sys.modules, where imports find it
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
