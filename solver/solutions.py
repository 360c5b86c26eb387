"""Finding solutions: every distinct one, the first one, or the closest reachable value.

Each search takes its rules as keywords: by default each number is used once and fractions
are allowed on the way; ``integer_only`` allows only whole intermediate results;
``countdown`` is Countdown's rules: each number at most once (not all need be used), every
intermediate result a positive whole number (so ``integer_only`` adds nothing to it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from solver import form_bags, form_products
from solver.arithmetic import Value, whole
from solver.collector import paused
from solver.first_found import finals_as_found
from solver.frozen import Frozen
from solver.normal_form import Final, Form, combine, finish, leaf
from solver.printing import ASCII, PRETTY, format_value, render
from solver.search import Multiset, engine

TYPE_CHECKING = False
if TYPE_CHECKING:
    from solver.countdown_search import Countdown
    from solver.evaluation import Operation

MAX_NUMBERS = 8
"""The most numbers one search accepts (seven take seconds; eight can take minutes)."""


class SolverInputError(ValueError):
    """Numbers or a target the solver does not accept; the message says why, for a person."""


class Solution(Frozen):
    """One distinct solution.  ``str()`` is plain ASCII for copying; ``pretty`` uses × ÷ −.

    Frozen, as each record here (:mod:`solver.frozen`).
    """

    __slots__ = __match_args__ = ("text", "pretty", "value", "key")
    text: str
    pretty: str
    value: Value
    key: Final

    def __init__(self, text: str, pretty: str, value: Value, key: Final) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "pretty", pretty)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "key", key)

    def __str__(self) -> str:
        return self.text


class Closest(Frozen):
    """The reachable values nearest to an unreachable target, with an expression for each.

    ``below`` and ``above`` are ``None`` when nothing is reachable on that side.
    """

    __slots__ = __match_args__ = ("target", "exact", "below", "above")
    target: Value
    exact: Solution | None
    below: Solution | None
    above: Solution | None

    def __init__(
        self, target: Value, exact: Solution | None, below: Solution | None, above: Solution | None
    ) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "exact", exact)
        object.__setattr__(self, "below", below)
        object.__setattr__(self, "above", above)


def countdown_search(hand: Multiset) -> Countdown:
    """The search of a hand under Countdown's rules (:mod:`solver.countdown_search`, imported at its
    first use: plain searches never need it)."""
    from solver.countdown_search import countdown

    return countdown(hand)


def _as_number(x: object, what: str) -> Value:
    if type(x) is int and x >= 0:
        return x  # the usual card, at once
    if isinstance(x, bool) or not isinstance(x, int | Fraction):
        raise SolverInputError(f"{what} must be a whole number or a fraction, not {x!r}")
    if x < 0:
        raise SolverInputError(f"{what} must not be negative (got {format_value(x)})")
    return whole(x)


def normalise(
    numbers: object, target: object = 24, *, countdown: bool = False
) -> tuple[Multiset, Value]:
    """Validate the inputs of a search: 1 to :data:`MAX_NUMBERS` non-negative numbers, whole
    numbers from 1 up under Countdown's rules (``countdown``), and a non-negative target."""
    try:
        # Anything at all may come in: what is not iterable is refused just below.
        items = list(numbers)  # type: ignore[call-overload]
    except TypeError:
        raise SolverInputError("the numbers must be a list") from None
    if not items:
        raise SolverInputError("give at least one number")
    if len(items) > MAX_NUMBERS:
        raise SolverInputError(f"at most {MAX_NUMBERS} numbers (got {len(items)})")
    hand = tuple(sorted([_as_number(x, "each number") for x in items]))
    if countdown and not all(type(x) is int and x > 0 for x in hand):
        raise SolverInputError("under Countdown's rules the numbers are whole numbers from 1 up")
    return hand, _as_number(target, "the target")


_TO_PRETTY = str.maketrans({a: p for a, p in zip(ASCII, PRETTY, strict=True) if a != p})


def _solution(final: Final, value: Value, whole_cards: bool = False) -> Solution:
    """A solution, printed; with ``whole_cards`` (no card is a fraction, whose leaf prints
    its ``/`` in both styles) the pretty text is the plain one's symbols swapped."""
    text = render(final, ASCII)
    pretty = text.translate(_TO_PRETTY) if whole_cards else render(final, PRETTY)
    return Solution(text, pretty, value, final)


def _whole(hand: Multiset) -> bool:
    return all(type(x) is int for x in hand)


def _sort_key(solution: Solution) -> tuple[int, int, str]:
    return (solution.text.count("("), len(solution.text), solution.text)


@paused
def solve(
    numbers: object,
    target: object = 24,
    *,
    integer_only: bool = False,
    countdown: bool = False,
) -> list[Solution]:
    """Every distinct solution, simplest first (fewest brackets, then shortest).

    Solutions are distinct under the rules of 4nums.com (see docs/solver.md): equal cards are
    interchangeable, a factor worth 1 and parts that cancel are wasted cards wherever they
    stand, and so on.  With ``integer_only`` every intermediate result must be whole.  With
    ``countdown`` (Countdown's rules) the solutions use any of the numbers, and one that
    wastes numbers is left out: the same without them is listed.
    Raises :class:`SolverInputError` for inputs it does not accept.
    """
    hand, goal = normalise(numbers, target, countdown=countdown)
    key = (hand, goal, integer_only, countdown)
    listed = _LISTED.get(key)
    if listed is None:
        if countdown:
            finals = countdown_search(hand).solutions(goal)
        elif integer_only and not isinstance(goal, int):
            finals = set()
        else:
            finals = {finish(form) for form in engine(integer_only).forms(hand, goal)}
        whole_cards = _whole(hand)
        listed = tuple(sorted((_solution(f, goal, whole_cards) for f in finals), key=_sort_key))
        if len(listed) <= LISTS_KEPT_SIZE:
            if len(_LISTED) >= LISTS_KEPT:
                del _LISTED[next(iter(_LISTED))]
            _LISTED[key] = listed
    return list(listed)


LISTS_KEPT = 4
"""How many of its last lists :func:`solve` keeps: a hand's facts and its three hints each
ask for the same list, which the search's caches make cheap but not its printing."""
LISTS_KEPT_SIZE = 2_000
"""Lists longer than this are not kept (with :data:`LISTS_KEPT`, bounds the memory they
hold to a few MB in a long-lived worker)."""
_LISTED: dict[tuple[Multiset, Value, bool, bool], tuple[Solution, ...]] = {}


def clear_caches() -> None:
    """Forget every search and list made so far (for benchmarks that time a cold start)."""
    _LISTED.clear()
    for integer_only in (False, True):
        engine(integer_only).clear()
    from solver.countdown_search import countdown

    countdown.cache_clear()
    form_bags.forget_masks()
    form_products.forget_masks()


class Listing(Frozen):
    """The distinct solutions found within a time budget, simplest first; ``complete`` says
    whether they are all of them (as :func:`solve` lists them) or only the first found."""

    __slots__ = __match_args__ = ("solutions", "complete")
    solutions: list[Solution]
    complete: bool

    def __init__(self, solutions: list[Solution], complete: bool) -> None:
        object.__setattr__(self, "solutions", solutions)
        object.__setattr__(self, "complete", complete)


@paused
def solve_within(
    numbers: object,
    target: object = 24,
    *,
    seconds: float,
    integer_only: bool = False,
    countdown: bool = False,
    clock: Callable[[], float] = time.monotonic,
    progress: Callable[[Listing], None] | None = None,
    progress_every: float = 0.1,
) -> Listing:
    """:func:`solve`'s solutions, as many as are found in about ``seconds`` of ``clock``.

    A solvable hand gives at least one at once, however large: a witness built depth-first
    in milliseconds (:mod:`solver.first_found`); the others come as the search finds them.
    The time between two found is bounded by listing those of one sub-multiset of five
    numbers (a few milliseconds) or, under Countdown's rules, of one part, but not always
    small: up to a few tenths of a second for eight numbers, over a second for some parts of
    eight under Countdown's rules, so a deadline may be overrun by that much.  A caller who
    cannot wait for it gets ``progress``: the listing so far (never complete), as soon as
    the first solution is found and then every ``progress_every`` seconds of ``clock``.
    When the list is ``complete`` it is exactly :func:`solve`'s; one stopped by the
    deadline is not, even if nothing was left.  Raises :class:`SolverInputError` as
    :func:`solve` does.
    """
    hand, goal = normalise(numbers, target, countdown=countdown)
    finals = finals_as_found(hand, goal, integer_only=integer_only, countdown=countdown)
    whole_cards = _whole(hand)
    found: dict[Final, Solution] = {}  # printed as found: the deadline counts the printing
    started = clock()
    deadline, report = started + seconds, started
    complete = True
    for final in finals:
        found[final] = _solution(final, goal, whole_cards)
        now = clock()
        if now >= deadline:
            complete = False
            break
        if progress is not None and now >= report:
            progress(Listing(sorted(found.values(), key=_sort_key), False))
            report = now + progress_every
    return Listing(sorted(found.values(), key=_sort_key), complete)


@paused
def is_solvable(
    numbers: object,
    target: object = 24,
    *,
    integer_only: bool = False,
    countdown: bool = False,
) -> bool:
    """Whether any solution exists (much cheaper than listing them)."""
    hand, goal = normalise(numbers, target, countdown=countdown)
    if countdown:
        return countdown_search(hand).smallest_part(goal) is not None
    if integer_only and not isinstance(goal, int):
        return False
    return engine(integer_only).reach(hand, goal)


@paused
def closest(
    numbers: object,
    target: object = 24,
    *,
    integer_only: bool = False,
    countdown: bool = False,
) -> Closest:
    """A solution if there is one, else the nearest reachable value on each side.

    Each comes with one expression (not necessarily the simplest; under Countdown's rules
    one with the fewest numbers).  The generalised game scores the best value not above the
    target: that is ``below``.
    """
    hand, goal = normalise(numbers, target, countdown=countdown)
    one_form: Callable[[Value], Form | None]
    values: Callable[[], frozenset[Value]]
    if countdown:
        search = countdown_search(hand)
        one_form, values = search.one_form, search.reachable
    else:
        eng = engine(integer_only)
        one_form, values = partial(eng.one_form, hand), partial(eng.values, hand)

    def witness(value: Value | None) -> Solution | None:
        if value is None:
            return None
        form = one_form(value)
        return None if form is None else _solution(finish(form), value)

    exact = witness(goal) if not integer_only or isinstance(goal, int) else None
    if exact is not None:
        return Closest(goal, exact, None, None)
    if countdown:  # without listing every value where it can
        below, above = search.nearest(goal)
    else:
        below = max((v for v in values() if v < goal), default=None)
        above = min((v for v in values() if v > goal), default=None)
    return Closest(goal, None, witness(below), witness(above))


def _form(operation: Operation, left: Form, right: Form) -> Form:
    """The normal form of one operation of a typed expression, from its operands' forms.

    Forms are of non-negative values: a sum of operands of opposite signs is the larger
    magnitude minus the smaller, and every result keeps its magnitude.
    """
    op, a, b = operation.op, operation.left, operation.right
    value = _magnitude(operation.result)
    if op in "*/":
        return combine(left, right, op, value)
    if op == "-":
        b = -b
    if a == 0 or b == 0 or (a > 0) == (b > 0):
        return combine(left, right, "+", value)
    if _magnitude(a) >= _magnitude(b):
        return combine(left, right, "-", value)
    return combine(right, left, "-", value)


def solution_of(expression: str, target: Value = 24) -> Solution:
    """The distinct solution an expression belongs to (equal to its item in :func:`solve`).

    The expression is read as :func:`~solver.checking.check` reads an answer, so a trailing
    ``= target`` is allowed.  Raises :class:`~solver.parsing.ParseError` (a ``ValueError``)
    for text that is not an expression, ``ZeroDivisionError`` for a division by zero.  A
    negative result keeps its magnitude: check the value separately.
    """
    from solver.evaluation import fold
    from solver.parsing import postfix

    value, form = fold(postfix(expression, target), leaf, _form)
    return _solution(finish(form), _magnitude(value))


def _magnitude(x: Value) -> Value:
    return -x if x < 0 else x
