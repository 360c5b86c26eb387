"""The compiled core of the search, where it was built, and the switch to do without it.

``solver/_core.c`` is a C twin of the heart of :class:`solver.search.Engine`: the values a
multiset makes, whether it makes one, and the steps of its forms, over fractions held in
machine words; and the loop that combines the forms of those steps into the forms of a
value, where it makes the normal forms itself (``combine``, ``solver/_core_forms.h``: the
very tuples :func:`solver.normal_form.combine` makes) and asks Python's ``combine`` only for
those whose values or bags do not fit in its machine words. It is built by ``pip install``
where a C compiler is at hand, and skipped where none is: the solver then runs as pure
Python and gives the same answers (a test runs both on the same hands). The core gives up
(``None``) on hands too large for machine words, which Python then works out. With
:data:`PURE_PYTHON` set in the environment (to anything but ``""`` or ``0``) the core is not
used even where it was built: for tests and benchmarks.
"""

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
