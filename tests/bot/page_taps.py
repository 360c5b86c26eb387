"""Tapping a solution on the page's cards, as a player does: the pairs and operators that
make 24 of a hand (:func:`taps`), and the clicks (:func:`tap`), for the browser tests."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

Step = tuple[Fraction, str, Fraction]
OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b if b else None,
}
SHOWN_OPS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def taps(values: list[Fraction]) -> list[Step] | None:
    """Pairs and operators that make 24 of ``values``, as the page combines them (no step
    below zero: a card's name is then plain)."""
    if len(values) == 1:
        return [] if values[0] == 24 else None
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            if i == j:
                continue
            for op, do in OPS.items():
                made = do(a, b)
                if made is None or made < 0:
                    continue
                rest = [v for k, v in enumerate(values) if k not in (i, j)] + [made]
                found = taps(rest)
                if found is not None:
                    return [(a, op, b), *found]
    return None


def name(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


async def tap(page: Any, steps: list[Step], before_last: Callable[[], None]) -> None:
    cards = page.locator("#cards")
    for number, (a, op, b) in enumerate(steps):
        if number == len(steps) - 1:
            before_last()
        await cards.get_by_role("button", name=name(a), exact=True).first.click()
        await page.get_by_role("button", name=SHOWN_OPS[op], exact=True).click()
        second = cards.get_by_role("button", name=name(b), exact=True)
        await (second.nth(1) if a == b else second.first).click()
