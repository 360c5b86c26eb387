"""The compiled Countdown search (solver/_countdown.c) against the pure Python path.

Skipped where it was not built (no C compiler at install time) or is switched off
(``TWENTYFOUR_PURE_PYTHON=1``): the pure Python path is then the only one.
"""

from __future__ import annotations

import random

import pytest

from solver import closest, countdown_compiled, solve
from solver import countdown_search as countdown_module
from solver.arithmetic import Value
from solver.countdown_search import Countdown, Part
from solver.normal_form import Final, finish
from solver.solutions import clear_caches
from tests.kept_results import kept

pytestmark = pytest.mark.skipif(
    countdown_compiled.load() is None,
    reason="the compiled Countdown search was not built, or is switched off",
)

LARGE = (25, 50, 75, 100)
SMALL = tuple(n for n in range(1, 11) for _ in range(2))

Answer = tuple[object, ...]


def _draws(count: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """Draws as the show makes them (as bench/countdown_bench.py does), and smaller and
    larger hands of small numbers with many repeats, targets from 0 up."""
    rng = random.Random(seed)
    drawn = []
    for i in range(count):
        large = i % 5
        numbers = rng.sample(LARGE, large) + rng.sample(SMALL, 6 - large)
        drawn.append((tuple(sorted(numbers)), rng.randint(101, 999)))
        size = rng.choice((1, 2, 3, 4, 5, 7))
        hand = tuple(sorted(rng.randint(1, 13) for _ in range(size)))
        drawn.append((hand, rng.randint(0, 400)))
    return drawn


def _answer(search: Countdown, target: int) -> Answer:
    """What closest() takes from a search: the exact way, or the nearest values and theirs."""

    def way(v: Value | None) -> tuple[Value, Final, object] | None:
        if v is None:
            return None
        form = search.one_form(v)
        assert form is not None
        return v, finish(form), search.smallest_part(v)

    if search.one_form(target) is not None:
        return ("exact", way(target))
    below, above = search.nearest(target)
    return way(below), way(above)


def test_the_same_answers_on_many_draws() -> None:
    draws = _draws(600, 33)
    # The pure path's answers here and below are kept between runs (tests/kept_results.py):
    # worked out again only when the solver's code changes, they are the same every time.
    pure = kept(
        "countdown-answers-600-33",
        __file__,
        lambda: [_answer(Countdown(hand, compiled=False), target) for hand, target in draws],
    )
    for (hand, target), expected in zip(draws, pure, strict=True):
        assert _answer(Countdown(hand), target) == expected, (hand, target)


def test_the_compiled_search_answers() -> None:
    search = Countdown((3, 6, 25, 50, 75, 100))
    assert search.one_form(952) is not None
    assert search._trees[952] == (
        "+",
        25,
        ("/", ("*", 6, ("*", 75, ("+", 3, 100, 103), 7725), 46350), 50, 927),
        952,
    )


def test_nearest_when_the_target_is_made_too() -> None:
    hand = (1, 2, 7, 25)
    compiled, pure = Countdown(hand), Countdown(hand, compiled=False)
    assert compiled.one_form(200) is not None
    assert compiled.nearest(200) == pure.nearest(200)


@pytest.mark.parametrize(
    ("hand", "target", "answered"),
    [
        ((3, 2**40, 2**40), 5, False),  # a product past 64 bits: Python works it out
        ((5, 2**64 + 1), 7, None),  # a number past 64 bits: no compiled search at all
        ((3, 4), 2**65, False),  # a target past 64 bits
        ((2**31, 2**31, 2**31), 2**62 + 1, True),  # past 64 bits only above 2**62 + 2**31
    ],
)
def test_too_large_for_machine_words(
    hand: tuple[int, ...], target: int, answered: bool | None
) -> None:
    search = countdown_compiled.load()
    assert search is not None
    compiled = search(hand)
    if answered is None:
        assert compiled is None
    else:
        assert compiled is not None
        assert (compiled.best(target, False) is not None) is answered
    assert _answer(Countdown(hand), target) == _answer(Countdown(hand, compiled=False), target)


def test_closest_is_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    draws = _draws(150, 34)
    clear_caches()
    compiled = [closest(hand, target, countdown=True) for hand, target in draws]
    monkeypatch.setattr(countdown_module, "_compiled", lambda: None)
    clear_caches()
    pure = kept(
        "countdown-closest-150-34",
        __file__,
        lambda: [closest(hand, target, countdown=True) for hand, target in draws],
    )
    clear_caches()
    assert compiled == pure


def test_the_least_value_of_a_cut_is_taken() -> None:
    # 416 from all six: the first cut that makes it is 1 3 | 7 10 11 11, where 1 3 makes
    # both 2 and 4 (416 = 2 × 208 = 4 × 104): the least, 2, is taken on both paths.
    hand, target = (1, 3, 7, 10, 11, 11), 416
    compiled, pure = Countdown(hand), Countdown(hand, compiled=False)
    assert _answer(compiled, target) == _answer(pure, target)
    assert compiled._trees[target] == (
        "*",
        ("-", 3, 1, 2),
        ("+", 10, ("*", 11, ("+", 7, 11, 18), 198), 208),
        416,
    )


def _pure_values(hands: list[tuple[int, ...]]) -> list[list[tuple[Part, frozenset[int]]]]:
    """Each part of each hand and its values, on the pure path."""
    searches = (Countdown(hand, compiled=False) for hand in hands)
    return [[(part, pure.values(part)) for part in pure.parts] for pure in searches]


def test_the_same_values_of_every_part() -> None:
    hands = [hand for hand, _ in _draws(60, 35)]
    pure = kept("countdown-values-60-35", __file__, lambda: _pure_values(hands))
    for hand, values in zip(hands, pure, strict=True):
        compiled = Countdown(hand)
        for part, expected in values:
            assert compiled.values(part) == expected, (hand, part)
        assert compiled._hand is not None  # it answered every time


def test_values_too_large_for_machine_words() -> None:
    search = countdown_compiled.load()
    assert search is not None
    compiled = search((3, 2**40, 2**40))
    assert compiled is not None
    assert compiled.values((3,)) == frozenset({3})
    assert compiled.values((2**40, 2**40)) is None
    assert compiled.values((3,)) is None  # given up for this hand
    hand = Countdown((3, 2**40, 2**40))
    assert hand.values((2**40, 2**40)) == frozenset({2**80, 2**41, 1})
    assert hand._hand is None


@pytest.mark.parametrize("count", [12, pytest.param(40, marks=pytest.mark.slow)])
def test_solve_is_the_same_on_both_paths(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pure Python takes about a second a draw: a few by default, more with -m slow."""
    draws = _draws(count, 36)
    clear_caches()
    compiled = [solve(hand, target, countdown=True) for hand, target in draws]
    monkeypatch.setattr(countdown_module, "_compiled", lambda: None)
    clear_caches()
    pure = kept(
        f"countdown-solve-{count}-36",
        __file__,
        lambda: [solve(hand, target, countdown=True) for hand, target in draws],
    )
    clear_caches()
    assert compiled == pure
