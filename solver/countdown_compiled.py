"""The compiled search under Countdown's rules (``solver/_countdown.c``), where it was built:
:class:`Hand` answers what :class:`solver.countdown_search.Countdown` asks, with the same
choices, for hands whose values fit in machine words (docs/solver.md, *The compiled Countdown
search*)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol, TypeAlias

from solver.core import PURE_PYTHON
from solver.normal_form import Form, combine, leaf

Tree: TypeAlias = "int | tuple[str, Tree, Tree, int]"
"""One expression: a number, or ``(op, first, second, value)`` for ``first op second``."""

Way = tuple[int, Tree]
"""A value and one expression of it."""


class Hand(Protocol):
    """The compiled search of one hand (:func:`solver._countdown.hand`); ``None`` means
    "not for this hand" (a value does not fit in machine words), from then on."""

    def best(self, target: int, both: bool, /) -> tuple[Way | None, Way | None, Way | None] | None:
        """One way the smallest part makes ``target`` (with ``both``, or where none makes
        it, the values nearest it on each side, with one way each)."""

    def values(self, part: tuple[int, ...], /) -> frozenset[int] | None:
        """The values a part of the hand makes."""


Search = Callable[[tuple[int, ...]], Hand | None]
"""The search of a hand (its numbers sorted), or ``None`` where a number does not fit."""


def load() -> Search | None:
    """The compiled search, or ``None`` where it was not built or is switched off."""
    if os.environ.get(PURE_PYTHON, "") not in ("", "0"):
        return None
    try:
        from solver import _countdown
    except ImportError:
        return None
    search: Search = _countdown.hand
    return search


def form(tree: Tree) -> Form:
    """The normal form of a tree."""
    if isinstance(tree, int):
        return leaf(tree)
    op, first, second, value = tree
    return combine(form(first), form(second), op, value)
