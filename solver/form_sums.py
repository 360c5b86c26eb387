"""The normal form of a + or − (see :mod:`solver.normal_form`)."""

from __future__ import annotations

from solver.arithmetic import Value
from solver.form_bags import canonical_bag, extract, merge, zero_subbags
from solver.form_nodes import SUM, Form, Node


def make_sum(
    plus: tuple[Node, ...], minus: tuple[Node, ...], value: Value, a: Form, b: Form
) -> Form:
    """The form of a + or − of forms ``a`` and ``b`` whose signed terms are given."""
    lifted = merge(a[1], b[1])
    cancelled = a[2] + b[2]
    whole_mask = ((1 << len(plus)) - 1, (1 << len(minus)) - 1)
    if value == 0:
        # Worth nothing, the sum is wasted as a whole: it takes back the parts wasted inside
        # it, so that its form depends only on the terms, however they were grouped.
        for p, m in cancelled:
            plus, minus = plus + p, minus + m
        cancelled = ()
        whole_mask = ((1 << len(plus)) - 1, (1 << len(minus)) - 1)
    masks = [mask for mask in zero_subbags(plus, minus) if mask != whole_mask]
    if masks:
        plus, minus, removed = extract(plus, minus, masks, canonical_bag)
        cancelled += (removed,)
    if value == 0:
        plus, minus = canonical_bag(plus, minus)
    else:
        plus, minus = tuple(sorted(plus)), tuple(sorted(minus))
    if len(plus) == 1 and not minus:
        return plus[0], lifted, merge(cancelled)
    return (SUM, value, plus, minus), lifted, merge(cancelled)
