"""The nodes that normal forms (:mod:`solver.normal_form`) are made of.

A *node* is a nested tuple that is its own canonical key:

* ``(LEAF, value)``: a card;
* ``(SUM, value, plus, minus)``: a run of + and −, ``plus`` and ``minus`` sorted tuples of
  nodes that are not sums;
* ``(PRODUCT, value, num, den)``: a run of × and ÷, ``num`` and ``den`` sorted tuples of
  nodes that are not products.

Every value is non-negative: a difference is always larger − smaller.  One more node,
:data:`HOLE`, holds the place of a reciprocal's 1 until the solution is finished.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.arithmetic import Value

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from typing import Any
else:  # at run time it only names a type
    Any = object

# A node's shape depends on its kind (its first item), which the type cannot say; nodes are
# compared and sorted as plain tuples.
Node = tuple[Any, ...]
Bag = tuple[tuple[Node, ...], tuple[Node, ...]]
Form = tuple[Node, tuple[Node, ...], tuple[Bag, ...]]
Masks = Sequence[tuple[int, int]]
"""Parts of a bag, each as a pair of index masks into its two sides."""

LEAF, SUM, PRODUCT = 0, 1, 2

HOLE: Node = (3, 1)
"""Where a reciprocal's 1 stands (1/x), worth 1.  Any factor worth 1 that the solution lifts,
there or anywhere else, may be that 1: (3+(9−8)÷x)×1 is (3+1÷x)×(9−8).  So the 1 is lifted
like the others, and :func:`~solver.normal_form.finish` chooses which of them fill the holes."""


def leaf(value: Value) -> Form:
    """The form of a single card."""
    return ((LEAF, value), (), ())


def terms(node: Node) -> Bag:
    """The signed terms of a node seen as a sum: ``(plus, minus)``."""
    if node[0] == SUM:
        return node[2], node[3]
    return (node,), ()


def factors(node: Node) -> Bag:
    """The factors of a node seen as a product: ``(numerator, denominator)``."""
    if node[0] == PRODUCT:
        return node[2], node[3]
    return (node,), ()
