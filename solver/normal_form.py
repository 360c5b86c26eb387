"""Canonical forms of arithmetic expressions: two solutions are the same iff their forms are equal
(the rules of 4nums.com, docs/solver.md, *Distinct solutions*).  A form is ``(core, lifted,
cancelled)``: the core node (:mod:`solver.form_nodes`), the factors worth 1 lifted out of
products, the wasted parts that cancelled; :func:`finish` puts them back at the top."""

from __future__ import annotations

from itertools import combinations

from solver.arithmetic import Value
from solver.form_bags import canonical_bag, flips, split, subset_totals, zero_subbags
from solver.form_nodes import (
    HOLE,
    LEAF,
    PRODUCT,
    SUM,
    Bag,
    Form,
    Masks,
    Node,
    factors,
    leaf,
    terms,
)
from solver.form_products import make_product
from solver.form_sums import make_sum

__all__ = ["LEAF", "SUM", "Final", "Form", "Node", "combine", "finish", "leaf"]

Final = tuple[Bag, Node | None]


def finish(form: Form) -> Final:
    """The canonical key of a whole solution: its top-level bag and a final ×1, if any.

    The holes are filled with ones the solution lifted, the least key of every choice.
    """
    core, lifted, cancelled = form
    if not lifted and not cancelled:
        # Most solutions: nothing to put back, the core's terms are the whole (as _finish
        # would find them, without its copies).
        if core[0] == SUM:
            return canonical_bag(core[2], core[3]), None
        # One term, which can be flipped only if it is worth 0.
        return (((core,), ()) if core[1] else canonical_bag((core,), ())), None
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
    seen = {(turned, one) for turned in flips(bag, zero_subbags)}
    todo = list(seen)
    while todo:
        (top, bottom), now = todo.pop()
        for top_mask, bottom_mask in _ones_within(top, bottom):
            top_in, top_out = split(top, top_mask)
            bottom_in, bottom_out = split(bottom, bottom_mask)
            part = top_in[0] if not bottom_in and len(top_in) == 1 else (SUM, 1, top_in, bottom_in)
            p, m = terms(now)
            traded = (tuple(sorted(top_out + p)), tuple(sorted(bottom_out + m)))
            for turned in flips(traded, zero_subbags):
                if (turned, part) not in seen:
                    seen.add((turned, part))
                    todo.append((turned, part))
    return {(canonical_bag(*turned), part) for turned, part in seen}


def _ones_within(plus: tuple[Node, ...], minus: tuple[Node, ...]) -> Masks:
    """Masks of the parts of a sum that are worth exactly 1 and could be a factor of a
    product: a sum with no part worth 0 inside (that part would be wasted), or a lone card
    (a lone product, x÷x, would be one with the product it multiplies)."""
    minus_totals = subset_totals(minus, "+")
    found = []
    for plus_mask, total in enumerate(subset_totals(plus, "+")):
        for minus_mask, taken in enumerate(minus_totals):
            if plus_mask and total - taken == 1:
                top, bottom = split(plus, plus_mask)[0], split(minus, minus_mask)[0]
                if len(top) == 1 and not bottom:
                    factor = top[0][0] == LEAF
                else:
                    factor = not zero_subbags(top, bottom)
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
