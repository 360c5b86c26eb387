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
from solver.normal_form import Final, finish
from solver.search import Engine, _Keyed, splits
from tests.kept_results import kept

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


@pytest.fixture(scope="module")
def compiled_sweep() -> dict[tuple[int, ...], set[Final]]:
    """The compiled core's solutions of every four-card hand, made once for both sweeps."""
    compiled = Engine(compiled=True)
    assert compiled._core is not None
    return {hand: _finals(compiled, hand, 24) for hand in ALL_HANDS}


def _pure_sweep() -> dict[tuple[int, ...], set[Final]]:
    pure = Engine(compiled=False)
    return {hand: _finals(pure, hand, 24) for hand in ALL_HANDS}


def test_every_four_card_hand_has_the_same_solutions(
    compiled_sweep: dict[tuple[int, ...], set[Final]],
) -> None:
    # The pure path's answers here and below are kept between runs (tests/kept_results.py):
    # worked out again only when the solver's code changes, they are the same every time.
    pure = kept("core-four-card-sweep", __file__, _pure_sweep)
    differ = [h for h in ALL_HANDS if compiled_sweep[h] != pure[h]]
    assert differ == []


def test_the_four_card_sweep_counts_3017(
    compiled_sweep: dict[tuple[int, ...], set[Final]],
) -> None:
    assert sum(len(compiled_sweep[hand]) for hand in ALL_HANDS) == 3017


def _sample(cards: int, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.randint(1, 13) for _ in range(cards))) for _ in range(count)]


@pytest.mark.parametrize("hand", [*_sample(5, 12, 5), *_sample(6, 4, 6), (1, 2, 3, 4, 5, 6)])
def test_five_and_six_card_hands_have_the_same_solutions(
    engines: tuple[Engine, Engine], hand: tuple[int, ...]
) -> None:
    compiled, pure = engines
    name = "core-finals-" + "_".join(map(str, hand))
    assert _finals(compiled, hand, 24) == kept(name, __file__, lambda: _finals(pure, hand, 24))


@pytest.mark.parametrize("hand", [*_sample(5, 8, 55), (1, 1, 2, 3, 5, 8)])
def test_values_and_reach_agree(engines: tuple[Engine, Engine], hand: tuple[int, ...]) -> None:
    compiled, pure = engines

    def pure_answers() -> tuple[frozenset[Value], list[Value], list[bool]]:
        values = pure.values(hand)
        probes = [
            *sorted(values, key=lambda v: (v.denominator, v))[:40],
            0,
            24,
            1000,
            Fraction(7, 1000),
        ]
        return values, probes, [pure.reach(hand, v) for v in probes]

    values, probes, reached = kept(
        "core-values-" + "_".join(map(str, hand)), __file__, pure_answers
    )
    assert compiled.values(hand) == values
    assert [compiled.reach(hand, v) for v in probes] == reached


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
    texts = kept(
        "core-closest",
        __file__,
        lambda: [_closest_texts(hand, target) for hand, target in CLOSEST],
    )
    from solver import search, solutions

    search._ENGINES.update({flag: Engine(integer_only=flag) for flag in (False, True)})
    solutions.clear_caches()
    assert [_closest_texts(hand, target) for hand, target in CLOSEST] == texts


def test_solve_within_lists_the_same_eight_card_solutions(pure_solver: None) -> None:
    hand = (1, 1, 1, 1, 2, 2, 3, 3)
    # A listing cut short by the clock is not kept (it would fail every later run).
    pure = kept(
        "core-solve-within-8",
        __file__,
        lambda: solve_within(hand, 24, seconds=60),
        keep_if=lambda listing: listing.complete,
    )
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
