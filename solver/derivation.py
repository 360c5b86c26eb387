"""A solution as the steps a person takes: combine two numbers, then the next two, …"""

from __future__ import annotations

from typing import NamedTuple

from solver.arithmetic import Value
from solver.evaluation import Operation, fold
from solver.parsing import postfix
from solver.printing import SYMBOLS, friendly_value


class Step(NamedTuple):
    """One operation, ``left op right = result`` (``op`` is ASCII), and the cards behind each
    operand."""

    left: Value
    op: str
    right: Value
    result: Value
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
    found: list[Step] = []

    def take(
        operation: Operation, left: tuple[int, ...], right: tuple[int, ...]
    ) -> tuple[int, ...]:
        step = Step(*operation, left, right)
        found.append(step)
        return step.cards

    fold(postfix(expression), _alone, take)
    return found


def _alone(card: int) -> tuple[int, ...]:
    return (card,)
