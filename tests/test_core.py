"""The compiled core (solver/_core.c) against the pure Python path, on the same hands.

Skipped where the core was not built (no C compiler at install time) or is switched off
(``TWENTYFOUR_PURE_PYTHON=1``): the pure Python path is then the only one, and every other
test runs on it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver import closest, core, solve, solve_within
from solver.arithmetic import Value
from solver.form_nodes import PRODUCT
from solver.normal_form import LEAF, SUM, Final, combine, finish, leaf
from solver.search import Engine, _Keyed, splits

pytestmark = pytest.mark.skipif(
    not core.wanted(), reason="the compiled core was not built, or is switched off"
)

ALL_HANDS = list(combinations_with_replacement(range(1, 14), 4))


def _finals(engine: Engine, hand: tuple[Value, ...], target: Value) -> set[Final]:
    return {finish(form) for form in engine.forms(hand, target)}


@pytest.fixture
def engines() -> tuple[Engine, Engine]:
    """A compiled and a pure Python engine, each with caches of its own."""
    compiled = Engine(compiled=True)
    assert compiled._core is not None
    return compiled, Engine(compiled=False)


@pytest.fixture
def pure_solver(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``solve`` and its kin on engines without the core (their caches fresh and apart)."""
    from solver import search, solutions

    monkeypatch.setattr(
        search,
        "_ENGINES",
        {flag: Engine(integer_only=flag, compiled=False) for flag in (False, True)},
    )
    solutions.clear_caches()
    yield
    solutions.clear_caches()


def test_every_four_card_hand_has_the_same_solutions(engines: tuple[Engine, Engine]) -> None:
    compiled, pure = engines
    differ = [h for h in ALL_HANDS if _finals(compiled, h, 24) != _finals(pure, h, 24)]
    assert differ == []


def test_the_four_card_sweep_counts_3017(engines: tuple[Engine, Engine]) -> None:
    compiled, _ = engines
    assert sum(len(_finals(compiled, hand, 24)) for hand in ALL_HANDS) == 3017


def _sample(cards: int, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.randint(1, 13) for _ in range(cards))) for _ in range(count)]


@pytest.mark.parametrize("hand", [*_sample(5, 12, 5), *_sample(6, 4, 6), (1, 2, 3, 4, 5, 6)])
def test_five_and_six_card_hands_have_the_same_solutions(
    engines: tuple[Engine, Engine], hand: tuple[int, ...]
) -> None:
    compiled, pure = engines
    assert _finals(compiled, hand, 24) == _finals(pure, hand, 24)


@pytest.mark.parametrize("hand", [*_sample(5, 8, 55), (1, 1, 2, 3, 5, 8)])
def test_values_and_reach_agree(engines: tuple[Engine, Engine], hand: tuple[int, ...]) -> None:
    compiled, pure = engines
    values = pure.values(hand)
    assert compiled.values(hand) == values
    probes = [
        *sorted(values, key=lambda v: (v.denominator, v))[:40],
        0,
        24,
        1000,
        Fraction(7, 1000),
    ]
    assert [compiled.reach(hand, v) for v in probes] == [pure.reach(hand, v) for v in probes]


@pytest.mark.parametrize(
    ("hand", "target"),
    [
        ((3, 3, 8, 8), 24),
        ((1, 2, 3, 4, 7, 25), 573),
        ((50, 25, 2, 2, 1, 1), 875),
        ((2, 3, 5, 7, 11), 1),
        ((0, 0, 5, 6), 0),
        ((0, 4, 6, 13), 24),
    ],
)
def test_integer_only_hands_have_the_same_solutions(hand: tuple[int, ...], target: int) -> None:
    compiled, pure = Engine(integer_only=True), Engine(integer_only=True, compiled=False)
    assert _finals(compiled, hand, target) == _finals(pure, hand, target)
    assert compiled.values(hand) == pure.values(hand)


@pytest.mark.parametrize(
    ("hand", "target"),
    [
        ((Fraction(1, 2), Fraction(3, 4), 5, 7), 24),
        ((Fraction(1, 3), 2, 3, 9), Fraction(1, 3)),
        ((0, 1, 1, 3), 0),
        ((0, 0, 0, 0, 0), 0),
        ((5, 5, 5, 5, 5), 0),
        ((7,), 7),
        ((2, 12), 24),
    ],
)
def test_fractions_and_zeros_have_the_same_solutions(
    engines: tuple[Engine, Engine], hand: tuple[Value, ...], target: Value
) -> None:
    compiled, pure = engines
    assert _finals(compiled, hand, target) == _finals(pure, hand, target)


numbers = st.one_of(st.integers(0, 13), st.fractions(min_value=0, max_value=13, max_denominator=6))


@given(st.lists(numbers, min_size=1, max_size=5), numbers, st.booleans())
def test_any_small_hand_has_the_same_forms_values_and_reach(
    hand: list[Value], target: Value, integer_only: bool
) -> None:
    numbers = tuple(sorted(x.numerator if x.denominator == 1 else x for x in hand))
    goal = target.numerator if target.denominator == 1 else target
    compiled = Engine(integer_only=integer_only)
    pure = Engine(integer_only=integer_only, compiled=False)
    assert _finals(compiled, numbers, goal) == _finals(pure, numbers, goal)
    assert compiled.values(numbers) == pure.values(numbers)
    assert compiled.reach(numbers, goal) == pure.reach(numbers, goal)


def test_a_hand_too_large_for_machine_words_is_left_to_python() -> None:
    big = (10**6, 10**6 + 1, 10**6 + 3, 999_999)
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    assert kernel.steps(big, 24) is None


def test_a_hand_too_large_for_machine_words_still_gets_its_solutions(
    engines: tuple[Engine, Engine],
) -> None:
    compiled, pure = engines
    hand = (10**6, 10**6, 10**6, 10**6)
    assert _finals(compiled, hand, 2) == _finals(pure, hand, 2)


CLOSEST = [
    ((1, 2, 3, 4, 7, 25), 573),
    ((50, 25, 2, 2, 1, 1), 875),
    ((3, 3, 2, 2, 1, 1), 1000),
    ((100, 75, 50, 25, 6, 3), 952),
    ((1, 1, 1, 1), 24),
    ((9, 9, 13, 13, 2), 997),
]


def _closest_texts(hand: tuple[int, ...], target: int) -> list[str | None]:
    result = closest(hand, target)
    sides = (result.exact, result.below, result.above)
    return [None if s is None else s.text for s in sides]


def test_closest_is_the_same_without_the_core(pure_solver: None) -> None:
    texts = [_closest_texts(hand, target) for hand, target in CLOSEST]
    from solver import search, solutions

    search._ENGINES.update({flag: Engine(integer_only=flag) for flag in (False, True)})
    solutions.clear_caches()
    assert [_closest_texts(hand, target) for hand, target in CLOSEST] == texts


def test_solve_within_lists_the_same_eight_card_solutions(pure_solver: None) -> None:
    hand = (1, 1, 1, 1, 2, 2, 3, 3)
    pure = solve_within(hand, 24, seconds=60)
    assert pure.complete
    from solver import search, solutions

    search._ENGINES.update({flag: Engine(integer_only=flag) for flag in (False, True)})
    solutions.clear_caches()
    assert solve_within(hand, 24, seconds=60).solutions == pure.solutions


def test_the_switch_keeps_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(core.PURE_PYTHON, "1")
    assert core.load(False, _Keyed, splits) is None


def test_the_switch_left_at_0_uses_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(core.PURE_PYTHON, "0")
    assert core.load(False, _Keyed, splits) is not None


def test_solve_gives_the_same_list_on_both_paths(pure_solver: None) -> None:
    hands = [(3, 3, 8, 8), (1, 2, 3, 4, 5), (2, 4, 8, 10), (1, 5, 5, 5, 7)]
    pure = [[s.text for s in solve(hand)] for hand in hands]
    from solver import search, solutions

    search._ENGINES.update({flag: Engine(integer_only=flag) for flag in (False, True)})
    solutions.clear_caches()
    assert [[s.text for s in solve(hand)] for hand in hands] == pure


PLAIN_VECTORS: list[tuple[tuple[Value, ...], Value]] = [
    *((hand, 24) for hand in ALL_HANDS[::15]),
    *((hand, 24) for hand in _sample(5, 6, 7)),
    ((1, 1, 2, 3, 5, 8), 24),
    ((0, 0, 5, 6), 0),
    ((5, 5, 5, 5, 5), 0),
    ((0, 1, 1, 3, 9), 0),
    ((1, 1, 1, 2, 13), 13),
    ((Fraction(1, 3), 2, 3, 9), Fraction(1, 3)),
    ((Fraction(1, 2), Fraction(3, 4), 5, 7), 24),
    ((Fraction(1, 2), Fraction(3, 4), Fraction(5, 4), 7), 7),
]


def _plain_checked(hand: tuple[Value, ...], target: Value) -> tuple[list[object], int, int]:
    """Every combination the pure path makes on the way to a hand's forms, made again by the
    core where it is plain: those that differ, and how many were plain and not."""
    pure = Engine(compiled=False)
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    pure.forms(hand, target)
    made = {True: 0, False: 0}
    differ: list[object] = []
    for numbers, v in [key for key in pure._forms if len(key[0]) > 1]:
        for part, a, op, rest, w, a_first in pure._lazy_steps(numbers, v):
            for fa in pure.forms(part, a):
                for fw in pure.forms(rest, w):
                    x, y = (fa, fw) if a_first else (fw, fa)
                    form = kernel.plain(x, y, op, v)
                    made[form is not None] += 1
                    if form is not None and form != combine(x, y, op, v):
                        differ.append((x, y, op, v))
    return differ, made[True], made[False]


@pytest.mark.parametrize(("hand", "target"), PLAIN_VECTORS)
def test_plain_combinations_are_pythons(hand: tuple[Value, ...], target: Value) -> None:
    differ, _, _ = _plain_checked(hand, target)
    assert differ == []


def test_a_six_card_hand_has_plain_combinations_and_others() -> None:
    _, plain, others = _plain_checked((1, 1, 2, 3, 5, 8), 24)
    assert plain > 2000
    assert others > 500


def test_a_plain_sum_is_made_by_the_core() -> None:
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    assert kernel.plain(leaf(3), leaf(5), "+", 8) == ((SUM, 8, ((LEAF, 3), (LEAF, 5)), ()), (), ())


def test_a_plain_product_of_fractions_is_made_by_the_core() -> None:
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    half = Fraction(1, 2)
    expected = ((PRODUCT, 2, ((LEAF, half), (LEAF, 4)), ()), (), ())
    assert kernel.plain(leaf(half), leaf(4), "*", 2) == expected


@pytest.mark.parametrize(
    ("a", "b", "op", "v"),
    [
        (3, 3, "-", 0),  # the whole sum cancels
        (2, 1, "*", 2),  # a factor worth 1
        (6, 6, "/", 1),  # a product worth 1
        (2**40, 1, "+", 2**40 + 1),  # too large for the core's words
    ],
)
def test_what_is_not_plain_is_left_to_python(a: Value, b: Value, op: str, v: Value) -> None:
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    assert kernel.plain(leaf(a), leaf(b), op, v) is None


def test_fractions_that_cancel_in_part_of_a_sum_are_left_to_python() -> None:
    kernel = core.load(False, _Keyed, splits)
    assert kernel is not None
    half, three_quarters, five_quarters = Fraction(1, 2), Fraction(3, 4), Fraction(5, 4)
    sum_ = combine(leaf(half), leaf(7), "+", Fraction(15, 2))
    sum_ = combine(sum_, leaf(three_quarters), "+", Fraction(33, 4))
    # ½ + 7 + ¾ − 5⁄4: the part ½ + ¾ − 5⁄4 is worth 0.
    assert kernel.plain(sum_, leaf(five_quarters), "-", 7) is None
