"""Property tests: printed solutions parse back, nothing is missing, check() never raises."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import check, closest, is_solvable, solve
from solver.derivation import steps
from solver.solutions import solution_of
from tests.helpers import answer_alphabet

cards = st.integers(min_value=1, max_value=13)
hands = st.lists(cards, min_size=2, max_size=5)
targets = st.integers(min_value=0, max_value=40)


@given(hands, targets, st.booleans())
def test_every_printed_solution_checks_and_is_distinct(
    hand: list[int], target: int, integer_only: bool
) -> None:
    found = solve(hand, target, integer_only=integer_only)
    assert len({s.key for s in found}) == len(found)  # distinct forms
    assert len({s.text for s in found}) == len(found)  # printed differently
    for solution in found:
        for text in (solution.text, solution.pretty):
            verdict = check(text, hand, target)
            assert verdict.ok, (hand, target, text, verdict.message)
        # Printing and reading back lands on the very same distinct solution.
        assert solution_of(solution.text).key == solution.key


@given(hands, targets, st.booleans())
def test_every_printed_solution_reads_back_as_itself(
    hand: list[int], target: int, integer_only: bool
) -> None:
    for solution in solve(hand, target, integer_only=integer_only):
        for text in (solution.text, solution.pretty):
            for written in (text, f"{text} = {target}"):
                assert solution_of(written, target).key == solution.key, written
                assert check(written, hand, target).value == target, written
        # The steps a hint is made of are the same evaluation, one operation at a time.
        path = steps(solution.text)
        assert path == [] or path[-1].result == target


def _reads_back_as_itself(hand: list[int], target: int, integer_only: bool) -> None:
    for solution in solve(hand, target, integer_only=integer_only):
        assert solution_of(solution.text, target).key == solution.key, (hand, solution.text)


def _hands_of(least: int, most: int) -> st.SearchStrategy[list[int]]:
    """Hands of each size from ``least`` to ``most`` alike (lists lean to the shortest)."""
    sizes = st.integers(min_value=least, max_value=most)
    return sizes.flatmap(lambda n: st.lists(cards, min_size=n, max_size=n))


@settings(max_examples=settings().max_examples // 4)
@given(_hands_of(5, 6), targets, st.booleans())
def test_five_or_six_numbers_read_back_as_themselves(
    hand: list[int], target: int, integer_only: bool
) -> None:
    _reads_back_as_itself(hand, target, integer_only)


@pytest.mark.slow
@settings(max_examples=settings().max_examples // 2)
@given(_hands_of(5, 7), targets, st.booleans())
def test_five_to_seven_numbers_read_back_as_themselves(
    hand: list[int], target: int, integer_only: bool
) -> None:
    _reads_back_as_itself(hand, target, integer_only)


def _brute_force(hand: tuple[int, ...], target: int) -> set[str]:
    """Every fully bracketed expression over the hand that makes the target."""

    def build(items: tuple[tuple[Fraction, str], ...]) -> set[str]:
        if len(items) == 1:
            return {items[0][1]} if items[0][0] == target else set()
        found = set()
        for i, j in itertools.permutations(range(len(items)), 2):
            (a, ta), (b, tb) = items[i], items[j]
            rest = tuple(x for k, x in enumerate(items) if k not in (i, j))
            options = [(a + b, f"({ta}+{tb})"), (a - b, f"({ta}-{tb})"), (a * b, f"({ta}*{tb})")]
            if b:
                options.append((a / b, f"({ta}/{tb})"))
            for value, text in options:
                found |= build((*rest, (value, text)))
        return found

    return build(tuple((Fraction(x), str(x)) for x in hand))


@settings(max_examples=settings().max_examples // 3)
@given(st.lists(cards, min_size=3, max_size=4), st.integers(min_value=1, max_value=30))
def test_no_solution_is_missing(hand: list[int], target: int) -> None:
    listed = {s.key for s in solve(hand, target)}
    every = {solution_of(text).key for text in _brute_force(tuple(hand), target)}
    assert every == listed


@given(hands, targets)
def test_closest_agrees_with_solve(hand: list[int], target: int) -> None:
    result = closest(hand, target)
    if is_solvable(hand, target):
        assert result.exact is not None
        assert check(result.exact.text, hand, target).ok
    else:
        assert result.exact is None
        for side in (result.below, result.above):
            if side is not None:
                assert check(side.text, hand, side.value).ok
        assert result.below is None or result.below.value < target
        assert result.above is None or result.above.value > target


@given(st.text(max_size=60), hands)
def test_check_never_raises(text: str, hand: list[int]) -> None:
    verdict = check(text, hand)
    assert verdict.message


@given(st.lists(answer_alphabet, max_size=40).map("".join), hands)
def test_check_on_answer_like_text(text: str, hand: list[int]) -> None:
    verdict = check(text, hand)
    assert verdict.message
    if verdict.ok:
        assert verdict.value == 24
