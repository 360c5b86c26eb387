"""The search over sub-multisets of the dealt numbers (a sorted tuple each): :class:`Engine`
answers, memoised, every value one makes, whether it makes a given value, and the normal
forms of a value, small ones bottom-up and larger ones split in two (docs/solver.md,
*Distinct solutions*)."""

from __future__ import annotations

import enum
import gc
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

from solver import core
from solver.arithmetic import Value, divide, whole
from solver.normal_form import Form, combine, leaf

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from typing import Final, TypeVar

    _N = TypeVar("_N", bound=Value)
    _K = TypeVar("_K")
    _V = TypeVar("_V")

Multiset = tuple[Value, ...]

SMALL = 3
"""Multisets of at most this many numbers have all their values listed."""

LIST_GROWTH = 16
"""A larger multiset of n numbers asked :meth:`Engine.reach` more than
``LIST_GROWTH ** (n - SMALL)`` times has all its values listed instead: listing costs about
that many single questions."""

EAGER = 5
"""Multisets of at most this many numbers have all their forms of a value listed at once by
:meth:`Engine.iter_forms` (a few milliseconds at most); larger ones yield theirs one by one."""

CACHE_LIMIT = 200_000
"""Entries a cache may hold before it is emptied (bounds a long-running process's memory)."""


class _Any(enum.Enum):
    ANY = enum.auto()


ANY: Final = _Any.ANY
"""Marks "any value at all" as the value the other side must make (a factor times 0)."""


Need = tuple[str, "Value | _Any", bool]
"""``(op, w, a_first)``: see :meth:`Engine._needs`."""


class _Keyed(Fraction):
    """A fraction that works its hash out once: each value the other side must make is
    looked up in sets and caches again and again, and a fraction's hash is slow to make."""

    __slots__ = ("_hash",)
    _hash: int

    def __new__(cls, numerator: Fraction | int, denominator: int | None = None) -> _Keyed:
        keyed = super().__new__(cls, numerator, denominator)
        keyed._hash = Fraction.__hash__(keyed)
        return keyed

    # typeshed declares numbers.Complex unhashable (__hash__ = None); Fraction is not.
    def __hash__(self) -> int:  # type: ignore[override]
        return self._hash

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"

    def __reduce__(self) -> tuple[type[Fraction], tuple[int, int]]:
        return Fraction, (self.numerator, self.denominator)


def splits(numbers: tuple[_N, ...]) -> list[tuple[tuple[_N, ...], tuple[_N, ...]]]:
    """Every way to cut a multiset in two non-empty parts, the smaller part first, once each
    (in the order of their parts' first index combinations: the numbers are sorted, so
    ``combinations`` yields the distinct parts in that order)."""
    n = len(numbers)
    result = []
    for size in range(1, n // 2 + 1):
        for part in dict.fromkeys(combinations(numbers, size)):
            left = list(numbers)
            for x in part:
                left.remove(x)
            rest = tuple(left)
            # Two halves: the lesser is the part, and the other cut has come already.
            if size * 2 == n and rest < part:
                continue
            result.append((part, rest))
    return result


class Engine:
    """Memoised answers for one arithmetic rule set (``integer_only`` or exact rationals);
    with ``compiled`` the compiled core answers where it can (see :mod:`solver.core`)."""

    def __init__(self, *, integer_only: bool = False, compiled: bool = True) -> None:
        self.integer_only = integer_only
        self._core = core.load(integer_only, _Keyed, splits) if compiled else None
        self._values: dict[Multiset, frozenset[Value]] = {}
        self._reach: dict[tuple[Multiset, Value], bool] = {}
        self._forms: dict[tuple[Multiset, Value], frozenset[Form]] = {}
        self._splits: dict[Multiset, list[tuple[Multiset, Multiset]]] = {}
        self._asked: dict[Multiset, int] = {}
        self._need: dict[tuple[Value, Value], tuple[Need, ...]] = {}

    def clear(self) -> None:
        """Forget everything (used by benchmarks to measure a cold start)."""
        for cache in (
            self._values,
            self._reach,
            self._forms,
            self._splits,
            self._asked,
            self._need,
        ):
            cache.clear()
        if self._core is not None:
            self._core.clear()

    def _store(self, cache: dict[_K, _V], key: _K, value: _V) -> None:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[key] = value

    def splits(self, numbers: Multiset) -> list[tuple[Multiset, Multiset]]:
        """Memoised :func:`splits`."""
        found = self._splits.get(numbers)
        if found is None:
            found = splits(numbers)
            self._store(self._splits, numbers, found)
        return found

    # --- values ---------------------------------------------------------------------------

    def values(self, numbers: Multiset) -> frozenset[Value]:
        """Every value the multiset can make with + − × ÷, each number used once."""
        found = self._values.get(numbers)
        if found is None and self._core is not None:
            found = self._core.values(numbers)
        if found is not None:
            return found
        if len(numbers) == 1:
            result = frozenset(numbers)
        else:
            out: set[Value] = set()
            integer_only = self.integer_only
            for part, rest in self.splits(numbers):
                right = self.values(rest)
                for a in self.values(part):
                    for b in right:
                        if type(a) is int and type(b) is int:
                            out.add(a + b)
                            out.add(a - b if a >= b else b - a)
                            out.add(a * b)
                        else:
                            out.add(whole(a + b))
                            out.add(whole(a - b if a >= b else b - a))
                            out.add(whole(a * b))
                        if b:
                            q = divide(a, b)
                            if not integer_only or type(q) is int:
                                out.add(q)
                        if a:
                            q = divide(b, a)
                            if not integer_only or type(q) is int:
                                out.add(q)
            result = frozenset(out)
        self._store(self._values, numbers, result)
        return result

    # --- one value --------------------------------------------------------------------------

    def _needs(self, a: Value, v: Value) -> tuple[Need, ...]:
        """For ``a`` from one side and target ``v``: every ``(op, w, a_first)`` for the other
        side (memoised: the same pairs come back for every multiset).

        ``w`` is the value the other side must make, or :data:`ANY`.  The expression is
        ``a op w`` when ``a_first``, else ``w op a``.  Under ``integer_only`` a ``w`` that is
        not whole is left out.
        """
        key = (a, v)
        found = self._need.get(key)
        if found is None:
            found = tuple(
                (op, _Keyed(w) if type(w) is Fraction else w, a_first)
                for op, w, a_first in self._list_needs(a, v)
                if not self.integer_only or w is ANY or type(w) is int
            )
            self._store(self._need, key, found)
        return found

    @staticmethod
    def _list_needs(a: Value, v: Value) -> Iterator[Need]:
        if v >= a:
            yield "+", whole(v - a), True
        if a >= v:
            yield "-", whole(a - v), True
        if v:
            yield "-", whole(a + v), False
        if a:
            yield "*", divide(v, a), True
            yield "/", whole(v * a), False
            if v:
                yield "/", divide(a, v), True
        elif v == 0:
            yield "*", ANY, True
            yield "/", ANY, True

    def _any(self, rest: Multiset, op: str, a_first: bool) -> list[Value]:
        """The values of ``rest`` that may stand beside a 0 in a result worth 0 (any value,
        but not 0 as a divisor)."""
        divisor = op == "/" and a_first
        return [x for x in self.values(rest) if x or not divisor]

    def reach(self, numbers: Multiset, v: Value) -> bool:
        """Whether the multiset can make exactly ``v``."""
        if self._core is not None:
            reached = self._core.reach(numbers, v)
            if reached is not None:
                return reached
        if len(numbers) <= SMALL:
            return v in self.values(numbers)
        listed = self._values.get(numbers)
        if listed is not None:
            return v in listed
        asked = self._asked.get(numbers, 0) + 1
        self._asked[numbers] = asked
        if asked > LIST_GROWTH ** (len(numbers) - SMALL):
            return v in self.values(numbers)
        key = (numbers, v)
        found = self._reach.get(key)
        if found is None:
            found = self._search(numbers, v)
            self._store(self._reach, key, found)
        return found

    def _search(self, numbers: Multiset, v: Value) -> bool:
        """Whether some split of the multiset makes ``v`` (no cache)."""
        for part, rest in self.splits(numbers):
            listed = self._values.get(rest) if len(rest) > SMALL else self.values(rest)
            for a in self.values(part):
                for op, w, a_first in self._needs(a, v):
                    if w is ANY:
                        if self._any(rest, op, a_first):
                            return True
                    elif (w in listed) if listed is not None else self.reach(rest, w):
                        return True
        return False

    def forms(self, numbers: Multiset, v: Value) -> frozenset[Form]:
        """Every normal form of value ``v`` over the multiset (the cyclic garbage collector
        paused meanwhile: a great many tuples, none in a cycle, each pass work for nothing)."""
        found = self._forms.get((numbers, v))
        if found is not None or not gc.isenabled():
            return self._list_forms(numbers, v) if found is None else found
        gc.disable()
        try:
            return self._list_forms(numbers, v)
        finally:
            gc.enable()

    def _list_forms(self, numbers: Multiset, v: Value) -> frozenset[Form]:
        if len(numbers) == 1:
            result = frozenset([leaf(numbers[0])] if numbers[0] == v else [])
        elif len(numbers) <= SMALL and v not in self.values(numbers):
            result = frozenset()
        elif self._core is not None and (made := self._core.forms(numbers, v, combine)) is not None:
            result = made
        else:
            out: set[Form] = set()
            forms = self.forms
            for part, rest in self.splits(numbers):
                listed = self.values(rest) if len(rest) <= SMALL else None
                for a in self.values(part):
                    part_forms: frozenset[Form] | None = None
                    for op, w, a_first in self._needs(a, v):
                        if w is ANY:
                            partners = self._any(rest, op, a_first)
                        elif (w in listed) if listed is not None else self.reach(rest, w):
                            partners = [w]
                        else:
                            continue
                        if part_forms is None:
                            part_forms = forms(part, a)
                        for w_value in partners:
                            rest_forms = forms(rest, w_value)
                            for fa in part_forms:
                                for fw in rest_forms:
                                    if a_first:
                                        out.add(combine(fa, fw, op, v))
                                    else:
                                        out.add(combine(fw, fa, op, v))
            result = frozenset(out)
        self._store(self._forms, (numbers, v), result)
        return result

    def _steps(self, numbers: Multiset, v: Value) -> list[core.Step] | None:
        """The compiled core's steps to the forms of ``v``, or ``None`` without it."""
        return None if self._core is None else self._core.steps(numbers, v)

    def step_count(self, numbers: Multiset, v: Value) -> int:
        """How many steps the forms of ``v`` are combined from at the top (a split of the
        multiset in two, a value of each part, an operation): a measure of the work listing
        them takes, found in a small fraction of it."""
        steps = self._steps(numbers, v)
        return sum(1 for _ in self._lazy_steps(numbers, v)) if steps is None else len(steps)

    def iter_forms(self, numbers: Multiset, v: Value) -> Iterator[Form]:
        """The normal forms of :meth:`forms`, each once, yielded as they are found, so that a
        caller may stop early.  Between two forms yielded the work is bounded by listing the
        forms of one multiset of :data:`EAGER` numbers; the whole set is kept (for
        :meth:`forms`) once it is exhausted."""
        found = self._forms.get((numbers, v))
        if found is not None or len(numbers) <= EAGER:
            yield from self.forms(numbers, v) if found is None else found
            return
        seen: set[Form] = set()
        # The core combines forms where they fit in machine words (solver.core); None: Python.
        made_by = self._core.combine if self._core is not None else None
        steps = self._steps(numbers, v)
        for part, a, op, rest, w, a_first in (
            self._lazy_steps(numbers, v) if steps is None else steps
        ):
            # The smaller side's forms are listed at once; the larger side's come one by one,
            # each combined with all of them.
            part_forms = self.forms(part, a)
            for fw in self.iter_forms(rest, w):
                for fa in part_forms:
                    x, y = (fa, fw) if a_first else (fw, fa)
                    made = None if made_by is None else made_by(x, y, op, v)
                    form = combine(x, y, op, v) if made is None else made
                    if form not in seen:
                        seen.add(form)
                        yield form
        self._store(self._forms, (numbers, v), frozenset(seen))

    def _lazy_steps(self, numbers: Multiset, v: Value) -> Iterator[core.Step]:
        """The steps of :meth:`_steps`, found one by one in Python."""
        for part, rest in self.splits(numbers):
            for a in self.values(part):
                for op, w, a_first in self._needs(a, v):
                    if w is ANY:
                        partners = self._any(rest, op, a_first)
                    elif self.reach(rest, w):
                        partners = [w]
                    else:
                        continue
                    for w_value in partners:
                        yield part, a, op, rest, w_value, a_first

    def one_form(self, numbers: Multiset, v: Value) -> Form | None:
        """One normal form of value ``v`` (found depth-first, without listing the rest)."""
        if len(numbers) == 1:
            return leaf(numbers[0]) if numbers[0] == v else None
        if not self.reach(numbers, v):
            return None
        for part, rest in self.splits(numbers):
            for a in self.values(part):
                for op, w, a_first in self._needs(a, v):
                    if w is ANY:
                        partners = self._any(rest, op, a_first)
                    else:
                        partners = [w] if self.reach(rest, w) else []
                    for w_value in partners:
                        fa = self.one_form(part, a)
                        fw = self.one_form(rest, w_value)
                        if fa is None or fw is None:  # pragma: no cover - reach said yes
                            continue
                        first, second = (fa, fw) if a_first else (fw, fa)
                        return combine(first, second, op, v)
        return None  # pragma: no cover - reach said yes


_ENGINES = {False: Engine(integer_only=False), True: Engine(integer_only=True)}


def engine(integer_only: bool = False) -> Engine:
    """The shared engine for a rule set (its caches serve every later call)."""
    return _ENGINES[integer_only]
