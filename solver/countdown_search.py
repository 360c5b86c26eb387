"""The search under Countdown's rules: each number at most once, + − × ÷ and brackets, every
intermediate result a positive whole number.  :class:`Countdown` works by dynamic programming
over the hand's distinct sub-multisets, asking the compiled search first where it was built
(docs/solver.md, *Countdown's rules*)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property, lru_cache
from itertools import combinations

from solver import countdown_compiled
from solver.arithmetic import Value
from solver.countdown_compiled import Tree
from solver.normal_form import Final, Form, combine, finish, leaf
from solver.search import splits

Part = tuple[int, ...]
"""A sub-multiset of the numbers, sorted."""

Cut = tuple[Part, int, Part, int, str, bool]
"""A part's last step to a value: ``(left, a, right, b, op, a_first)``, the step being
``a op b`` (``b op a`` unless ``a_first``) with ``a`` made by ``left`` and ``b`` by ``right``."""


def _add_cut_values(out: set[int], left: frozenset[int], right: frozenset[int]) -> None:
    """Add to ``out`` every positive whole ``a op b``, ``a`` in ``left`` and ``b`` in ``right``."""
    add = out.add  # the search's innermost loop
    for a in left:
        for b in right:
            add(a + b)
            add(a * b)
            if a > b:
                add(a - b)
                if a % b == 0:
                    add(a // b)
            elif b > a:
                add(b - a)
                if b % a == 0:
                    add(b // a)
            else:
                add(1)  # a ÷ a; a − a is 0


def _needs(a: int, v: int) -> Iterator[tuple[str, int, bool]]:
    """For ``a`` from one side and ``v`` to make: ``(op, b, a_first)``, where ``b`` is the
    positive whole value the other side must make for ``a op b`` (``b op a`` unless
    ``a_first``) to be ``v``."""
    if v > a:
        yield "+", v - a, True
    if a > v:
        yield "-", a - v, True
    yield "-", a + v, False
    if v % a == 0:
        yield "*", v // a, True
    if a % v == 0:
        yield "/", a // v, True
    yield "/", a * v, False


def wastes_numbers(form: Form) -> bool:
    """Whether a form has a factor worth 1 or parts that cancel (see :mod:`solver.normal_form`):
    under Countdown's rules the same solution leaves those numbers out.  (A reciprocal's 1 is
    lifted too, but a reciprocal is a fraction, which Countdown's rules never make.)"""
    _, lifted, cancelled = form
    return bool(lifted or cancelled)


@lru_cache(maxsize=1)
def _compiled() -> countdown_compiled.Search | None:
    return countdown_compiled.load()


def _leaves(tree: Tree) -> Iterator[int]:
    if isinstance(tree, int):
        yield tree
    else:
        yield from _leaves(tree[1])
        yield from _leaves(tree[2])


class Countdown:
    """What a multiset of whole numbers from 1 up makes under Countdown's rules, and how;
    memoised.  With ``compiled`` (and the compiled search built) some answers come from it."""

    def __init__(self, numbers: Part, compiled: bool = True) -> None:
        self.numbers = tuple(sorted(numbers))
        self._splits: dict[Part, list[tuple[Part, Part]]] = {}
        self._values: dict[Part, frozenset[int]] = {}
        self._forms: dict[tuple[Part, int], frozenset[Form]] = {}
        self._reachable: frozenset[int] | None = None
        search = _compiled() if compiled else None
        self._hand = None if search is None else search(self.numbers)
        self._trees: dict[int, Tree | None] = {}
        """From the compiled search: one expression of a value, ``None`` if none makes it."""
        self._near: dict[int, tuple[int | None, int | None]] = {}
        """From the compiled search: the values nearest a target."""

    @cached_property
    def parts(self) -> list[Part]:
        """Every distinct non-empty sub-multiset, fewest numbers first (then the least)."""
        count = len(self.numbers)
        return sorted(
            {
                tuple(self.numbers[i] for i in chosen)
                for size in range(1, count + 1)
                for chosen in combinations(range(count), size)
            },
            key=lambda part: (len(part), part),
        )

    def splits(self, part: Part) -> list[tuple[Part, Part]]:
        """Every way to cut a part in two, the smaller side first (memoised
        :func:`~solver.search.splits`)."""
        found = self._splits.get(part)
        if found is None:
            found = self._splits[part] = splits(part)
        return found

    def values(self, part: Part) -> frozenset[int]:
        """Every value the part makes using each of its numbers once."""
        found = self._values.get(part)
        if found is None and self._hand is not None:
            found = self._hand.values(part)
            if found is None:  # too large for machine words
                self._hand = None
            else:
                self._values[part] = found
        if found is None:
            made = set(part[:1]) if len(part) == 1 else set()
            for left, right in self.splits(part):
                _add_cut_values(made, self.values(left), self.values(right))
            found = self._values[part] = frozenset(made)
        return found

    def reachable(self) -> frozenset[int]:
        """Every value some of the numbers make (this lists the values of every part)."""
        if self._reachable is None:
            self._reachable = frozenset().union(*(self.values(part) for part in self.parts))
        return self._reachable

    def _cuts(self, part: Part, v: int) -> Iterator[Cut]:
        """Every last step by which a part of two or more numbers makes ``v``."""
        for left, right in self.splits(part):
            right_values = self.values(right)
            for a in self.values(left):
                for op, b, a_first in _needs(a, v):
                    if b in right_values:
                        yield left, a, right, b, op, a_first

    def makes(self, part: Part, v: int) -> bool:
        """Whether the part makes ``v`` using each of its numbers once (its values are not
        listed for this)."""
        listed = self._values.get(part)
        if listed is not None:
            return v in listed
        if len(part) == 1:
            return part[0] == v
        return next(self._cuts(part, v), None) is not None

    def smallest_part(self, v: Value) -> Part | None:
        """The part with the fewest numbers that makes ``v`` (``None`` if none does), the
        least of those."""
        if type(v) is not int or v < 1:
            return None
        if self._asked(v, both=False):
            tree = self._trees[v]
            return None if tree is None else tuple(sorted(_leaves(tree)))
        return self._smallest_part(v)

    def _smallest_part(self, v: int) -> Part | None:
        return next((part for part in self.parts if self.makes(part, v)), None)

    def one_form(self, v: Value) -> Form | None:
        """One expression of ``v``, from the smallest part that makes it (so it wastes no
        number); ``None`` if no part makes it.  Of that part's cuts (in the order of
        :meth:`splits`), the first that makes ``v``; of the values of its smaller side, the
        least that does; of the operations, the first (in the order of :func:`_needs`)."""
        if type(v) is not int or v < 1:
            return None
        if self._asked(v, both=False):
            tree = self._trees[v]
            return None if tree is None else countdown_compiled.form(tree)
        part = self._smallest_part(v)
        return None if part is None else self._one_form(part, v)

    def _one_form(self, part: Part, v: int) -> Form:
        if len(part) == 1:
            return leaf(v)
        left, a, right, b, op, a_first = self._first_cut(part, v)
        fa, fb = self._one_form(left, a), self._one_form(right, b)
        return combine(fa, fb, op, v) if a_first else combine(fb, fa, op, v)

    def _first_cut(self, part: Part, v: int) -> Cut:
        """The last step :meth:`one_form` takes (the part makes ``v``)."""
        for left, right in self.splits(part):
            right_values = self.values(right)
            for a in sorted(self.values(left)):
                for op, b, a_first in _needs(a, v):
                    if b in right_values:
                        return left, a, right, b, op, a_first
        raise AssertionError(f"{part} does not make {v}")

    def nearest(self, goal: Value) -> tuple[Value | None, Value | None]:
        """The values some of the numbers make that are nearest ``goal``, below and above
        it (``None`` on a side where there is none)."""
        if type(goal) is int and goal >= 0 and self._asked(goal, both=True):
            return self._near[goal]
        values = self.reachable()
        return (
            max((v for v in values if v < goal), default=None),
            min((v for v in values if v > goal), default=None),
        )

    def _asked(self, v: int, both: bool) -> bool:
        """Whether the compiled search answered for ``v`` (asked now if need be): then
        ``_trees[v]`` is known, and ``_near[v]`` too where ``v`` is not made or ``both``.
        It answers for the hands and values that fit in machine words."""
        if self._hand is None:
            return False
        if v in self._trees and (v in self._near or not both):
            return True
        answer = self._hand.best(v, both)
        if answer is None:
            return False
        exact, below, above = answer
        self._trees[v] = None if exact is None else exact[1]
        if exact is None or both:
            self._near[v] = (below and below[0], above and above[0])
            for value, tree in filter(None, (below, above)):
                self._trees[value] = tree
        return True

    def solutions(self, v: Value) -> set[Final]:
        """The final keys (:func:`~solver.normal_form.finish`) of every distinct solution
        that makes ``v``, over every part."""
        if type(v) is not int or v < 1:
            return set()
        return {finish(form) for part in self.parts for form in self.forms(part, v)}

    def iter_solutions(self, v: Value) -> Iterator[Final]:
        """The final keys of :meth:`solutions` as they are found, smaller parts first (so a
        caller may stop early); a key may come more than once."""
        if type(v) is not int or v < 1:
            return
        for part in self.parts:
            for form in self.forms(part, v):
                yield finish(form)

    def forms(self, part: Part, v: int) -> frozenset[Form]:
        """Every normal form of ``v`` over the part that wastes no number."""
        key = (part, v)
        found = self._forms.get(key)
        if found is not None:
            return found
        out = set()
        if len(part) == 1:
            if part[0] == v:
                out.add(leaf(v))
        else:
            for left, a, right, b, op, a_first in self._cuts(part, v):
                for fa in self.forms(left, a):
                    for fb in self.forms(right, b):
                        form = combine(fa, fb, op, v) if a_first else combine(fb, fa, op, v)
                        if not wastes_numbers(form):
                            out.add(form)
        found = self._forms[key] = frozenset(out)
        return found


@lru_cache(maxsize=16)
def countdown(numbers: Part) -> Countdown:
    """The search over a sorted multiset of numbers (the last few are kept for later calls)."""
    return Countdown(numbers)
