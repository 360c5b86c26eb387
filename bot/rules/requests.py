"""``/solve`` and inline requests: what the bot accepts, and the answer it computes.

:func:`solve_job` runs in a worker process (an eight-number search can take minutes), so it
and :class:`SolveResult` are plain and picklable.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from solver import Code, Listing, closest, solve_within
from solver.arithmetic import Value
from solver.parsing import ParseError, parse_request, without_full_stop
from solver.printing import format_value, friendly_value, has_glyph


class Rules(str):
    """The rules a request is solved by, by the name it is saved with: the 24 game's
    (:attr:`EXACT`), whole numbers' (:attr:`WHOLE`), or a game's own, which the game declares
    (:func:`declare_rules`)."""

    __slots__ = ()

    EXACT: ClassVar[Rules]
    """The 24 game's: each number once, fractions allowed on the way."""
    WHOLE: ClassVar[Rules]
    """Each number once, every intermediate result whole."""

    def options(self) -> dict[str, bool]:
        """The solver's keywords for these rules."""
        if self in DECLARED:
            return dict(DECLARED[self].options)
        return {"integer_only": self == Rules.WHOLE}

    def reading(self) -> dict[str, bool]:
        """The request parser's keywords for these rules (:func:`solver.parse_request`)."""
        return dict(DECLARED[self].reading) if self in DECLARED else {}


Rules.EXACT = Rules("exact")
Rules.WHOLE = Rules("whole")


@dataclass(frozen=True, slots=True)
class DeclaredRules:
    """A game's own rules for /solve: the words of a request that choose them, and the
    solver's and the parser's keywords for them."""

    rules: Rules
    words: tuple[str, ...]
    options: Mapping[str, bool]
    reading: Mapping[str, bool]


DECLARED: dict[Rules, DeclaredRules] = {}
"""The games' own rules, filled by their declarations (:func:`declare_rules`, called by a
game's rules module, which its package imports: ``bot.games`` imports every game's; a
pure-rules test imports the game's rules module it needs)."""


def declare_rules(
    name: str,
    *,
    words: tuple[str, ...],
    options: Mapping[str, bool],
    reading: Mapping[str, bool] | None = None,
) -> Rules:
    """Declares a game's own rules (its name is saved with a request): chosen by any of
    ``words``, they win over whole numbers' (``int``), the first declared over the others.
    The first word is English, read in every language where the game marks it as a keyword
    (``K_("keyword", word)``)."""
    rules = Rules(name)
    DECLARED[rules] = DeclaredRules(rules, tuple(words), dict(options), dict(reading or {}))
    return rules


SolveRequest = tuple[tuple[int | Fraction, ...], int | Fraction, Rules]
"""(numbers, target, rules) of a request."""


@dataclass(frozen=True, slots=True)
class WaitingSolve:
    """A user's /solve (or page press) deferred for a duel's hand, kept with the user so
    that a restart answers it rather than drop it (:mod:`bot.services.deferred_solves`)."""

    chat_id: int
    message_id: int
    request: SolveRequest
    in_group: bool
    page: int | None = None


MAX_NUMBER = 10_000
MAX_TARGET = 1_000_000

WHOLE_WORDS = frozenset(["int", "integer", "integers", "--int", "--integer-only", "整数"])
"""The words of a request that choose whole numbers' rules (a game's, which are whole
too, win: :func:`declare_rules`)."""


def rules_of(words: list[str]) -> tuple[Rules, list[str]]:
    """The rules a request's words choose, and its other words."""
    chosen = [rules for rules in DECLARED.values() if any(w.lower() in rules.words for w in words)]
    every = WHOLE_WORDS.union(*(rules.words for rules in DECLARED.values()))
    rest = [w for w in words if w.lower() not in every]
    if chosen:
        return chosen[0].rules, rest
    whole = any(w.lower() in WHOLE_WORDS for w in words)
    return (Rules.WHOLE if whole else Rules.EXACT), rest


class Limit(StrEnum):
    """Which of the bot's limits a request goes beyond (the solver itself has none)."""

    NUMBER = "number"
    TARGET = "target"
    NUMBER_DENOMINATOR = "number_denominator"
    """A number is a fraction whose denominator goes beyond :data:`MAX_NUMBER`."""
    TARGET_DENOMINATOR = "target_denominator"
    """The target is such a fraction."""


class RequestError(ValueError):
    """A request the bot will not run, and why: ``problem`` is the solver's code for text it
    cannot read, or the bot's :class:`Limit` that a number goes beyond; ``params`` are the
    pieces of its wording (the Telegram layer words it)."""

    def __init__(self, problem: Code | Limit, **params: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.params = params


def shown(value: Value) -> str:
    """A number of a request or its answer as /solve shows it: ``½``, ``25⅕``, ``70/11``,
    digits grouped by threes (``1,000,000``, as the counts are), which a request reads back."""
    return friendly_value(value, grouped=True)


def shown_alike(values: list[Value]) -> list[str]:
    """Values shown side by side in one form: each as :func:`shown` when each has a glyph
    (``23⅘``, ``24⅕``), else each as a plain fraction (``243/10``, ``126/5``)."""
    if all(has_glyph(value) for value in values):
        return [shown(value) for value in values]
    return [format_value(value, grouped=True) for value in values]


def parse_solve(text: str) -> SolveRequest:
    """Numbers, target (24 unless given) and rules of a request (a closing full stop left
    out, after a rule's word too: ``3 3 8 8 int.``)."""
    words = without_full_stop(text).split()
    rules, others = rules_of(words)
    try:
        numbers, target = parse_request(" ".join(others), **rules.reading())
    except ParseError as error:
        raise RequestError(error.code, **error.params) from None
    goal = 24 if target is None else target
    bounds = [
        *((n, Limit.NUMBER, Limit.NUMBER_DENOMINATOR, MAX_NUMBER) for n in numbers),
        (goal, Limit.TARGET, Limit.TARGET_DENOMINATOR, MAX_TARGET),
    ]
    for value, size, denominator, most in bounds:
        exact = Fraction(value)
        if abs(exact.numerator) > most * exact.denominator:
            raise RequestError(size, number=shown(value), limit=shown(most))
        if exact.denominator > MAX_NUMBER:  # 1/10001 is small, but its denominator is not
            raise RequestError(denominator, number=shown(value), limit=shown(MAX_NUMBER))
    return tuple(numbers), goal, rules


@dataclass(frozen=True)
class SolveResult:
    """What a /solve reply or an inline answer needs, small enough to send between processes."""

    numbers: tuple[int | Fraction, ...]
    target: int | Fraction
    rules: Rules
    solutions: tuple[str, ...]
    """The distinct solutions found, with × ÷ −, simplest first: every one when
    ``complete``."""
    below: tuple[str, str] | None = None
    """(value, expression) of the nearest value below the target, when it is unreachable."""
    above: tuple[str, str] | None = None
    complete: bool = True
    """Whether ``solutions`` are all of them, or only those found in the search's time;
    with no solution, whether the closest values were looked for to the end (they can take
    longer than a search's budget: none is then given)."""

    @property
    def hand(self) -> str:
        """The numbers as typed back to the user."""
        return " ".join(shown(n) for n in self.numbers)


REPORT_SECONDS = 0.05
"""How often a listing reports the solutions found so far, the first found (a witness, in
milliseconds) at once."""
WHOLE_LIST_NUMBERS = 6
"""Hands of at most this many numbers are listed whole: a quarter of a second at most for
numbers of the 24 game's or Countdown's sizes (1 2 3 4 5 6 → 24 is about the longest), so
that a busy machine never turns their full answer into a partial one."""


def listed_whole(request: SolveRequest) -> bool:
    """Whether a request's solutions are listed whole, however long that takes (else for a
    budget of time: :func:`solve_job`'s ``seconds``)."""
    return len(request[0]) <= WHOLE_LIST_NUMBERS


def solve_job(
    request: SolveRequest,
    seconds: float = math.inf,
    *,
    report: Callable[[SolveResult], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
    options: Mapping[str, bool] | None = None,
) -> SolveResult:
    """Worker job: the solutions of one request (all, or those found in ``seconds`` of
    wall-clock time from its start), else the closest values.

    With ``report``, what is known before the end is reported as it comes: the solutions
    found so far (the first at once, then every :data:`REPORT_SECONDS`), or, for a request
    with no solution, that (``complete`` false, no closest value yet) before the closest
    values are looked for, which can take long.  ``seconds`` are of ``clock``: a clock that
    jumps to infinity ends the listing at the next solution found.  ``options`` are the
    solver's keywords for the rules (:meth:`Rules.options` unless given: a worker process
    may not have imported the games' declarations).
    """
    numbers, target, rules = request
    keywords = rules.options() if options is None else dict(options)

    def listed(listing: Listing) -> SolveResult:
        solutions = tuple(s.pretty for s in listing.solutions)
        return SolveResult(numbers, target, rules, solutions, complete=listing.complete)

    listing = solve_within(
        numbers,
        target,
        seconds=seconds,
        **keywords,
        clock=clock,
        progress=None if report is None else lambda so_far: report(listed(so_far)),
        progress_every=REPORT_SECONDS,
    )
    if listing.solutions:
        return listed(listing)
    if report is not None:
        report(SolveResult(numbers, target, rules, (), complete=False))
    near = closest(numbers, target, **keywords)
    found = [side for side in (near.below, near.above) if side is not None]
    values = iter(shown_alike([side.value for side in found]))
    sides = [
        None if side is None else (next(values), side.pretty) for side in (near.below, near.above)
    ]
    return SolveResult(numbers, target, rules, (), sides[0], sides[1])
