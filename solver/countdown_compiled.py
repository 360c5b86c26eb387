"""The compiled search under Countdown's rules (``solver/_countdown.c``), where it was built.

It answers what :meth:`solver.countdown.Countdown.one_form` and
:meth:`~solver.countdown.Countdown.nearest` ask, for hands whose values fit in machine
words, with the same choices as the pure Python path (a test runs both on the same draws);
the expressions come back as trees (a number, or ``(op, first, second, value)``), which
:func:`form` turns into normal forms with :func:`solver.normal_form.combine`.  Like the
core of the 24 game's search (:mod:`solver.core`) it is built by ``pip install`` where a C
compiler is at hand, and not used with ``TWENTYFOUR_PURE_PYTHON`` set.
"""

from __future__ import annotations

import os
from typing import Protocol, TypeAlias

from solver.core import PURE_PYTHON
from solver.normal_form import Form, combine, leaf

Tree: TypeAlias = "int | tuple[str, Tree, Tree, int]"
"""One expression: a number, or ``(op, first, second, value)`` for ``first op second``."""

Way = tuple[int, Tree]
"""A value and one expression of it."""


class Best(Protocol):
    """What :func:`solver._countdown.best` is."""

    def __call__(
        self, numbers: tuple[int, ...], target: int, both: bool, /
    ) -> tuple[Way | None, Way | None, Way | None] | None: ...


def load() -> Best | None:
    """The compiled search, or ``None`` where it was not built or is switched off."""
    if os.environ.get(PURE_PYTHON, "") not in ("", "0"):
        return None
    try:
        from solver import _countdown
    except ImportError:
        return None
    best: Best = _countdown.best
    return best


def form(tree: Tree) -> Form:
    """The normal form of a tree."""
    if isinstance(tree, int):
        return leaf(tree)
    op, first, second, value = tree
    return combine(form(first), form(second), op, value)
