"""Solutions listed within a time budget: the whole list when there is time, else the first."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypedDict

import pytest

from solver import check, solve, solve_within


class Rules(TypedDict, total=False):
    """The rules ``solve`` and ``solve_within`` take by keyword."""

    integer_only: bool
    countdown: bool


WHOLE_LISTS = [
    ((3, 3, 8, 8), 24, {}),
    ((2, 4, 8, 10), 24, {}),
    ((1, 2, 3, 4, 5), 24, {}),
    ((1, 2, 3, 4, 5, 6), 24, {}),
    ((13, 13, 13, 13, 13, 13, 13, 12), 24, {}),
    ((0, 0, 3, 8), 0, {}),
    ((1, 2, 3, 4, 7, 25), 573, {"integer_only": True}),
    ((25, 50, 75, 100, 3, 6), 952, {"countdown": True}),
    ((1, 1, 1, 1), 24, {}),
    ((Fraction(1, 2), 3, 4, 5), Fraction(7, 2), {}),
]


@pytest.mark.parametrize(("hand", "target", "rules"), WHOLE_LISTS)
def test_with_time_enough_the_list_is_solves(
    hand: tuple[int, ...], target: int, rules: Rules
) -> None:
    listing = solve_within(hand, target, seconds=60, **rules)
    assert listing.complete
    assert listing.solutions == solve(hand, target, **rules)


def _ticking() -> Callable[[], float]:
    """A clock that moves on a minute each time it is read: every budget runs out at once."""
    now = [0.0]

    def clock() -> float:
        now[0] += 60
        return now[0]

    return clock


def test_out_of_time_it_gives_the_first_found() -> None:
    hand = (1, 2, 3, 4, 5, 6)
    listing = solve_within(hand, seconds=1, clock=_ticking())
    assert not listing.complete
    assert 1 <= len(listing.solutions) <= 2
    assert set(listing.solutions) <= set(solve(hand))


@pytest.mark.parametrize(
    ("hand", "target", "rules"),
    [
        ((1, 2, 3, 4, 5, 6, 7, 8), 24, {}),
        ((3, 5, 8, 13, 21, 34, 55, 89), 24, {}),
        ((100, 75, 50, 25, 10, 9, 8, 7), 997, {}),
        ((1, 2, 3, 4, 5, 6, 7, 8), 24, {"integer_only": True}),
        ((25, 50, 75, 100, 3, 6, 7, 9), 952, {"countdown": True}),
    ],
)
def test_eight_numbers_give_solutions_that_check(
    hand: tuple[int, ...], target: int, rules: Rules
) -> None:
    listing = solve_within(hand, target, seconds=1, clock=_ticking(), **rules)
    assert listing.solutions
    assert not listing.complete
    for solution in listing.solutions:
        assert check(solution.text, hand, target, countdown=rules.get("countdown", False)).ok


def test_a_hand_with_no_solution_is_complete_and_empty() -> None:
    listing = solve_within((1, 1, 1, 1, 1, 1, 1, 1), 999, seconds=1, clock=_ticking())
    assert listing.solutions == []
    assert listing.complete
