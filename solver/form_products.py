"""The normal form of a × or ÷ (see :mod:`solver.normal_form`)."""

from __future__ import annotations

from functools import lru_cache

from solver.arithmetic import Value
from solver.form_bags import (
    MASKS_KEPT,
    canonical_bag,
    extract,
    flips,
    merge,
    value_of,
    value_totals,
)
from solver.form_nodes import HOLE, PRODUCT, Bag, Form, Masks, Node, terms


def _product_value(nodes: tuple[Node, ...]) -> Value:
    result: Value = 1
    for n in nodes:
        result *= n[1]
    return result


def _one_subbags(num: tuple[Node, ...], den: tuple[Node, ...]) -> Masks:
    """Masks of sub-bags with a numerator and a denominator part of equal products."""
    if not den:
        return ()
    return _one_masks(tuple(map(value_of, num)), tuple(map(value_of, den)))


@lru_cache(maxsize=MASKS_KEPT)
def _one_masks(num: tuple[Value, ...], den: tuple[Value, ...]) -> Masks:
    by_product: dict[Value, list[int]] = {}
    for nmask, product in enumerate(value_totals(num, "*")):
        if nmask:
            by_product.setdefault(product, []).append(nmask)
    return tuple(
        (nmask, dmask)
        for dmask, product in enumerate(value_totals(den, "*"))
        if dmask
        for nmask in by_product.get(product, ())
    )


def forget_masks() -> None:
    """Empty the masks kept (for benchmarks that time a cold start)."""
    _one_masks.cache_clear()


def _as_term_bag(num: tuple[Node, ...], den: tuple[Node, ...]) -> Bag:
    """The cancelled factors N÷D put at the top as the signed terms of +N − D."""
    plus: list[Node] = []
    minus: list[Node] = []
    for side, same, other in ((num, plus, minus), (den, minus, plus)):
        node = (
            side[0] if len(side) == 1 else (PRODUCT, _product_value(side), tuple(sorted(side)), ())
        )
        p, m = terms(node)
        same.extend(p)
        other.extend(m)
    return canonical_bag(tuple(plus), tuple(minus))


Reduced = tuple[tuple[Node, ...], tuple[Node, ...], Bag | None, tuple[Node, ...]]
"""A product once reduced: numerator, denominator, the part that cancelled (if any), and the
factors worth 1 lifted out of it."""


def _lift_ones(
    num: tuple[Node, ...], den: tuple[Node, ...], lifted: tuple[Node, ...]
) -> tuple[tuple[Node, ...], tuple[Node, ...], tuple[Node, ...]]:
    """A product's numerator and denominator without the factors worth exactly 1, and those
    factors joined to the ones ``lifted`` before.

    A numerator made only of such factors is a :data:`HOLE` over what is left of the
    denominator (1/x is a real reciprocal), or, with nothing left there, the least of all the
    ones (the product is itself worth 1).  A hole beside other factors, or turned into the
    denominator, is dropped: its 1 was lifted with the others.
    """
    if 1 not in map(value_of, num) and 1 not in map(value_of, den):
        return num, den, lifted
    keep = tuple(n for n in num if n[1] != 1)
    under = tuple(n for n in den if n[1] != 1)
    if len(keep) + len(under) == len(num) + len(den):
        return num, den, lifted
    pool = sorted([n for n in num + den if n[1] == 1 and n != HOLE] + list(lifted))
    if not keep:
        keep = (HOLE,) if under else (pool.pop(0),)
    return keep, under, tuple(pool)


def _without_waste(num: tuple[Node, ...], den: tuple[Node, ...]) -> Reduced:
    """A product with the best part that cancels taken out (see
    :func:`~solver.form_bags.extract`), if one does while something else stays in the
    numerator; else the product as it is."""
    # A turn (see _reduce_product) may have brought the numerator's hole to the denominator.
    num, den, lifted = _lift_ones(num, den, ())
    whole_num = (1 << len(num)) - 1
    masks = [(nm, dm) for nm, dm in _one_subbags(num, den) if nm != whole_num]
    if masks:
        return (*extract(num, den, masks, _as_term_bag), lifted)
    return tuple(sorted(num)), tuple(sorted(den)), None, lifted


def _reduce_product(num: tuple[Node, ...], den: tuple[Node, ...]) -> Reduced:
    """A product once what cancels in it is taken out.

    A part worth exactly 1 that is the whole numerator is no waste (1/x is a real reciprocal),
    but it has no direction: p÷q is q÷p when p = q, so (34+21)÷55÷x is 55÷(34+21)÷x.  So every
    orientation reachable by such turns is considered, with what then cancels beside something
    else or is worth 1, and the least result (fewest factors left) is the form.
    """
    whole_num = (1 << len(num)) - 1
    if all(nm != whole_num for nm, _ in _one_subbags(num, den)):
        return _without_waste(num, den)
    start = (tuple(sorted(num)), tuple(sorted(den)))
    options = [_without_waste(*bag) for bag in flips(start, _one_subbags)]
    return min(options, key=lambda o: (len(o[0]) + len(o[1]), o[0], o[1], o[2] or (), o[3]))


def make_product(
    num: tuple[Node, ...], den: tuple[Node, ...], value: Value, a: Form, b: Form
) -> Form:
    """The form of a × or ÷ of forms ``a`` and ``b`` whose factors are given."""
    cancelled = a[2] + b[2]
    # A factor worth exactly 1 is lifted out, wherever it stands (but see _lift_ones).
    num, den, lifted = _lift_ones(num, den, a[1] + b[1])
    if value == 0:
        # 0÷w is 0×w: a product worth nothing has no denominator.
        num, den = num + den, ()
    elif den:
        num, den, removed, more = _reduce_product(num, den)
        lifted += more
        if removed is not None:
            cancelled += (removed,)
    lifted_t = tuple(sorted(lifted))
    if len(num) == 1 and not den:
        return num[0], lifted_t, merge(cancelled)
    return (PRODUCT, value, tuple(sorted(num)), tuple(sorted(den))), lifted_t, merge(cancelled)
