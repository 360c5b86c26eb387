"""``/solve`` and inline requests: what the bot accepts, and the answer it computes.

:func:`solve_job` runs in a worker process (an eight-number search can take minutes), so it
and :class:`SolveResult` are plain and picklable.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solver import closest, solve
from solver.parsing import ParseError, parse_request
from solver.printing import friendly_value

SolveRequest = tuple[tuple[int | Fraction, ...], int | Fraction, bool]
"""(numbers, target, integer_only) of a request."""

MAX_NUMBER = 10_000
MAX_TARGET = 1_000_000
MIN_NUMBERS = 2

INTEGER_FLAGS = {"int", "integer", "integers", "--int", "--integer-only", "countdown", "整数"}


class RequestError(ValueError):
    """A request the bot will not run; ``problem`` names why (the Telegram layer words it)."""

    def __init__(self, problem: str, **params: str) -> None:
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
        params = dict(error.params)
        raise RequestError(params.pop("problem", "not_a_number"), **params) from None
    if len(numbers) < MIN_NUMBERS:
        raise RequestError("too_few")
    goal = 24 if target is None else target
    for value, limit in [*((n, MAX_NUMBER) for n in numbers), (goal, MAX_TARGET)]:
        if abs(Fraction(value).numerator) > limit * Fraction(value).denominator or (
            Fraction(value).denominator > MAX_NUMBER
        ):
            raise RequestError("too_big", number=friendly_value(value), limit=str(limit))
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
