"""The choice of a Solution Hunt's hand (bot.rules.hunt.hunt_job): the same hands are
acceptable whoever waits, and a deal players wait for passes over the long listings."""

from __future__ import annotations

from bot.rules.hunt import PASSED, WORK, hunt_job
from solver import solve
from solver.deal import listing_work

FEW = (1, 1, 1, 1, 1, 2)
"""No solution: never a hunt's hand."""
LIGHT = (2, 2, 2, 2, 2, 2)
"""Ten solutions, listed at once."""
HEAVY = [(1, 2, 3, 4, 5, 6), (2, 3, 4, 5, 8, 12), (2, 4, 5, 7, 8, 12), (2, 3, 4, 6, 8, 11)]
"""Hands whose listing takes long (several hundred steps)."""


def test_the_hands_here_are_what_they_are_said_to_be() -> None:
    works = [listing_work(hand) for hand in (LIGHT, *HEAVY)]
    assert [work > WORK for work in works] == [False, True, True, True, True]


def test_without_work_the_first_candidate_with_three_solutions_is_dealt() -> None:
    found = hunt_job([FEW, HEAVY[0], LIGHT], 24)
    assert found is not None and found.hand == HEAVY[0]


def test_a_hand_comes_with_every_solution_as_printed() -> None:
    found = hunt_job([LIGHT], 24)
    assert found is not None and found.solutions == tuple(s.pretty for s in solve(LIGHT))


def test_a_deal_players_wait_for_passes_over_a_long_listing() -> None:
    found = hunt_job([HEAVY[0], FEW, LIGHT], 24, WORK)
    assert found is not None and found.hand == LIGHT


def test_the_hand_passed_over_is_handed_back_to_be_dealt_later() -> None:
    found = hunt_job([HEAVY[0], FEW, LIGHT], 24, WORK)
    assert found is not None and found.passed == (HEAVY[0],)


def test_no_more_candidates_are_passed_over_than_the_bound() -> None:
    found = hunt_job(HEAVY[: PASSED + 1], 24, WORK)
    assert found is not None and (found.hand, found.passed) == (
        HEAVY[PASSED],
        tuple(HEAVY[:PASSED]),
    )


def test_a_hand_passed_over_is_dealt_when_no_later_one_has_enough_solutions() -> None:
    found = hunt_job([HEAVY[0], HEAVY[1], FEW], 24, WORK)
    assert found is not None and (found.hand, found.passed) == (HEAVY[0], (HEAVY[1],))


def test_no_hand_with_enough_solutions_deals_none() -> None:
    assert hunt_job([FEW, (1, 1, 1, 1, 2, 2)], 24, WORK) is None
