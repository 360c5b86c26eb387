"""solver.deal.listing_work: the measure of a listing's work a hunt's deal goes by."""

from __future__ import annotations

import pytest

from solver.deal import listing_work
from solver.search import Engine
from solver.solutions import normalise


@pytest.mark.parametrize(
    "hand", [(1, 2, 3, 4, 5, 6), (3, 3, 8, 8), (2, 2, 2, 2, 2, 2), (25, 50, 75, 100, 3, 6)]
)
def test_the_pure_python_path_measures_the_same(hand: tuple[int, ...]) -> None:
    numbers, goal = normalise(hand, 24)
    assert listing_work(hand) == Engine(compiled=False).step_count(numbers, goal)


def test_a_hand_with_no_solution_takes_no_work() -> None:
    assert listing_work((1, 1, 1, 1, 1, 2)) == 0


def test_more_solutions_take_more_work() -> None:
    assert listing_work((1, 2, 3, 4, 5, 6)) > listing_work((2, 2, 2, 2, 2, 2))
