"""Hints, the difficulty rating, deals and the daily puzzle."""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

import pytest

from solver import SolverInputError, check, difficulty, is_solvable
from solver.daily_levels import schedule_levels
from solver.deal import DAILY_LEVELS, daily, daily_number, deal
from solver.decks import hands
from solver.difficulty import CUTS, SHARES_BELOW
from solver.hints import hint
from tests.helpers import FRACTION_HANDS
from tests.kept_results import kept


def test_hints_grow_and_agree() -> None:
    first, second, third = (hint([3, 3, 8, 8], 24, level) for level in (1, 2, 3))
    assert first is not None
    assert second is not None
    assert third is not None
    assert [str(s) for s in first.steps] == ["8 ÷ 3 = 2⅔"]
    assert second.steps == ()
    assert str(second.aim) == "8 ÷ ⅓ = 24"
    assert second.aim is not None
    assert second.aim.right_cards == (3, 3, 8)
    assert [str(s) for s in third.steps] == ["8 ÷ 3 = 2⅔", "3 − 2⅔ = ⅓"]
    assert first.solution == second.solution == third.solution
    assert check(first.solution, [3, 3, 8, 8]).ok


def test_a_hint_of_a_one_step_solution_is_that_step() -> None:
    for level in (1, 2, 3):
        found = hint([3, 8], 24, level)
        assert found is not None
        assert [str(s) for s in found.steps] == ["8 × 3 = 24"]
        assert found.aim is None


def test_no_hint_for_an_unsolvable_hand() -> None:
    assert hint([1, 1, 1, 1], 24, 1) is None


def test_fraction_hands_rate_hardest() -> None:
    ratings = {hand: difficulty(hand) for hand in FRACTION_HANDS}
    assert [hand for hand, r in ratings.items() if r.level != 5] == []
    assert [hand for hand, r in ratings.items() if not r.needs_fraction] == []


def test_easiest_hands_rate_easy() -> None:
    for hand in [(1, 1, 4, 6), (1, 1, 11, 11), (1, 1, 3, 8)]:
        assert difficulty(hand).label == "easy"
    easiest = max(difficulty(h).score for h in [(1, 1, 4, 6), (1, 1, 3, 8)])
    assert easiest < min([difficulty(h).score for h in [(2, 3, 5, 12), (1, 3, 4, 6)]])


def test_unsolvable_hand_has_no_rating() -> None:
    with pytest.raises(ValueError):
        difficulty([1, 1, 1, 1])


def test_deal_is_reproducible_and_solvable() -> None:
    hands = [deal(random.Random(7)) for _ in range(3)]
    assert hands[0] == hands[1] == hands[2]
    rng = random.Random(1)
    for _ in range(30):
        hand = deal(rng)
        assert len(hand) == 4
        assert is_solvable(hand), hand
    assert difficulty(deal(rng, difficulty="hard")).label == "hard"
    assert len(deal(rng, cards=6, deck=(1, 10))) == 6


def test_deal_can_include_unsolvable_hands() -> None:
    rng = random.Random(3)
    hands = [deal(rng, solvable=False) for _ in range(300)]
    assert [h for h in hands if not is_solvable(h)] != []


def test_daily_is_deterministic_solvable_and_does_not_repeat() -> None:
    start = dt.date(2026, 11, 22)
    days = [start + dt.timedelta(days=i) for i in range(366)]
    hands = [daily(day) for day in days]
    assert len(set(hands)) == len(hands)
    assert hands == [daily(day) for day in days]
    for day, hand in zip(days[:14], hands[:14], strict=True):
        assert is_solvable(hand)
        assert schedule_levels()[tuple(sorted(hand))] == DAILY_LEVELS[day.weekday()]
    assert daily_number(dt.date(2026, 1, 1)) == 1


def test_a_hand_is_rated_among_the_hands_of_its_game() -> None:
    """(8+2)×10 is an easy hand of three cards for 100; cut as four cards for 24 are, its
    score would make it level 4."""
    rated = difficulty([2, 8, 10], 100)
    assert rated.level == 1
    assert 1 + sum(rated.score >= cut for cut in CUTS) == 4


@pytest.mark.parametrize(("cards", "target"), [(3, 24), (3, 10), (3, 100)])
def test_every_game_has_each_level(cards: int, target: int) -> None:
    levels = {difficulty(h, target).level for h in hands((1, 13), cards) if is_solvable(h, target)}
    assert levels == {1, 2, 3, 4, 5}


def test_other_games_are_cut_where_four_cards_for_24_are() -> None:
    """The shares the other games are cut at are those of the fitted cuts.  The scores of
    the 1,346 hands are kept between runs (tests/kept_results.py): worked out again only
    when the solver's code changes (4 s of CPU here), they are the same every time."""
    scores = kept(
        "difficulty-scores-4-24",
        __file__,
        lambda: sorted(
            difficulty(h).score for h in hands((1, 13), 4) if is_solvable(h, integer_only=True)
        ),
    )
    shares = [Fraction(sum(s < cut for s in scores), len(scores)) for cut in CUTS]
    assert shares == list(SHARES_BELOW)


def test_hands_of_five_numbers_have_no_level() -> None:
    with pytest.raises(SolverInputError, match="up to 4 numbers, not 5"):
        difficulty([1, 2, 3, 4, 5])


def test_no_deal_of_five_cards_by_difficulty() -> None:
    with pytest.raises(SolverInputError, match="up to 4 cards, not 5"):
        deal(random.Random(1), cards=5, difficulty="easy")
