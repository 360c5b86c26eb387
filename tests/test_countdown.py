"""Countdown's rules: each number at most once, every step a positive whole number."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import Code, SolverInputError, check, closest, is_solvable, solve
from solver.arithmetic import Value
from solver.countdown_search import countdown, wastes_numbers
from solver.derivation import steps
from solver.normal_form import Form, combine, finish, leaf
from solver.parsing import ParseError, parse_request
from solver.solutions import clear_caches, solution_of
from tests.helpers import answer_alphabet

LARGE = (25, 50, 75, 100)
SMALL = tuple(n for n in range(1, 11) for _ in range(2))


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[int], int]:
    """Six numbers as the show draws them (0 to 4 large, the rest small) and a target."""
    large = draw(st.integers(min_value=0, max_value=4))
    chosen = draw(st.permutations(LARGE))[:large] + draw(st.permutations(SMALL))[: 6 - large]
    return list(chosen), draw(st.integers(min_value=101, max_value=999))


def _made_by_countdown_rules(text: str, numbers: list[int]) -> Value:
    """The value of an expression, asserting (without check()) that it uses each number at
    most once and that every step makes a positive whole number."""
    path = steps(text)
    for step in path:
        assert type(step.result) is int, (text, step)
        assert step.result > 0, (text, step)
    used = Counter(path[-1].cards) if path else Counter([int(text)])
    assert not used - Counter(numbers), (text, numbers)
    return path[-1].result if path else int(text)


def test_952_from_the_show() -> None:
    hand = [25, 50, 75, 100, 3, 6]
    texts = [s.pretty for s in solve(hand, 952, countdown=True)]
    assert texts == ["(100+3)×75×6÷50+25", "((100+6)×75×3−50)÷25"]
    result = closest(hand, 952, countdown=True)
    assert result.exact is not None
    assert result.exact.text in [s.text for s in solve(hand, 952, countdown=True)]
    assert result.below is None
    assert result.above is None


def test_not_every_number_need_be_used() -> None:
    assert [s.text for s in solve([100, 7, 3, 3], 107, countdown=True)] == ["100+7"]
    # The 24 game's rules use every number, wasting two here.
    assert [s.text for s in solve([100, 7, 3, 3], 107)] == ["100+7+3-3"]
    # A number offered is a solution by itself.
    assert [s.text for s in solve([100, 7], 100, countdown=True)] == ["100"]


def test_wasted_numbers_are_left_out() -> None:
    # 8*3 only: not 8*3*(8/8), 8*3+3-3 …; and no fraction on the way (8/(3-8/3)).
    assert [s.text for s in solve([3, 3, 8, 8], countdown=True)] == ["8*3"]
    assert solve([3, 3, 8, 8], integer_only=True) == []


def test_closest_on_each_side() -> None:
    result = closest([50, 25, 2, 2, 1, 1], 875, countdown=True)
    assert result.exact is None
    assert result.below is not None
    assert result.below.value == 850
    assert result.above is not None
    assert result.above.value == 900
    # Small numbers fall far short: nothing above.
    far = closest([1, 1, 2, 2, 3, 3], 999, countdown=True)
    assert far.above is None
    assert far.below is not None
    assert far.below.value == 3 * 3 * 3 * 3
    assert len(far.below.text) > 0


def test_no_zero_or_negative_on_the_way() -> None:
    # 5 - 5 would be 0: under the default rules (2+2)*(5-5)+… reaches 0, here nothing does.
    assert not is_solvable([5, 5], 0, countdown=True)
    assert is_solvable([5, 5], 0)
    assert closest([5, 5], 0, countdown=True).above is not None
    assert not is_solvable([7, 2], Fraction(7, 2), countdown=True)


@pytest.mark.parametrize("numbers", [[0, 5], [1, 2.5], [-3, 4]])
def test_countdown_numbers_are_whole_from_1_up(numbers: list[object]) -> None:
    with pytest.raises(SolverInputError):
        solve(numbers, 5, countdown=True)


@given(instances())
def test_closest_answers_keep_the_rules(instance: tuple[list[int], int]) -> None:
    numbers, target = instance
    result = closest(numbers, target, countdown=True)
    answers = [result.exact] if result.exact is not None else [result.below, result.above]
    assert any(answer is not None for answer in answers)
    for answer in answers:
        if answer is None:
            continue
        for text in (answer.text, answer.pretty):
            assert _made_by_countdown_rules(text, numbers) == answer.value
        assert solution_of(answer.text).key == answer.key


@settings(max_examples=settings().max_examples // 2)
@given(instances())
def test_every_solution_keeps_the_rules(instance: tuple[list[int], int]) -> None:
    numbers, target = instance
    found = solve(numbers, target, countdown=True)
    assert len({s.key for s in found}) == len(found)
    for solution in found:
        for text in (solution.text, solution.pretty):
            assert _made_by_countdown_rules(text, numbers) == target
        assert solution_of(solution.text).key == solution.key


def _brute_force(numbers: list[int]) -> dict[Value, set[tuple[object, ...]]]:
    """Every value some of the numbers make by Countdown's rules, with the normal forms
    (finished) of every expression of it that wastes no number: two numbers, or results, at
    a time, in either order, every operation allowed."""
    found: dict[Value, set[tuple[object, ...]]] = {}
    seen = set()

    def grow(items: tuple[tuple[int, Form], ...]) -> None:
        for value, form in items:
            finals = found.setdefault(value, set())
            if not wastes_numbers(form):
                finals.add(finish(form))
        for i, j in itertools.permutations(range(len(items)), 2):
            (a, fa), (b, fb) = items[i], items[j]
            rest = tuple(x for k, x in enumerate(items) if k not in (i, j))
            made = [(a + b, "+"), (a * b, "*")]
            if a > b:
                made.append((a - b, "-"))
            if a % b == 0:
                made.append((a // b, "/"))
            for value, op in made:
                state = tuple(sorted((*rest, (value, combine(fa, fb, op, value)))))
                if state not in seen:
                    seen.add(state)
                    grow(state)

    for size in range(1, len(numbers) + 1):
        for part in set(itertools.combinations(sorted(numbers), size)):
            grow(tuple((n, leaf(n)) for n in part))
    return found


small_hands = st.lists(
    st.sampled_from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100]), min_size=1, max_size=4
)


@settings(max_examples=settings().max_examples // 2)
@given(small_hands, st.integers(min_value=1, max_value=400))
def test_closest_agrees_with_brute_force(numbers: list[int], target: int) -> None:
    reachable = _brute_force(numbers)
    result = closest(numbers, target, countdown=True)
    exact = result.exact.value if result.exact is not None else None
    assert exact == (target if target in reachable else None)
    if exact is None:
        below = max((v for v in reachable if v < target), default=None)
        above = min((v for v in reachable if v > target), default=None)
        assert (result.below and result.below.value) == below
        assert (result.above and result.above.value) == above


@settings(max_examples=settings().max_examples // 2)
@given(small_hands, st.integers(min_value=1, max_value=60))
def test_solve_agrees_with_brute_force(numbers: list[int], target: int) -> None:
    listed = {s.key for s in solve(numbers, target, countdown=True)}
    assert listed == _brute_force(numbers).get(target, set())


def test_searches_are_kept_for_later_calls() -> None:
    clear_caches()  # solve's kept lists too: an earlier test may have listed this hand
    closest([25, 50, 75, 100, 3, 6], 952, countdown=True)
    solve([25, 50, 75, 100, 3, 6], 952, countdown=True)
    assert countdown.cache_info().hits == 1


SHOW = [25, 50, 75, 100, 3, 6]


@pytest.mark.parametrize(
    ("text", "code", "position", "params"),
    [
        ("((100+6)*3*75-50)/25", Code.CORRECT, None, {"value": "952"}),
        ("100+6", Code.WRONG_VALUE, None, {"value": "106", "target": "952"}),
        ("100 = 952", Code.WRONG_VALUE, None, {"value": "100", "target": "952"}),
        ("100+7", Code.NOT_OFFERED, 5, {"number": "7"}),
        ("(100+3)*2", Code.NOT_OFFERED, 9, {"number": "2"}),
        ("3+99999999999999", Code.NOT_OFFERED, 3, {"number": "999999999999…"}),
        ("100*6+100", Code.NUMBER_TWICE, 1, {"number": "100", "used": "2", "offered": "1"}),
        ("(100+3)/6", Code.FRACTION_STEP, 8, {"step": "103 ÷ 6", "value": "17⅙"}),
        ("3-6+100", Code.NEGATIVE_STEP, 2, {"step": "3 − 6", "value": "-3"}),
        ("100-(3-6)", Code.NEGATIVE_STEP, 7, {"step": "3 − 6", "value": "-3"}),
        ("100/(6/6)", Code.NUMBER_TWICE, 6, {"number": "6", "used": "2", "offered": "1"}),
        ("100*(50-25-25)", Code.NUMBER_TWICE, 9, {"number": "25", "used": "2", "offered": "1"}),
        ("100+", Code.ENDS_EARLY, 4, {"token": "+"}),
    ],
)
def test_verdicts_under_countdown_rules(
    text: str, code: Code, position: int | None, params: dict[str, str]
) -> None:
    verdict = check(text, SHOW, 952, countdown=True)
    assert (verdict.code, verdict.position, verdict.params) == (code, position, params)


def test_zero_on_the_way_and_division_by_zero() -> None:
    verdict = check("(3-3)*8+24", [3, 3, 8, 24], 24, countdown=True)
    assert (verdict.code, verdict.position, verdict.params) == (
        Code.ZERO_STEP,
        3,
        {"step": "3 − 3"},
    )
    assert verdict.message == "3 − 3 makes 0 (column 3): no zero on the way."
    # The first step refused is named: 3 − 3 comes before the division by it.
    assert check("8/(3-3)", [3, 3, 8], 24, countdown=True).code is Code.ZERO_STEP
    assert check("8/0", [0, 8], 24, countdown=True).code is Code.DIVISION_BY_ZERO


def test_the_wording_of_countdown_verdicts() -> None:
    messages = {
        text: check(text, SHOW, 952, countdown=True).message
        for text in ("100+7", "100*6+100", "(100+3)/6", "3-6+100")
    }
    assert messages == {
        "100+7": "7 is not one of the numbers.",
        "100*6+100": "100 is used 2 times but offered only once.",
        "(100+3)/6": "103 ÷ 6 makes 17⅙ (column 8): no fractions on the way.",
        "3-6+100": "3 − 6 makes -3 (column 2): no negative numbers on the way.",
    }


def test_the_same_answers_under_the_24_games_rules() -> None:
    # Every card once, fractions allowed: other verdicts for the same texts.
    assert check("100+6", SHOW, 952).code is Code.MISSING_CARD
    assert check("(100+3)*2", SHOW, 952).code is Code.NOT_DEALT
    assert check("100*6+100", SHOW, 952).code is Code.CARD_TWICE
    assert check("8/(3-8/3)", [3, 3, 8, 8]).ok
    assert check("8/(3-8/3)", [3, 3, 8, 8], countdown=True).code is Code.FRACTION_STEP


@given(st.lists(answer_alphabet, max_size=40).map("".join), instances())
def test_check_under_countdown_rules_on_answer_like_text(
    text: str, instance: tuple[list[int], int]
) -> None:
    numbers, target = instance
    verdict = check(text, numbers, target, countdown=True)
    assert verdict.message
    if verdict.ok:
        assert verdict.value == target


def test_no_solution_claims_are_judged_by_countdown_rules() -> None:
    assert check("none", [3, 3, 8, 8], 24, countdown=True).code is Code.NO_SOLUTION_WRONG
    assert check("无解", [1, 1, 2, 2, 3, 3], 999, countdown=True).ok


def test_requests_under_countdown_rules() -> None:
    assert parse_request("25 50 75 100 3 6 = 952", countdown=True) == (SHOW, 952)
    for text, number in (("1/2 3 = 7", "1/2"), ("0 5 = 5", "0")):
        with pytest.raises(ParseError) as refused:
            parse_request(text, countdown=True)
        assert refused.value.code is Code.NOT_POSITIVE_WHOLE
        assert refused.value.params == {"number": number}
        assert str(refused.value) == f"{number}: Countdown's numbers are whole numbers from 1 up."
