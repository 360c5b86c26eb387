"""Solutions as found, a witness first: it is one of solve's own, and a deadline keeps it."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import TypedDict

import pytest

from solver import Listing, solve, solve_within
from solver.countdown_search import countdown as countdown_search
from solver.first_found import finals_as_found
from solver.normal_form import finish
from solver.search import engine


class Rules(TypedDict, total=False):
    """The rules ``solve`` and ``solve_within`` take by keyword."""

    integer_only: bool
    countdown: bool


def _frozen(at: float = 0.0) -> Callable[[], float]:
    """A clock that never moves (a listing of it never reaches a deadline above ``at``)."""
    return lambda: at


def _late() -> Callable[[], float]:
    """A clock read first at the start, and a minute on at every later read."""
    now = [-60.0]

    def clock() -> float:
        now[0] += 60
        return now[0]

    return clock


def test_every_four_card_hands_witness_is_one_of_its_solutions() -> None:
    for hand in itertools.combinations_with_replacement(range(1, 14), 4):
        keys = {s.key for s in solve(hand)}
        found = list(itertools.islice(finals_as_found(hand, 24), 1))
        assert set(found) <= keys, hand
        assert bool(found) == bool(keys), hand


HANDS: list[tuple[tuple[int | Fraction, ...], int | Fraction, Rules]] = [
    ((1, 2, 3, 4, 5, 6), 24, {}),
    ((3, 3, 8, 8, 1, 1), 24, {}),
    ((Fraction(1, 2), 3, 4, 5), Fraction(7, 2), {}),
    ((1, 2, 3, 4, 7, 25), 573, {"integer_only": True}),
    ((2, 3, 5, 7, 11, 13), 24, {"integer_only": True}),
    ((25, 50, 75, 100, 3, 6), 952, {"countdown": True}),
    ((1, 1, 2, 5, 7, 100), 813, {"countdown": True}),
    ((1, 1, 1, 1), 24, {}),
    ((2, 2), Fraction(1, 2), {"integer_only": True}),
    ((1, 1, 1, 1, 1, 1), 999, {"countdown": True}),
]


@pytest.mark.parametrize(("hand", "target", "rules"), HANDS)
def test_the_finals_found_are_solves_own_each_once(
    hand: tuple[int, ...], target: int, rules: Rules
) -> None:
    found = list(finals_as_found(tuple(sorted(hand)), target, **rules))
    assert len(found) == len(set(found))
    assert set(found) == {s.key for s in solve(hand, target, **rules)}


def test_the_first_found_is_the_depth_first_witness() -> None:
    hand = (1, 2, 3, 4, 5, 6, 7, 8)
    witness = engine().one_form(hand, 24)
    assert witness is not None
    assert next(finals_as_found(hand, 24)) == finish(witness)


def test_under_countdowns_rules_the_witness_comes_from_the_smallest_part() -> None:
    hand = (3, 6, 25, 50, 75, 100)
    witness = countdown_search(hand).one_form(952)
    assert witness is not None
    assert next(finals_as_found(hand, 952, countdown=True)) == finish(witness)


def test_random_countdown_witnesses_are_listed_solutions() -> None:
    rng = random.Random(33)
    for _ in range(40):
        large = rng.sample((25, 50, 75, 100), rng.randint(0, 4))
        hand = tuple(sorted(large + [rng.randint(1, 10) for _ in range(6 - len(large))]))
        target = rng.randint(101, 999)
        keys = {s.key for s in solve(hand, target, countdown=True)}
        found = list(itertools.islice(finals_as_found(hand, target, countdown=True), 1))
        assert set(found) <= keys, (hand, target)
        assert bool(found) == bool(keys), (hand, target)


@pytest.mark.parametrize(
    ("hand", "target", "rules"),
    [
        ((1, 2, 3, 4, 5, 6, 7, 8), 24, {}),
        ((4, 4, 5, 5, 5, 6, 8, 9), 24, {}),
        ((7, 8, 9, 10, 25, 50, 75, 100), 509, {}),
        ((2, 5, 5, 6, 9, 25, 50, 75), 840, {"countdown": True}),
        ((1, 2, 3, 4, 5, 6, 7, 8), 24, {"integer_only": True}),
    ],
)
def test_with_no_time_at_all_the_listing_is_the_witness(
    hand: tuple[int, ...], target: int, rules: Rules
) -> None:
    listing = solve_within(hand, target, seconds=1, clock=_late(), **rules)
    assert not listing.complete
    assert [s.key for s in listing.solutions] == list(
        itertools.islice(finals_as_found(hand, target, **rules), 1)
    )


def test_the_witness_printed_is_solves_item() -> None:
    hand = (1, 2, 3, 4, 5, 6)
    (only,) = solve_within(hand, 24, seconds=1, clock=_late()).solutions
    assert only in solve(hand)


def test_progress_reports_the_witness_alone_first_then_more() -> None:
    hand = (1, 2, 3, 4, 5)
    reports: list[Listing] = []
    # Every report is due at once (progress_every=0) and the deadline never comes: each
    # solution found is reported, until the list is complete.
    listing = solve_within(
        hand, 24, seconds=1, clock=_frozen(), progress=reports.append, progress_every=0
    )
    assert listing.complete
    assert len(reports[0].solutions) == 1
    assert [len(r.solutions) for r in reports] == list(range(1, len(listing.solutions) + 1))
    assert not any(r.complete for r in reports)
    assert reports[-1].solutions == listing.solutions


def test_no_solution_reports_nothing() -> None:
    reports: list[Listing] = []
    listing = solve_within((1, 1, 1, 1, 1, 1, 1, 1), 24, seconds=1, progress=reports.append)
    assert listing == Listing([], True)
    assert reports == []
