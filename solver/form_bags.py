"""Bags of signed nodes (the terms of a sum, the factors of a product) and their parts that
cancel: worth 0 in a sum, or 1 in a product.  A part is given by a pair of index masks into
the bag's two sides (:data:`~solver.form_nodes.Masks`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from solver.arithmetic import Value
from solver.form_nodes import Bag, Masks, Node

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from typing import Any, TypeVar

    _Sortable = TypeVar("_Sortable", bound=tuple[Any, ...])


def subset_totals(nodes: tuple[Node, ...], combine: str) -> list[Value]:
    """The sum (``"+"``) or product (``"*"``) of the values of each subset, indexed by mask."""
    return value_totals(tuple(map(value_of, nodes)), combine)


def value_totals(values: tuple[Value, ...], combine: str) -> list[Value]:
    """:func:`subset_totals` of the nodes of these values."""
    totals: list[Value] = [0 if combine == "+" else 1]
    for value in values:
        if combine == "+":
            totals += [t + value for t in totals]
        else:
            totals += [t * value for t in totals]
    return totals


value_of = itemgetter(1)
"""A node's value."""

MASKS_KEPT = 1 << 16
"""How many bags' masks :func:`zero_subbags` (and its kin for products) keep: they depend
only on the values of the bag's nodes, and the same values come back again and again."""


def zero_subbags(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Masks:
    """Index masks ``(plus_mask, minus_mask)`` of every non-empty sub-bag whose total is 0."""
    if not minus and all(n[1] for n in plus):
        return ()
    return _zero_masks(tuple(map(value_of, plus)), tuple(map(value_of, minus)))


@lru_cache(maxsize=MASKS_KEPT)
def _zero_masks(plus: tuple[Value, ...], minus: tuple[Value, ...]) -> Masks:
    by_total: dict[Value, list[int]] = {}
    for pmask, total in enumerate(value_totals(plus, "+")):
        by_total.setdefault(total, []).append(pmask)
    return tuple(
        (pmask, mmask)
        for mmask, total in enumerate(value_totals(minus, "+"))
        for pmask in by_total.get(total, ())
        if pmask or mmask
    )


def forget_masks() -> None:
    """Empty the masks kept (for benchmarks that time a cold start)."""
    _zero_masks.cache_clear()


def split(nodes: tuple[Node, ...], mask: int) -> tuple[tuple[Node, ...], tuple[Node, ...]]:
    """The ``nodes`` whose index is in ``mask``, and the others, each in their order."""
    inside: list[Node] = []
    outside: list[Node] = []
    for node in nodes:
        (inside if mask & 1 else outside).append(node)
        mask >>= 1
    return tuple(inside), tuple(outside)


def canonical_bag(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Bag:
    """The least orientation of a bag of signed terms.

    A part worth exactly 0 has no direction (p−q is q−p when p = q), so flipping the signs of
    any zero-total sub-bag gives the same solution.  The result is the least bag, with a
    non-empty plus side, reachable by such flips.
    """
    start = (tuple(sorted(plus)), tuple(sorted(minus)))
    if not zero_subbags(*start):
        return start
    return min(flips(start, zero_subbags), key=lambda bag: (not bag[0], bag))


def flips(start: Bag, parts: Callable[[tuple[Node, ...], tuple[Node, ...]], Masks]) -> set[Bag]:
    """Every bag reachable from ``start`` by moving a part that ``parts`` finds (by index
    masks: a part worth 0 in a sum, or 1 in a product) to the other side, ``start`` included."""
    seen = {start}
    todo = [start]
    while todo:
        top, bottom = todo.pop()
        for top_mask, bottom_mask in parts(top, bottom):
            top_in, top_out = split(top, top_mask)
            bottom_in, bottom_out = split(bottom, bottom_mask)
            flipped = (tuple(sorted(top_out + bottom_in)), tuple(sorted(bottom_out + top_in)))
            if flipped not in seen:
                seen.add(flipped)
                todo.append(flipped)
    return seen


def extract(
    top: tuple[Node, ...],
    bottom: tuple[Node, ...],
    masks: Masks,
    as_bag: Callable[[tuple[Node, ...], tuple[Node, ...]], Bag],
) -> tuple[tuple[Node, ...], tuple[Node, ...], Bag]:
    """Take out of a sum (``top`` added, ``bottom`` subtracted) or a product (numerator,
    denominator) the best of the parts that cancel, each given by index ``masks``.

    Returns what is left of each side and the part taken out, as ``as_bag`` makes it a bag of
    terms.  The best part leaves the fewest nodes; ties go to the least rest.
    """
    candidates = []
    for top_mask, bottom_mask in masks:
        top_in, top_out = split(top, top_mask)
        bottom_in, bottom_out = split(bottom, bottom_mask)
        candidates.append(
            (tuple(sorted(top_out)), tuple(sorted(bottom_out)), as_bag(top_in, bottom_in))
        )
    return min(candidates, key=lambda c: (len(c[0]) + len(c[1]), c[0], c[1], c[2]))


def merge(*parts: tuple[_Sortable, ...]) -> tuple[_Sortable, ...]:
    """The items of all ``parts`` in one sorted tuple."""
    joined = parts[0] if len(parts) == 1 else tuple(chain.from_iterable(parts))
    return joined if len(joined) < 2 else tuple(sorted(joined))
