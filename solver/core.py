"""The compiled core of the search (``solver/_core.c``), where it was built, and the switch to
do without it (:data:`PURE_PYTHON`).  It answers what :class:`solver.search.Engine` asks for
hands whose values fit in machine words, and gives up (``None``) on others: docs/solver.md,
*The compiled core*."""

from __future__ import annotations

import os
from collections.abc import Callable
from fractions import Fraction

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from typing import Any, Protocol
else:  # at run time these only name types
    Any = Protocol = object

PURE_PYTHON = "TWENTYFOUR_PURE_PYTHON"
"""The environment variable that keeps the solver on its pure Python path."""


Step = tuple[tuple[Any, ...], Any, str, tuple[Any, ...], Any, bool]
"""``(part, a, op, rest, w, a_first)``: ``part`` makes ``a``, ``rest`` makes ``w``, and
``a op w`` (``w op a`` unless ``a_first``) is a form of the value asked for."""


class Core(Protocol):
    """What :mod:`solver._core` offers (see its ``Core`` type); ``None`` means "not for
    this hand": the numbers or the values they make do not fit in machine words."""

    def values(self, numbers: tuple[Any, ...], /) -> frozenset[Any] | None: ...
    def reach(self, numbers: tuple[Any, ...], v: Any, /) -> bool | None: ...
    def steps(self, numbers: tuple[Any, ...], v: Any, /) -> list[Step] | None: ...
    def forms(
        self, numbers: tuple[Any, ...], v: Any, combine: Callable[[Any, Any, str, Any], Any], /
    ) -> frozenset[Any] | None: ...
    def combine(self, a: Any, b: Any, op: str, v: Any, /) -> Any | None: ...
    def clear(self) -> None: ...


def built() -> bool:
    """Whether the compiled core was built for this installation."""
    try:
        from solver import _core  # noqa: F401
    except ImportError:
        return False
    return True


def wanted() -> bool:
    """Whether the compiled core is to be used: built, and not switched off."""
    return os.environ.get(PURE_PYTHON, "") in ("", "0") and built()


def load(
    integer_only: bool,
    fraction: Callable[[int, int], Fraction],
    splitter: Callable[[tuple[Any, ...]], list[tuple[tuple[Any, ...], tuple[Any, ...]]]],
) -> Core | None:
    """A new core for one rule set, or ``None`` where there is none to use.

    ``fraction(n, d)`` makes the fractions it hands back; ``splitter`` cuts a multiset in
    two as :func:`solver.search.splits` does, in the same order.
    """
    if not wanted():
        return None
    from solver import _core

    core: Core = _core.Core(integer_only, fraction, splitter)
    return core
