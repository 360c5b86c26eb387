"""The compiled core's normal forms (solver/_core_forms.h) against Python's combine.

Every combination the pure Python path makes on the way to a hand's forms is made again by
the core, which must give the very same nested tuples, or ``None`` where it leaves the work
to Python (values or bags too large for its machine words).  Skipped where the core was not
built or is switched off.
"""

from __future__ import annotations

import functools
import hashlib
import random
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import core
from solver.arithmetic import Value, divide, whole
from solver.form_nodes import HOLE, PRODUCT
from solver.normal_form import LEAF, SUM, Form, combine, leaf
from solver.search import Engine, _Keyed, splits
from tests.kept_results import kept

pytestmark = pytest.mark.skipif(
    not core.wanted(), reason="the compiled core was not built, or is switched off"
)

ALL_HANDS = list(combinations_with_replacement(range(1, 14), 4))


def _kernel() -> core.Core:
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    return kernel


def _sample(cards: int, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.randint(1, 13) for _ in range(cards))) for _ in range(count)]


VECTORS: list[tuple[tuple[Value, ...], Value]] = [
    *((hand, 24) for hand in ALL_HANDS[::15]),
    *((hand, 24) for hand in _sample(5, 6, 7)),
    ((1, 1, 2, 3, 5, 8), 24),  # ones lifted, parts that cancel
    ((1, 1, 1, 1, 2, 3), 6),  # many ones: holes, a product worth 1
    ((1, 1, 1, 2, 13), 13),
    ((2, 2, 3, 3, 6), 1),  # numerator and denominator parts of equal products
    ((3, 3, 8, 8), 24),
    ((2, 3, 5, 7, 11), 1),  # sums that cancel in part
    ((0, 0, 5, 6), 0),  # zeros: sums worth nothing, products worth nothing
    ((5, 5, 5, 5, 5), 0),
    ((0, 1, 1, 3, 9), 0),
    ((4, 4, 4, 4, 4), 4),
    ((Fraction(1, 3), 2, 3, 9), Fraction(1, 3)),
    ((Fraction(1, 2), Fraction(3, 4), 5, 7), 24),
    ((Fraction(1, 2), Fraction(3, 4), Fraction(5, 4), 7), 7),
    ((Fraction(1, 2), 2, 3, 6), 1),  # a factor and its reciprocal
    ((25, 50, 75, 100, 3, 6), 952),  # larger numbers
]


Combination = tuple[Form, Form, str, Value, Form]
"""Two forms, an operation, the value it makes and Python's form of it."""


def _pure_combinations(hand: tuple[Value, ...], target: Value) -> list[Combination]:
    """Every combination the pure path makes on the way to a hand's forms, with Python's
    form of each."""
    pure = Engine(compiled=False)
    pure.forms(hand, target)
    made: list[Combination] = []
    for numbers, v in [key for key in pure._forms if len(key[0]) > 1]:
        for part, a, op, rest, w, a_first in pure._lazy_steps(numbers, v):
            for fa in pure.forms(part, a):
                for fw in pure.forms(rest, w):
                    x, y = (fa, fw) if a_first else (fw, fa)
                    made.append((x, y, op, v, combine(x, y, op, v)))
    return made


@functools.cache
def _combined_checked(hand: tuple[Value, ...], target: Value) -> tuple[list[object], int, int]:
    """Every combination the pure path makes for a hand's forms, made again by the core:
    those that differ, and how many the core made and left to Python.  Made once a process
    for each of :data:`VECTORS`: the two tests below read the same check, which each made
    on its own before (2.8 s of CPU each, this machine, 4 December 2026); the list is
    read, never changed.  The pure path's combinations are kept between runs
    (tests/kept_results.py): worked out again only when the solver's code changes, they
    are the same every time."""
    name = "forms-combinations-" + hashlib.sha256(repr((hand, target)).encode()).hexdigest()[:16]
    kernel = _kernel()
    made = {True: 0, False: 0}
    differ: list[object] = []
    for x, y, op, v, expected in kept(name, __file__, lambda: _pure_combinations(hand, target)):
        form = kernel.combine(x, y, op, v)
        made[form is not None] += 1
        if form is not None and form != expected:
            differ.append((x, y, op, v))
    return differ, made[True], made[False]


@pytest.mark.parametrize(("hand", "target"), VECTORS)
def test_every_combination_is_pythons(hand: tuple[Value, ...], target: Value) -> None:
    differ, _, _ = _combined_checked(hand, target)
    assert differ == []


@pytest.mark.parametrize(("hand", "target"), VECTORS)
def test_the_core_makes_every_combination_of_a_small_hand(
    hand: tuple[Value, ...], target: Value
) -> None:
    _, _, left = _combined_checked(hand, target)
    assert left == 0


def test_a_plain_sum_is_made_by_the_core() -> None:
    expected = ((SUM, 8, ((LEAF, 3), (LEAF, 5)), ()), (), ())
    assert _kernel().combine(leaf(3), leaf(5), "+", 8) == expected


def test_a_plain_product_of_fractions_is_made_by_the_core() -> None:
    half = Fraction(1, 2)
    expected = ((PRODUCT, 2, ((LEAF, half), (LEAF, 4)), ()), (), ())
    assert _kernel().combine(leaf(half), leaf(4), "*", 2) == expected


def test_a_factor_worth_1_is_lifted_by_the_core() -> None:
    assert _kernel().combine(leaf(2), leaf(1), "*", 2) == ((LEAF, 2), ((LEAF, 1),), ())


def test_a_reciprocal_gets_a_hole_from_the_core() -> None:
    expected = ((PRODUCT, Fraction(1, 3), (HOLE,), ((LEAF, 3),)), ((LEAF, 1),), ())
    assert _kernel().combine(leaf(1), leaf(3), "/", Fraction(1, 3)) == expected


def test_a_sum_that_cancels_is_made_by_the_core() -> None:
    expected = ((SUM, 0, ((LEAF, 3),), ((LEAF, 3),)), (), ())
    assert _kernel().combine(leaf(3), leaf(3), "-", 0) == expected


def test_fractions_that_cancel_in_part_of_a_sum_are_made_by_the_core() -> None:
    half, three_quarters, five_quarters = Fraction(1, 2), Fraction(3, 4), Fraction(5, 4)
    sum_ = combine(leaf(half), leaf(7), "+", Fraction(15, 2))
    sum_ = combine(sum_, leaf(three_quarters), "+", Fraction(33, 4))
    # ½ + 7 + ¾ − 5⁄4: the part ½ + ¾ − 5⁄4 is worth 0.
    made = _kernel().combine(sum_, leaf(five_quarters), "-", 7)
    assert made == combine(sum_, leaf(five_quarters), "-", 7)
    assert made is not None and made[2] != ()


def test_a_value_too_large_for_machine_words_is_left_to_python() -> None:
    assert _kernel().combine(leaf(2**70), leaf(1), "+", 2**70 + 1) is None


def test_a_product_that_overflows_on_the_way_is_left_to_python() -> None:
    # (p·q ÷ p·r) × (r·s ÷ q·t) is worth s ÷ t, but p·q × r·s does not fit in 64 bits.
    p, q, r, s, t = 65521, 65519, 65497, 65479, 65449
    a = combine(leaf(p * q), leaf(p * r), "/", Fraction(q, r))
    b = combine(leaf(r * s), leaf(q * t), "/", Fraction(s, t))
    assert _kernel().combine(a, b, "*", Fraction(s, t)) is None


def test_a_bag_too_large_for_the_core_is_combined_by_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thirteen ones: a sum of them all has more terms than the core's bags hold."""
    from solver import search

    asked: list[str] = []

    def counted(a: Form, b: Form, op: str, value: Value) -> Form:
        asked.append(op)
        return combine(a, b, op, value)

    monkeypatch.setattr(search, "combine", counted)
    hand = (1,) * 13
    made = Engine().forms(hand, 13)
    assert "+" in asked
    pure = kept("forms-thirteen-ones", __file__, lambda: Engine(compiled=False).forms(hand, 13))
    assert made == pure


small = st.one_of(st.integers(0, 13), st.fractions(min_value=0, max_value=13, max_denominator=6))
large = st.integers(2**20, 2**41)


def _value(op: str, x: Value, y: Value) -> Value | None:
    if op == "+":
        return whole(x + y)
    if op == "-":
        return whole(x - y)
    if op == "*":
        return whole(x * y)
    return None if y == 0 else divide(x, y)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(small, small, large), min_size=2, max_size=8), st.randoms())
def test_any_combination_is_pythons(numbers: list[Fraction], rng: random.Random) -> None:
    """Random expressions over random numbers: at each step the core gives Python's form,
    or leaves it to Python."""
    kernel = _kernel()
    pool: list[tuple[Form, Value]] = [
        (leaf(whole(Fraction(n))), whole(Fraction(n))) for n in numbers
    ]
    while len(pool) > 1:
        (fx, x), (fy, y) = (pool.pop(rng.randrange(len(pool))) for _ in range(2))
        if x < y:
            (fx, x), (fy, y) = (fy, y), (fx, x)
        op = rng.choice("+-*/")
        v = _value(op, x, y)
        if v is None:
            op, v = "*", whole(x * y)
        expected = combine(fx, fy, op, v)
        made = kernel.combine(fx, fy, op, v)
        assert made is None or made == expected
        pool.append((expected, v))


def test_the_core_is_not_cleared_while_it_lists_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's combine runs in the middle of the core's listing (a bag too large for it):
    emptying the core's memory there would pull it from under the listing."""
    from solver import search

    engine = Engine()

    def clearing(a: Form, b: Form, op: str, value: Value) -> Form:
        engine.clear()
        return combine(a, b, op, value)

    monkeypatch.setattr(search, "combine", clearing)
    with pytest.raises(RuntimeError, match="forms are being listed"):
        engine.forms((1,) * 13, 13)
