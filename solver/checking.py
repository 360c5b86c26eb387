"""Judging a player's answer: correct, or what is wrong with it, in words a person reads."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from solver.arithmetic import Value
from solver.codes import Code
from solver.messages import message
from solver.parsing import IGNORED, MAX_LENGTH, ParseError, read_answer
from solver.printing import friendly_value
from solver.solutions import is_solvable

NO_SOLUTION_CLAIMS = frozenset(
    {"none", "no solution", "no solutions", "nosolution", "impossible", "unsolvable", "no"}
    | {"无解", "無解", "没有", "沒有", "没有解", "不可能", "无", "无法"}
)


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check`: a :class:`~solver.codes.Code` saying what the answer
    does or what is wrong with it.

    ``position`` is a 1-based column in the text as typed, where the code has one; ``value``
    is the exact value the answer makes when it parsed and used the right cards; ``params``
    are the pieces of the code's wording (see :mod:`solver.codes`).
    """

    code: Code
    value: Value | None = None
    position: int | None = None
    params: dict[str, str] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The verdict in English (see :mod:`solver.messages`)."""
        return message(self.code, self.position, self.params)

    @property
    def ok(self) -> bool:
        """Whether the answer wins."""
        return self.code in (Code.CORRECT, Code.NO_SOLUTION_RIGHT)

    @property
    def is_claim(self) -> bool:
        """Whether the player claimed that there is no solution."""
        return self.code in (Code.NO_SOLUTION_RIGHT, Code.NO_SOLUTION_WRONG)


def is_claim(text: object) -> bool:
    """Whether ``text`` says there is no solution (``none``, ``无解`` …), as :func:`check`
    reads it; cheap, unlike the check of the claim against the solver."""
    if not isinstance(text, str) or len(text) > 5 * MAX_LENGTH:
        return False
    folded = " ".join("".join(ch for ch in text if ch not in IGNORED).lower().split())
    return folded.strip(" .!?。！") in NO_SOLUTION_CLAIMS


def check(
    text: object, numbers: Iterable[int], target: int | Fraction = 24, *, countdown: bool = False
) -> Verdict:
    """Judge a player's answer for the dealt ``numbers`` and ``target``; never raises.

    Accepts ``+ - * /``, ``× ÷ − · x``, full-width forms, ``[ ]`` and ``{ }`` as brackets,
    spaces anywhere, a trailing ``= 24`` and the card letters A J Q K.  "No solution" answers
    (``none``, ``无解`` …) are checked as a claim against the solver.  A ``text`` that is not
    a string counts as an empty answer.  Under Countdown's rules (``countdown``) the answer
    may use each number at most once, and every step must make a positive whole number.
    """
    hand = tuple(sorted(int(n) for n in numbers))
    goal = Fraction(target)
    if not isinstance(text, str) or not text.strip():
        return Verdict(Code.EMPTY)
    if len(text) > 5 * MAX_LENGTH:
        return Verdict(Code.TOO_LONG, params={"limit": str(MAX_LENGTH)})
    if is_claim(text):
        if is_solvable(hand, goal, countdown=countdown):
            return Verdict(Code.NO_SOLUTION_WRONG)
        return Verdict(Code.NO_SOLUTION_RIGHT)
    try:
        value = read_answer(text, hand, goal, countdown=countdown)
    except ParseError as error:
        return Verdict(error.code, None, error.position, error.params)
    shown = friendly_value(value)
    if value == goal:
        return Verdict(Code.CORRECT, value, params={"value": shown})
    return Verdict(Code.WRONG_VALUE, value, params={"value": shown, "target": friendly_value(goal)})
