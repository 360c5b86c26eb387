"""Progressive hints, each taken from one solution so that they agree with each other."""

from __future__ import annotations

from dataclasses import dataclass

from solver.arithmetic import Value
from solver.derivation import Step, steps
from solver.printing import SYMBOLS, friendly_value
from solver.solutions import solve

LEVELS = 3


@dataclass(frozen=True)
class Hint:
    """One hint.  ``text`` is English; the other fields let a bot word it in any language.

    * level 1: ``steps`` holds the first step to take;
    * level 2: ``aim`` is the pair of values the last step combines, with ``op``, and
      ``parts`` says which cards make each value;
    * level 3: ``steps`` holds every step but the last.
    """

    level: int
    text: str
    steps: tuple[Step, ...] = ()
    aim: tuple[Value, Value] | None = None
    op: str | None = None
    parts: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    solution: str = ""


def _cards(values: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in values)


def hint(numbers: object, target: object = 24, level: int = 1) -> Hint | None:
    """The hint of ``level`` (1 to 3, larger is more) for a hand, or ``None`` if unsolvable.

    All levels come from the simplest solution, so a player who follows them gets there.
    """
    level = max(1, min(LEVELS, int(level)))
    found = solve(numbers, target)
    if not found:
        return None
    solution = found[0].text
    path = steps(solution)
    if not path:
        return Hint(level, f"The answer is just {solution}.", solution=solution)
    last = path[-1]
    if level == 1:
        return Hint(1, f"Start with {path[0]}.", (path[0],), solution=solution)
    if level == 2:
        parts = (last.left_cards, last.right_cards)
        made = [
            f"{friendly_value(value)} from {_cards(cards)}"
            for value, cards in zip((last.left, last.right), parts, strict=True)
            if len(cards) > 1
        ]
        text = (
            f"Aim for {friendly_value(last.left)} {SYMBOLS[last.op]} {friendly_value(last.right)}:"
            f" make {' and '.join(made)}."
        )
        return Hint(
            2, text, aim=(last.left, last.right), op=last.op, parts=parts, solution=solution
        )
    done = path[:-1]
    text = (
        "; ".join(str(s) for s in done) + ". Now finish it." if done else "One step: " + str(last)
    )
    return Hint(3, text, tuple(done), solution=solution)
