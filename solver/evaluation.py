"""Expressions in postfix order, evaluated exactly.

An expression in postfix order is a sequence of card values (``int``) and the operators
``"+" "-" "*" "/"``.  :func:`fold` is the one place such an expression is evaluated: it works
out every intermediate value and lets a caller build something of its own over the same tree
(the cards behind each result, a normal form …), and under Countdown's rules it refuses the
first result that is not a positive whole number.  (Apart from :mod:`solver.arithmetic`, so
that a search, which needs none of this, does not import :mod:`typing`.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from solver.arithmetic import Value, apply

Postfix = Sequence[int | str]
"""An expression in postfix order: card values and the operators ``+ - * /``."""

T = TypeVar("T")


class Operation(NamedTuple):
    """One operation of an expression, ``left op right = result``, with signed exact values."""

    left: Value
    op: str
    right: Value
    result: Value


class DivisionByZero(ZeroDivisionError):
    """An expression divides by zero; ``index`` is that ``/``'s place in the postfix items."""

    def __init__(self, index: int) -> None:
        super().__init__(f"division by zero (item {index})")
        self.index = index


class NotPositiveWhole(ArithmeticError):
    """An operation whose result is not a positive whole number, where every result must be
    one (Countdown's rules); ``index`` is its operator's place in the postfix items."""

    def __init__(self, index: int, operation: Operation) -> None:
        super().__init__(f"{operation.result} is not a positive whole number (item {index})")
        self.index = index
        self.operation = operation


def fold(
    items: Postfix,
    leaf: Callable[[int], T],
    combine: Callable[[Operation, T, T], T],
    *,
    positive_whole: bool = False,
) -> tuple[Value, T]:
    """The value of a well-formed postfix expression, and what the callbacks build over it.

    ``leaf(card)`` makes the item of a card; ``combine(operation, left, right)`` that of one
    operation, from its operands' items, innermost operations first (left before right).
    Raises :class:`DivisionByZero` at the first division by zero and, with
    ``positive_whole``, :class:`NotPositiveWhole` at the first result that is a fraction, 0
    or negative.
    """
    stack: list[tuple[Value, T]] = []
    for index, item in enumerate(items):
        if isinstance(item, int):
            stack.append((item, leaf(item)))
            continue
        right, right_item = stack.pop()
        left, left_item = stack.pop()
        try:
            result = apply(item, left, right)
        except ZeroDivisionError:
            raise DivisionByZero(index) from None
        operation = Operation(left, item, right, result)
        if positive_whole and (type(result) is not int or result <= 0):
            raise NotPositiveWhole(index, operation)
        stack.append((result, combine(operation, left_item, right_item)))
    return stack[0]


def _nothing(*_: object) -> None:
    return None


def evaluate(items: Postfix, *, positive_whole: bool = False) -> Value:
    """The value of a well-formed postfix expression (see :func:`fold`)."""
    return fold(items, _nothing, _nothing, positive_whole=positive_whole)[0]
