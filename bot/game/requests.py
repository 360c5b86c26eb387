"""``/solve`` and inline requests: what the bot accepts, and the answer it computes.

:func:`solve_job` runs in a worker process (an eight-number search can take minutes), so it
and :class:`SolveResult` are plain and picklable.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from solver import Code, closest, solve
from solver.parsing import ParseError, parse_request
from solver.printing import friendly_value

SolveRequest = tuple[tuple[int | Fraction, ...], int | Fraction, bool]
"""(numbers, target, integer_only) of a request."""

MAX_NUMBER = 10_000
MAX_TARGET = 1_000_000

INTEGER_FLAGS = {"int", "integer", "integers", "--int", "--integer-only", "countdown", "整数"}


class Limit(StrEnum):
    """Which of the bot's limits a request goes beyond (the solver itself has none)."""

    NUMBER = "number"
    TARGET = "target"


class RequestError(ValueError):
    """A request the bot will not run, and why: ``problem`` is the solver's code for text it
    cannot read, or the bot's :class:`Limit` that a number goes beyond; ``params`` are the
    pieces of its wording (the Telegram layer words it)."""

    def __init__(self, problem: Code | Limit, **params: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.params = params


def parse_solve(text: str) -> SolveRequest:
    """Numbers, target (24 unless given) and the integer-only flag of a request."""
    words = text.split()
    integer_only = any(w.lower() in INTEGER_FLAGS for w in words)
    rest = " ".join(w for w in words if w.lower() not in INTEGER_FLAGS)
    try:
        numbers, target = parse_request(rest)
    except ParseError as error:
        raise RequestError(error.code, **error.params) from None
    goal = 24 if target is None else target
    bounds = [*((n, Limit.NUMBER, MAX_NUMBER) for n in numbers), (goal, Limit.TARGET, MAX_TARGET)]
    for value, limit, most in bounds:
        exact = Fraction(value)
        if abs(exact.numerator) > most * exact.denominator or exact.denominator > MAX_NUMBER:
            raise RequestError(limit, number=friendly_value(value), limit=str(most))
    return tuple(numbers), goal, integer_only


@dataclass(frozen=True)
class SolveResult:
    """What a /solve reply or an inline answer needs, small enough to send between processes."""

    numbers: tuple[int | Fraction, ...]
    target: int | Fraction
    integer_only: bool
    solutions: tuple[str, ...]
    """Every distinct solution, with × ÷ −, simplest first."""
    below: tuple[str, str] | None = None
    """(value, expression) of the nearest value below the target, when it is unreachable."""
    above: tuple[str, str] | None = None

    @property
    def hand(self) -> str:
        """The numbers as typed back to the user."""
        return " ".join(friendly_value(n) for n in self.numbers)


def solve_job(request: SolveRequest) -> SolveResult:
    """Worker job: solve one request completely."""
    numbers, target, integer_only = request
    found = solve(numbers, target, integer_only=integer_only)
    if found:
        return SolveResult(numbers, target, integer_only, tuple(s.pretty for s in found))
    near = closest(numbers, target, integer_only=integer_only)
    sides = [
        None if side is None else (friendly_value(side.value), side.pretty)
        for side in (near.below, near.above)
    ]
    return SolveResult(numbers, target, integer_only, (), sides[0], sides[1])
