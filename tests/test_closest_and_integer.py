"""Countdown rules (integer-only) and the closest reachable value."""

from __future__ import annotations

from solver import check, closest, solve
from solver.solutions import solution_of


def test_573_is_reachable_with_integers() -> None:
    hand = [1, 2, 3, 4, 7, 25]
    result = closest(hand, 573, integer_only=True)
    assert result.exact is not None
    assert result.below is None
    assert result.above is None
    assert check(result.exact.text, hand, 573).ok
    texts = [s.text for s in solve(hand, 573, integer_only=True)]
    assert solution_of("((4*25-1)*2-7)*3").text in texts


def test_875_is_not_reachable_best_below_is_850() -> None:
    hand = [50, 25, 2, 2, 1, 1]
    assert solve(hand, 875, integer_only=True) == []
    result = closest(hand, 875, integer_only=True)
    assert result.exact is None
    assert result.below is not None
    assert result.below.value == 850
    assert check(result.below.text, hand, 850).ok
    assert result.above is not None
    assert result.above.value > 875
    assert check(result.above.text, hand, result.above.value).ok


def test_nothing_above_81() -> None:
    result = closest([3, 3, 2, 2, 1, 1], 1000, integer_only=True)
    assert result.above is None
    assert result.below is not None
    assert result.below.value == 81


def test_integer_only_refuses_fraction_routes() -> None:
    assert solve([3, 3, 8, 8], integer_only=True) == []
    near = closest([3, 3, 8, 8], 24, integer_only=True)
    assert near.below is not None
    assert near.below.value < 24


def test_closest_for_an_unsolvable_hand() -> None:
    result = closest([1, 1, 1, 1], 24)
    assert result.exact is None
    assert result.below is not None
    assert result.below.value == 4
    assert result.above is None
