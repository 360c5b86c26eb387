"""Progressive hints, each taken from one solution so that they agree with each other."""

from __future__ import annotations

from dataclasses import dataclass

from solver.derivation import Step, steps
from solver.solutions import solve

LEVELS = 3


@dataclass(frozen=True)
class Hint:
    """One hint, as data for a caller to word in its own language.

    * level 1: ``steps`` holds the first step to take;
    * level 2: ``aim`` is the last step: its two operands are the values to aim for, and its
      ``left_cards`` and ``right_cards`` the cards that make each;
    * level 3: ``steps`` holds every step but the last.

    A solution of one step or none (a hand of one or two numbers) has nothing to give away
    but itself: every level's ``steps`` holds its whole path, and ``aim`` is ``None``.
    ``solution`` is the solution the hints come from.
    """

    level: int
    solution: str
    steps: tuple[Step, ...] = ()
    aim: Step | None = None


def hint(numbers: object, target: object = 24, level: int = 1) -> Hint | None:
    """The hint of ``level`` (1 to 3, larger is more) for a hand, or ``None`` if unsolvable.

    All levels come from the simplest solution, so a player who follows them gets there.
    """
    level = max(1, min(LEVELS, int(level)))
    found = solve(numbers, target)
    if not found:
        return None
    solution = found[0].text
    path = tuple(steps(solution))
    if len(path) < 2:
        return Hint(level, solution, path)
    if level == 1:
        return Hint(1, solution, path[:1])
    if level == 2:
        return Hint(2, solution, aim=path[-1])
    return Hint(3, solution, path[:-1])
