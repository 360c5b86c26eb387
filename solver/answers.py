"""Judging a player's answer: correct, or what is wrong with it, in words a person reads."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from solver.arithmetic import Value
from solver.parsing import EMPTY_MESSAGE, IGNORED, MAX_LENGTH, Code, ParseError, read_answer
from solver.printing import friendly_value
from solver.solutions import is_solvable

NO_SOLUTION_CLAIMS = frozenset(
    {"none", "no solution", "no solutions", "nosolution", "impossible", "unsolvable", "no"}
    | {"无解", "無解", "没有", "沒有", "没有解", "不可能", "无", "无法"}
)


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check`, with a reason a person understands.

    ``position`` is a 1-based column in the text as typed; ``value`` is the exact value the
    answer makes when it parsed and used the right cards; ``params`` are the pieces of the
    message, for translations.
    """

    code: Code
    message: str
    value: Value | None = None
    position: int | None = None
    params: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether the answer wins."""
        return self.code in (Code.CORRECT, Code.NO_SOLUTION_RIGHT)

    @property
    def is_claim(self) -> bool:
        """Whether the player claimed that there is no solution."""
        return self.code in (Code.NO_SOLUTION_RIGHT, Code.NO_SOLUTION_WRONG)


def _is_claim(text: str) -> bool:
    folded = " ".join("".join(ch for ch in text if ch not in IGNORED).lower().split())
    return folded.strip(" .!?。！") in NO_SOLUTION_CLAIMS


def check(text: object, numbers: Iterable[int], target: int | Fraction = 24) -> Verdict:
    """Judge a player's answer for the dealt ``numbers`` and ``target``; never raises.

    Accepts ``+ - * /``, ``× ÷ − · x``, full-width forms, ``[ ]`` and ``{ }`` as brackets,
    spaces anywhere, a trailing ``= 24`` and the card letters A J Q K.  "No solution" answers
    (``none``, ``无解`` …) are checked as a claim against the solver.  A ``text`` that is not
    a string counts as an empty answer.
    """
    hand = tuple(sorted(int(n) for n in numbers))
    goal = Fraction(target)
    if not isinstance(text, str) or not text.strip():
        return Verdict(Code.EMPTY, EMPTY_MESSAGE)
    if len(text) > 5 * MAX_LENGTH:
        message = f"That is too long (over {MAX_LENGTH} characters)."
        return Verdict(Code.TOO_LONG, message, params={"limit": str(MAX_LENGTH)})
    if _is_claim(text):
        if is_solvable(hand, goal):
            return Verdict(Code.NO_SOLUTION_WRONG, "There is a solution: keep looking!")
        return Verdict(Code.NO_SOLUTION_RIGHT, "Right: there is no solution.")
    try:
        value = read_answer(text, hand, goal)
    except ParseError as error:
        return Verdict(error.code, error.message, None, error.position, error.params)
    shown = friendly_value(value)
    if value == goal:
        return Verdict(Code.CORRECT, f"Correct: that makes {shown}.", value, None, {"value": shown})
    target_text = friendly_value(goal)
    return Verdict(
        Code.WRONG_VALUE,
        f"That makes {shown}, not {target_text}.",
        value,
        None,
        {"value": shown, "target": target_text},
    )
