"""Canonical forms of arithmetic expressions: two solutions are the same iff their forms are equal.

A *node* is a nested tuple that is its own canonical key:

* ``(LEAF, value)``: a card;
* ``(SUM, value, plus, minus)``: a run of + and −, ``plus`` and ``minus`` sorted tuples of
  nodes that are not sums;
* ``(PRODUCT, value, num, den)``: a run of × and ÷, ``num`` and ``den`` sorted tuples of
  nodes that are not products.

Every value is non-negative: a difference is always larger − smaller.  One more node,
:data:`HOLE`, holds the place of a reciprocal's 1 until the solution is finished.

A *form* is ``(core, lifted, cancelled)``: the core node, the factors worth exactly 1 that were
lifted out of products (sorted tuple of nodes), and the wasted parts that cancelled inside a
sum or a product (sorted tuple of zero-total *bags*, each ``(plus, minus)``).  Those carried
parts are put back only at the top, by :func:`finish`, which gives the final key of a
solution: lifted ones fill the holes, pairs of the others become ``+a−b``, every cancelled
part is added and subtracted at the top, and one lifted one that is left over multiplies the
whole at the very end (traded for a part of the sum worth 1 where that gives a lesser key).

The rules implemented here are those of 4nums.com, as the project's issue #2 states them.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, TypeVar

from solver.arithmetic import Value

# A node's shape depends on its kind (its first item), which the type cannot say; nodes are
# compared and sorted as plain tuples.
Node = tuple[Any, ...]
Bag = tuple[tuple[Node, ...], tuple[Node, ...]]
Form = tuple[Node, tuple[Node, ...], tuple[Bag, ...]]
Masks = list[tuple[int, int]]
"""Parts of a bag, each as a pair of index masks into its two sides."""

LEAF, SUM, PRODUCT = 0, 1, 2

HOLE: Node = (3, 1)
"""Where a reciprocal's 1 stands (1/x), worth 1.  Any factor worth 1 that the solution lifts,
there or anywhere else, may be that 1: (3+(9−8)÷x)×1 is (3+1÷x)×(9−8).  So the 1 is lifted
like the others, and :func:`finish` chooses which of them fill the holes."""


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


# --- zero-total parts of a sum ------------------------------------------------------------


def _subset_totals(nodes: tuple[Node, ...], combine: str) -> list[Value]:
    """The sum (``"+"``) or product (``"*"``) of the values of each subset, indexed by mask."""
    totals: list[Value] = [0 if combine == "+" else 1]
    for node in nodes:
        value = node[1]
        if combine == "+":
            totals += [t + value for t in totals]
        else:
            totals += [t * value for t in totals]
    return totals


def _zero_subbags(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Masks:
    """Index masks ``(plus_mask, minus_mask)`` of every non-empty sub-bag whose total is 0."""
    if not minus and all(n[1] for n in plus):
        return []
    by_total: dict[Value, list[int]] = {}
    for pmask, total in enumerate(_subset_totals(plus, "+")):
        by_total.setdefault(total, []).append(pmask)
    return [
        (pmask, mmask)
        for mmask, total in enumerate(_subset_totals(minus, "+"))
        for pmask in by_total.get(total, ())
        if pmask or mmask
    ]


def _split(nodes: tuple[Node, ...], mask: int) -> tuple[tuple[Node, ...], tuple[Node, ...]]:
    inside = tuple(n for i, n in enumerate(nodes) if mask >> i & 1)
    outside = tuple(n for i, n in enumerate(nodes) if not mask >> i & 1)
    return inside, outside


def canonical_bag(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Bag:
    """The least orientation of a bag of signed terms.

    A part worth exactly 0 has no direction (p−q is q−p when p = q), so flipping the signs of
    any zero-total sub-bag gives the same solution.  The result is the least bag, with a
    non-empty plus side, reachable by such flips.
    """
    start = (tuple(sorted(plus)), tuple(sorted(minus)))
    if not _zero_subbags(*start):
        return start
    return min(_flips(start, _zero_subbags), key=lambda bag: (not bag[0], bag))


def _flips(start: Bag, parts: Callable[[tuple[Node, ...], tuple[Node, ...]], Masks]) -> set[Bag]:
    """Every bag reachable from ``start`` by moving a part that ``parts`` finds (by index
    masks: a part worth 0 in a sum, or 1 in a product) to the other side, ``start`` included."""
    seen = {start}
    todo = [start]
    while todo:
        top, bottom = todo.pop()
        for top_mask, bottom_mask in parts(top, bottom):
            top_in, top_out = _split(top, top_mask)
            bottom_in, bottom_out = _split(bottom, bottom_mask)
            flipped = (tuple(sorted(top_out + bottom_in)), tuple(sorted(bottom_out + top_in)))
            if flipped not in seen:
                seen.add(flipped)
                todo.append(flipped)
    return seen


def _extract(
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
        top_in, top_out = _split(top, top_mask)
        bottom_in, bottom_out = _split(bottom, bottom_mask)
        candidates.append(
            (tuple(sorted(top_out)), tuple(sorted(bottom_out)), as_bag(top_in, bottom_in))
        )
    return min(candidates, key=lambda c: (len(c[0]) + len(c[1]), c[0], c[1], c[2]))


_Sortable = TypeVar("_Sortable", bound=tuple[Any, ...])


def _merge(*parts: tuple[_Sortable, ...]) -> tuple[_Sortable, ...]:
    return tuple(sorted(x for part in parts for x in part))


def make_sum(
    plus: tuple[Node, ...], minus: tuple[Node, ...], value: Value, a: Form, b: Form
) -> Form:
    """The form of a + or − of forms ``a`` and ``b`` whose signed terms are given."""
    lifted = _merge(a[1], b[1])
    cancelled = a[2] + b[2]
    whole_mask = ((1 << len(plus)) - 1, (1 << len(minus)) - 1)
    if value == 0:
        # Worth nothing, the sum is wasted as a whole: it takes back the parts wasted inside
        # it, so that its form depends only on the terms, however they were grouped.
        for p, m in cancelled:
            plus, minus = plus + p, minus + m
        cancelled = ()
        whole_mask = ((1 << len(plus)) - 1, (1 << len(minus)) - 1)
    masks = [mask for mask in _zero_subbags(plus, minus) if mask != whole_mask]
    if masks:
        plus, minus, removed = _extract(plus, minus, masks, canonical_bag)
        cancelled += (removed,)
    if value == 0:
        plus, minus = canonical_bag(plus, minus)
    else:
        plus, minus = tuple(sorted(plus)), tuple(sorted(minus))
    if len(plus) == 1 and not minus:
        return plus[0], lifted, _merge(cancelled)
    return (SUM, value, plus, minus), lifted, _merge(cancelled)


# --- products -----------------------------------------------------------------------------


def _product_value(nodes: tuple[Node, ...]) -> Value:
    result: Value = 1
    for n in nodes:
        result *= n[1]
    return result


def _one_subbags(num: tuple[Node, ...], den: tuple[Node, ...]) -> Masks:
    """Masks of sub-bags with a numerator and a denominator part of equal products."""
    if not den:
        return []
    by_product: dict[Value, list[int]] = {}
    for nmask, product in enumerate(_subset_totals(num, "*")):
        if nmask:
            by_product.setdefault(product, []).append(nmask)
    return [
        (nmask, dmask)
        for dmask, product in enumerate(_subset_totals(den, "*"))
        if dmask
        for nmask in by_product.get(product, ())
    ]


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
    keep = tuple(n for n in num if n[1] != 1)
    under = tuple(n for n in den if n[1] != 1)
    if len(keep) + len(under) == len(num) + len(den):
        return num, den, lifted
    pool = sorted([n for n in num + den if n[1] == 1 and n != HOLE] + list(lifted))
    if not keep:
        keep = (HOLE,) if under else (pool.pop(0),)
    return keep, under, tuple(pool)


def _without_waste(num: tuple[Node, ...], den: tuple[Node, ...]) -> Reduced:
    """A product with the best part that cancels taken out (see :func:`_extract`), if one
    does while something else stays in the numerator; else the product as it is."""
    # A turn (see _reduce_product) may have brought the numerator's hole to the denominator.
    num, den, lifted = _lift_ones(num, den, ())
    whole_num = (1 << len(num)) - 1
    masks = [(nm, dm) for nm, dm in _one_subbags(num, den) if nm != whole_num]
    if masks:
        return (*_extract(num, den, masks, _as_term_bag), lifted)
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
    options = [_without_waste(*bag) for bag in _flips(start, _one_subbags)]
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
        return num[0], lifted_t, _merge(cancelled)
    return (PRODUCT, value, tuple(sorted(num)), tuple(sorted(den))), lifted_t, _merge(cancelled)


# --- the top ------------------------------------------------------------------------------

Final = tuple[Bag, Node | None]


def finish(form: Form) -> Final:
    """The canonical key of a whole solution: its top-level bag and a final ×1, if any.

    The holes are filled with ones the solution lifted, the least key of every choice.
    """
    core, lifted, cancelled = form
    holes = _holes(form) if lifted else 0
    if not holes:
        return _finish(form)
    # A whole worth 1 times ones that fill no hole: the core is one more factor worth 1 (see
    # _finish), which may fill a hole too, unless it is a product (x÷x), which would be no
    # factor of its own in the reciprocal it filled.
    joins = core[1] == 1 and core[0] != PRODUCT and len(lifted) > holes
    ones = tuple(sorted((core, *lifted))) if joins else lifted
    options = (
        _filled(None if joins else core, ones, chosen, cancelled)
        for chosen in set(combinations(ones, holes))
    )
    return min(_finish(filled) for filled in options if filled is not None)


def _holes(form: Form) -> int:
    """How many holes a form has, wherever they stand."""
    core, lifted, cancelled = form
    nodes = [core, *lifted, *(n for bag in cancelled for side in bag for n in side)]
    return sum(map(_holes_in, nodes))


def _holes_in(node: Node) -> int:
    if node == HOLE:
        return 1
    if node[0] == LEAF:
        return 0
    return sum(map(_holes_in, node[2])) + sum(map(_holes_in, node[3]))


def _filled(
    core: Node | None, ones: tuple[Node, ...], chosen: tuple[Node, ...], cancelled: tuple[Bag, ...]
) -> Form | None:
    """A form with its holes filled by the ``chosen`` of its ``ones``, or ``None`` if they
    cannot all be placed (a one with holes of its own can fill no hole within itself).  With
    no ``core``, the core is one of the ``ones`` (the least is taken by :func:`_finish`).

    The holes are filled in order, and a one with holes of its own has them filled at once;
    such ones go first, so that each opens holes for the others.
    """
    supply = sorted(chosen, key=lambda one: not _holes_in(one))
    rest = list(ones)
    for one in chosen:
        rest.remove(one)

    def fill(node: Node) -> Node:
        if node == HOLE:
            return fill(supply.pop(0))
        if node[0] == LEAF:
            return node
        return (node[0], node[1], fill_all(node[2]), fill_all(node[3]))

    def fill_all(nodes: tuple[Node, ...]) -> tuple[Node, ...]:
        return tuple(sorted(map(fill, nodes)))

    first, *others = map(fill, rest if core is None else [core, *rest])
    filled = (
        first,
        tuple(sorted(others)),
        tuple(sorted((fill_all(plus), fill_all(minus)) for plus, minus in cancelled)),
    )
    return None if supply else filled


def _finish(form: Form) -> Final:
    """The key of a form with no holes (see :func:`finish`)."""
    core, lifted, cancelled = form
    if lifted and core[1] == 1:
        # The whole is worth 1, so the core is one more factor worth 1: the least one leads.
        core, *rest = sorted((core, *lifted))
        lifted = tuple(rest)
    core_plus, core_minus = terms(core)
    plus, minus = list(core_plus), list(core_minus)
    leftover = None
    ones = list(lifted)
    if len(ones) % 2:
        leftover = ones.pop(0)
    # Two lifted ones cancel: ×a×b is the same as +a−b at the top.
    for a, b in zip(ones[::2], ones[1::2], strict=True):
        pa, ma = terms(a)
        pb, mb = terms(b)
        plus += pa + mb
        minus += ma + pb
    for p, m in cancelled:
        plus += p
        minus += m
    bag = canonical_bag(tuple(plus), tuple(minus))
    if leftover is None:
        return bag, None
    return min(_trades(bag, leftover))


def _trades(bag: Bag, one: Node) -> set[Final]:
    """Every way to write ``bag`` × ``one``, where ``one`` is worth 1, by trading ``one`` for
    a part of the sum worth 1: (3+(9−8))×1 is (3+1)×(9−8), as 3+1×(9−8) is both.  Each
    bag is in its canonical orientation."""
    seen = {(turned, one) for turned in _flips(bag, _zero_subbags)}
    todo = list(seen)
    while todo:
        (top, bottom), now = todo.pop()
        for top_mask, bottom_mask in _ones_within(top, bottom):
            top_in, top_out = _split(top, top_mask)
            bottom_in, bottom_out = _split(bottom, bottom_mask)
            part = top_in[0] if not bottom_in and len(top_in) == 1 else (SUM, 1, top_in, bottom_in)
            p, m = terms(now)
            traded = (tuple(sorted(top_out + p)), tuple(sorted(bottom_out + m)))
            for turned in _flips(traded, _zero_subbags):
                if (turned, part) not in seen:
                    seen.add((turned, part))
                    todo.append((turned, part))
    return {(canonical_bag(*turned), part) for turned, part in seen}


def _ones_within(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Masks:
    """Masks of the parts of a sum that are worth exactly 1 and could be a factor of a
    product: a sum with no part worth 0 inside (that part would be wasted), or a lone card
    (a lone product, x÷x, would be one with the product it multiplies)."""
    minus_totals = _subset_totals(minus, "+")
    found = []
    for plus_mask, total in enumerate(_subset_totals(plus, "+")):
        for minus_mask, taken in enumerate(minus_totals):
            if plus_mask and total - taken == 1:
                top, bottom = _split(plus, plus_mask)[0], _split(minus, minus_mask)[0]
                if len(top) == 1 and not bottom:
                    factor = top[0][0] == LEAF
                else:
                    factor = not _zero_subbags(top, bottom)
                if factor:
                    found.append((plus_mask, minus_mask))
    return found


def combine(a: Form, b: Form, op: str, value: Value) -> Form:
    """Combine forms ``a`` and ``b`` with ``op`` (one of ``+ - * /``) into a form of ``value``.

    For ``-`` the caller passes the larger operand first; for ``/`` the dividend first.
    """
    if op == "+":
        pa, ma = terms(a[0])
        pb, mb = terms(b[0])
        return make_sum(pa + pb, ma + mb, value, a, b)
    if op == "-":
        pa, ma = terms(a[0])
        pb, mb = terms(b[0])
        return make_sum(pa + mb, ma + pb, value, a, b)
    na, da = factors(a[0])
    nb, db = factors(b[0])
    if op == "*":
        return make_product(na + nb, da + db, value, a, b)
    return make_product(na + db, da + nb, value, a, b)
