"""Twenty-Four's solver: exact, complete and duplicate-free answers to the 24 game.

Parsing and checking answers, solutions, hints, difficulty, deals, the numbers game; the
standard library only, no I/O but ``python -m solver``.  Public names load at first use
(docs/performance.md, *The cold start and the Python around a search*); the reference is
docs/solver.md."""

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
