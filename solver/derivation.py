"""A solution as the steps a person takes: combine two numbers, then the next two, …"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from solver.parsing import postfix
from solver.printing import friendly_value

SYMBOLS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


class Step(NamedTuple):
    """One operation: ``left op right = result`` (``op`` is ASCII)."""

    left: Fraction
    op: str
    right: Fraction
    result: Fraction
    left_cards: tuple[int, ...]
    right_cards: tuple[int, ...]

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards the result is made of."""
        return tuple(sorted(self.left_cards + self.right_cards))

    def __str__(self) -> str:
        return (
            f"{friendly_value(self.left)} {SYMBOLS[self.op]} {friendly_value(self.right)}"
            f" = {friendly_value(self.result)}"
        )


def steps(expression: str) -> list[Step]:
    """The operations of an expression, innermost first (post-order, left before right)."""
    stack: list[tuple[Fraction, tuple[int, ...]]] = []
    found = []
    for item in postfix(expression):
        if isinstance(item, int):
            stack.append((Fraction(item), (item,)))
            continue
        right, right_cards = stack.pop()
        left, left_cards = stack.pop()
        if item == "+":
            result = left + right
        elif item == "-":
            result = left - right
        elif item == "*":
            result = left * right
        else:
            result = left / right
        step = Step(left, item, right, result, left_cards, right_cards)
        found.append(step)
        stack.append((result, step.cards))
    return found
