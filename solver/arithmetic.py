"""Exact arithmetic: values and the four operations (expressions are evaluated by
:mod:`solver.evaluation`).

A value is an ``int`` when it is whole and a ``Fraction`` otherwise (:func:`whole`), so equal
values share one type, hash alike, and whole arithmetic stays as fast as ``int``'s.  No float
is ever involved.
"""

from __future__ import annotations

from fractions import Fraction

Value = int | Fraction


def whole(x: Value) -> Value:
    """``x`` as an ``int`` when it is whole, else unchanged."""
    if type(x) is int or x.denominator != 1:
        return x
    return x.numerator


def divide(a: Value, b: Value) -> Value:
    """Exact ``a ÷ b``, as an ``int`` whenever the quotient is whole.

    Raises ``ZeroDivisionError`` when ``b`` is 0.
    """
    if type(a) is int and type(b) is int:
        q, r = divmod(a, b)
        return q if r == 0 else Fraction(a, b)
    return whole(Fraction(a) / b)


def apply(op: str, a: Value, b: Value) -> Value:
    """``a op b`` for ``op`` one of ``+ - * /``, exact, whole results as ``int``."""
    if op == "+":
        return whole(a + b)
    if op == "-":
        return whole(a - b)
    if op == "*":
        return whole(a * b)
    return divide(a, b)
