"""Distinct-solution counts: the vectors of issue #2 and the 4nums.com totals."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from solver import is_solvable, solution_of, solve
from solver.decks import deck_stats
from tests.helpers import FRACTION_HANDS

ALL_HANDS = list(combinations_with_replacement(range(1, 14), 4))

COUNTS = {
    "1 2 3 4": 3,
    "2 4 8 10": 11,
    "2 3 6 12": 10,
    "2 4 4 8": 10,
    "2 4 6 12": 10,
    "2 4 6 8": 8,
    "1 1 5 5": 2,
    "6 6 6 6": 2,
    "3 7 9 13": 2,
    "1 4 5 6": 2,
    "1 1 3 13": 1,
    "2 2 11 13": 1,
    "1 1 1 1": 0,
    "3 3 8 8": 1,
    "1 5 5 5": 1,
    "1 1 10 13": 1,
    "1 2 11 13": 1,
    "1 1 2 12": 2,
    "1 1 12 12": 1,
    "4 6 7 7": 2,
    "1 1 3 8": 1,
    "12 12 13 13": 1,
    "5 5 7 7": 4,
    # Further hands as 4nums.com lists them.
    "2 2 3 12": 8,
    "2 3 4 6": 9,
    "1 2 2 12": 4,
    "2 2 2 8": 5,
    "3 6 6 12": 8,
    "2 6 10 12": 9,
    "2 2 2 10": 2,
    "2 2 2 12": 3,
    "1 1 1 12": 1,
}


@pytest.mark.parametrize(("hand", "count"), COUNTS.items())
def test_distinct_counts(hand: str, count: int) -> None:
    assert len(solve([int(x) for x in hand.split()])) == count


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        ("3 3 8 8", "8/(3-8/3)"),
        ("1 1 12 12", "12+12+1-1"),
        ("12 12 13 13", "13+12+12-13"),
        ("1 1 10 13", "(13+10+1)*1"),
        ("1 2 11 13", "(13+11)*(2-1)"),
    ],
)
def test_printed_forms(hand: str, text: str) -> None:
    assert [s.text for s in solve([int(x) for x in hand.split()])] == [text]


def test_fraction_answers_are_found() -> None:
    assert "5*(5-1/5)" in [s.text for s in solve([1, 5, 5, 5])]
    assert solve([3, 3, 8, 8])[0].pretty == "8÷(3−8÷3)"


def test_five_cards() -> None:
    assert len(solve([1, 2, 3, 4, 5])) == 45


def test_all_hands_total_3017() -> None:
    counts = [len(solve(h)) for h in ALL_HANDS]
    assert sum(counts) == 3017
    assert len([c for c in counts if c > 0]) == 1362


def test_integer_only_and_fraction_hands() -> None:
    integer = {h for h in ALL_HANDS if is_solvable(h, integer_only=True)}
    assert len(integer) == 1346
    assert {h for h in ALL_HANDS if is_solvable(h)} - integer == FRACTION_HANDS
    for hand in FRACTION_HANDS:
        assert solve(hand, integer_only=True) == []


@pytest.mark.parametrize(
    ("deck", "hands", "solvable", "integer", "chance"),
    [
        ((1, 13), 1820, 1362, 1346, 0.8046),
        ((1, 10), 715, 566, 556, 0.8747),
        ((1, 9), 495, 404, None, None),
    ],
)
def test_deck_statistics(
    deck: tuple[int, int], hands: int, solvable: int, integer: int | None, chance: float | None
) -> None:
    result = deck_stats(deck)
    assert result.hands == hands
    assert result.solvable == solvable
    if integer is not None:
        assert result.integer_only == integer
    if chance is not None:
        assert round(float(result.deal_chance), 4) == chance
    assert set(result.fraction_only) <= FRACTION_HANDS


def test_other_targets_and_rationals() -> None:
    assert [s.text for s in solve([1, 2], 3)] == ["2+1"]
    assert solve([5], 5)[0].text == "5"
    assert solve([Fraction(1, 2), 2], 1)[0].text == "2*(1/2)"
    # A zero term has no sign, so 0+0 is 0−0; 0×0 is another solution.
    assert sorted([s.text for s in solve([0, 0], 0)]) == ["0*0", "0-0"]
    assert solve([4, 4], Fraction(1, 1))[0].text == "4/4"


SEVEN = [3, 5, 8, 13, 21, 34, 55]


@pytest.mark.parametrize(
    ("turned", "upright"),
    [
        ("(34+21)/55/(5/3-13/8)", "55/(34+21)/(5/3-13/8)"),
        ("(55-21)/34/(5/3-13/8)", "34/(55-21)/(5/3-13/8)"),
        ("(55-34)/21/(5/3-13/8)", "21/(55-34)/(5/3-13/8)"),
    ],
)
def test_a_whole_numerator_worth_one_has_no_direction(turned: str, upright: str) -> None:
    # (34+21)/55 is worth 1: turned over, it is the same part, however the rest is grouped.
    assert solution_of(turned).key == solution_of(upright).key


@pytest.mark.parametrize(
    ("grouped", "regrouped"),
    [
        ("(34+21)/55/(5/3-13/8)", "(34+21)/(55*(5/3-13/8))"),
        ("(9-8)/(2-9/6)*1", "1/(2-9/6)*(9-8)"),
        ("(9-8)/((2-9/6)/1)", "1/(2-9/6)*(9-8)"),
        ("(3+(9-8)/(2-9/6))*1", "(3+1/(2-9/6))*(9-8)"),
        ("9/2+1/3+(9-8)/6", "9/2+(9-8)/3+1/6"),
        ("(8+4-11)/((6-11/2)*2)", "(8+4-11)*2*(6-11/2)"),
    ],
)
def test_grouping_does_not_make_another_solution(grouped: str, regrouped: str) -> None:
    assert solution_of(grouped, 0).key == solution_of(regrouped, 0).key


def test_a_reciprocals_one_may_be_any_factor_worth_one_anywhere() -> None:
    # (9−8)÷2×1 is 1÷2×(9−8), also where the ÷2 stands inside a sum.
    listed = [s.text for s in solve([1, 2, 2, 3, 8, 9], 7)]
    assert "(3+1/2)*2*(9-8)" in listed
    assert "(3+(9-8)/2)*2*1" not in listed


def test_a_one_with_a_reciprocal_inside_keeps_its_cards() -> None:
    # 8/9+1/9 is worth 1 and holds a reciprocal's 1: it cannot be that 1 itself.
    assert solution_of("(6+2-3)*(8/9+1/9)", 5).text == "(6+2-3)*(8/9+1/9)"


def test_a_whole_worth_one_times_a_one_may_fill_a_reciprocals_one() -> None:
    # (2−1)×(1/2+1/2): the whole and (2−1) are factors worth 1, so either may be a 1 of 1/2.
    assert solution_of("(2-1)*(1/2+1/2)", 1).key == solution_of("1*(1/2+(2-1)/2)", 1).key


def test_a_one_holding_a_reciprocal_fills_another_reciprocal() -> None:
    # 8/6−1/3 is worth 1 and is the numerator of ÷2; the 1s fill 1/2 and 1/3.
    assert solution_of("1/2-(8/6-1/3)/2", 0).text == "1/2-(8/6-1/3)/2"


def test_a_whole_worth_one_that_is_a_product_fills_no_reciprocal() -> None:
    # 5÷5 in the hole of 1÷2 would print as 5÷5÷2, which reads back as another product.
    found = solve([1, 1, 1, 1, 2, 5, 5], 1)
    assert [s.text for s in found if solution_of(s.text, 1).key != s.key] == []


def test_a_whole_worth_one_with_no_factor_keeps_its_reciprocals() -> None:
    # 2−1 is a sum here, multiplied by nothing: it is no reciprocal's 1.
    assert solution_of("2+1/2-1-1/2", 1).text == "2+1/2-1-1/2"


@pytest.mark.slow
def test_seven_numbers_list_each_solution_once() -> None:
    found = solve(SEVEN)
    assert len({solution_of(s.text).key for s in found}) == len(found)
    assert len(found) == 1066


def test_one_card_alone_with_the_rest_wasted_is_one_solution() -> None:
    assert [s.text for s in solve([1, 2, 3, 10], 10)] == ["10+2+1-3"]


@pytest.mark.parametrize("text", ["10+3-2-1", "10*(3-2)*1", "10-(3-2-1)"])
def test_wasted_cards_at_the_top_have_no_direction(text: str) -> None:
    assert solution_of(text, 10).key == solution_of("10+2+1-3", 10).key


@pytest.mark.parametrize("text", ["(9+3-8)*1", "3+1*(9-8)", "(3+(9-8))*1"])
def test_the_last_one_trades_places_with_a_one_in_the_sum(text: str) -> None:
    assert solution_of(text, 4).key == solution_of("(3+1)*(9-8)", 4).key


def test_a_one_in_the_sum_and_a_last_one_are_one_solution() -> None:
    listed = [s.text for s in solve([1, 3, 8, 9], 4)]
    assert listed == ["8-9/3-1", "3+8/(9-1)", "3+9/(8+1)", "8/(9/3-1)", "(3+1)*(9-8)"]


def test_ones_that_cancel_inside_a_sum_read_back_alike() -> None:
    assert solution_of("(9+7+1-8-8)*(6-5)", 1).key == solution_of("(8+5+1-7-6)*(9-8)", 1).key
