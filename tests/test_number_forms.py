"""Numbers as the solver and the bot show them read back as themselves; answers and
requests written as people write them: a closing full stop, arrows, glyphs, grouped digits."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.requests import shown, shown_alike
from solver import Code, check, solve
from solver.arithmetic import Value, whole
from solver.parsing import ParseError, parse_request, read_number
from solver.printing import format_value, friendly_value
from solver.solutions import solution_of

cards = st.integers(min_value=1, max_value=13)
hands = st.lists(cards, min_size=2, max_size=4)
targets = st.integers(min_value=1, max_value=40)
values = st.builds(
    lambda n, d: whole(Fraction(n, d)),
    st.integers(min_value=0, max_value=10**8),
    st.integers(min_value=1, max_value=10**4),
)
FULL_STOPS = [".", "。", " .", "｡", "．"]


@given(hands, targets, st.sampled_from(FULL_STOPS))
def test_every_printed_solution_ending_a_sentence_reads_back_as_itself(
    hand: list[int], target: int, stop: str
) -> None:
    for solution in solve(hand, target):
        for written in (solution.pretty + stop, f"{solution.text} = {target}{stop}"):
            assert solution_of(written, target).key == solution.key, written
            assert check(written, hand, target).value == target, written


@given(values)
def test_every_shown_number_reads_back_as_itself(value: Value) -> None:
    for form in (
        format_value(value),
        format_value(value, grouped=True),
        friendly_value(value),
        friendly_value(value, grouped=True),
        shown(value),
    ):
        assert read_number(form) == value, form


@given(st.lists(values, min_size=2, max_size=8), values)
def test_every_shown_request_reads_back_as_itself(numbers: list[Value], target: Value) -> None:
    text = " ".join(shown(n) for n in numbers) + " = " + shown(target)
    assert parse_request(text) == (numbers, target)


@given(st.lists(values, min_size=1, max_size=2))
def test_closest_values_are_shown_in_one_form_and_read_back(sides: list[Value]) -> None:
    forms = shown_alike(sides)
    assert [read_number(form) for form in forms] == sides


@pytest.mark.parametrize(
    ("sides", "forms"),
    [
        ([Fraction(243, 10), Fraction(126, 5)], ["243/10", "126/5"]),
        ([Fraction(119, 5), Fraction(121, 5)], ["23⅘", "24⅕"]),
        ([23, Fraction(126, 5)], ["23", "25⅕"]),
        ([9999, 10001], ["9,999", "10,001"]),
        ([Fraction(12345, 7)], ["12,345/7"]),
    ],
)
def test_closest_values_share_one_form(sides: list[Value], forms: list[str]) -> None:
    assert shown_alike(sides) == forms


@pytest.mark.parametrize(
    "text",
    ["8*6/(13-11).", "8*6/(13-11)。", "8*6/(13-11) = 24.", "8×6÷(13−11)=24。 ", "8*6/(13-11)=24!"],
)
def test_an_answer_may_end_with_a_full_stop(text: str) -> None:
    assert check(text, [8, 6, 13, 11]).ok


@pytest.mark.parametrize(
    ("text", "card"), [("9*2.5", "2.5"), ("9*2,5", "2,5"), ("9*½", "½"), ("25⅕-1", "25⅕")]
)
def test_a_number_that_is_no_card_is_not_one_of_the_cards(text: str, card: str) -> None:
    verdict = check(text, [9, 2, 5, 1])
    assert (verdict.code, verdict.params) == (Code.NOT_DEALT, {"card": card})


def test_a_decimal_in_a_countdown_answer_is_not_one_of_the_numbers() -> None:
    verdict = check("2.5*2", [2, 5, 50], 5, countdown=True)
    assert (verdict.code, verdict.params) == (Code.NOT_OFFERED, {"number": "2.5"})


def test_an_exclamation_mark_after_brackets_is_a_factorial() -> None:
    assert check("(8*6/(13-11))!", [8, 6, 13, 11]).code is Code.FACTORIAL


def test_an_ellipsis_is_not_a_full_stop() -> None:
    assert check("8*6/(13-11)...", [8, 6, 13, 11]).code is Code.UNKNOWN_CHARACTER


@pytest.mark.parametrize("arrow", ["->", "→", "=>", "⇒", "⟶", "＝"])
def test_an_arrow_stands_for_equals_in_a_request(arrow: str) -> None:
    assert parse_request(f"3 3 8 8 {arrow} 24") == ([3, 3, 8, 8], 24)
    assert parse_request(f"3 3 8 8{arrow}24") == ([3, 3, 8, 8], 24)


@pytest.mark.parametrize(
    ("text", "numbers", "target"),
    [
        ("½ 3 4 5", [Fraction(1, 2), 3, 4, 5], None),
        ("⅓ ⅔ 25⅕ 1 = 24¾", [Fraction(1, 3), Fraction(2, 3), Fraction(126, 5), 1], Fraction(99, 4)),
        ("3 3 8 8 = 1,000,000", [3, 3, 8, 8], 1_000_000),
        ("10,000 1 = 10,001", [10_000, 1], 10_001),
        ("3,3,8,8", [3, 3, 8, 8], None),
        ("3,3,8,8=24", [3, 3, 8, 8], 24),
        ("100,200,300,400 = 1000", [100, 200, 300, 400], 1000),
        ("1,000,000 2", [1_000_000, 2], None),
        ("1 2 = 12,345/7", [1, 2], Fraction(12345, 7)),
    ],
)
def test_requests_as_the_bot_shows_numbers(
    text: str, numbers: list[Value], target: Value | None
) -> None:
    assert parse_request(text) == (numbers, target)


@pytest.mark.parametrize(
    ("text", "number", "group"),
    [("1,000,2", "1,000,2", "000"), ("1,00 2 3 4", "1,00", "00"), ("3,05,8", "3,05,8", "05")],
)
def test_digits_after_a_comma_starting_with_0_are_refused(
    text: str, number: str, group: str
) -> None:
    # Read alone, "000" would be a card 0 (and "05" a 5) that nobody wrote.
    with pytest.raises(ParseError) as refused:
        parse_request(text)
    assert refused.value.code is Code.GROUPED_DIGITS
    assert refused.value.params == {"number": number, "group": group}


@pytest.mark.parametrize("stop", [".", "。", " .", "．"])
def test_a_request_ending_a_sentence_is_read_without_its_full_stop(stop: str) -> None:
    assert parse_request(f"3 3 8 8 = 24{stop}") == ([3, 3, 8, 8], 24)


def test_a_request_ending_in_an_ellipsis_is_refused() -> None:
    with pytest.raises(ParseError) as refused:
        parse_request("3 3 8 8 = 24..")
    assert refused.value.code is Code.NOT_A_NUMBER


def test_a_grouped_number_alone_is_one_number() -> None:
    with pytest.raises(ParseError) as refused:
        parse_request("1,000,000")
    assert refused.value.code is Code.TOO_FEW_NUMBERS


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("1e3", Code.EXPONENT),
        ("-½", Code.NEGATIVE),
        ("½½", Code.NOT_A_NUMBER),
        ("1,00", Code.NOT_A_NUMBER),
    ],
)
def test_numbers_a_request_refuses(word: str, code: Code) -> None:
    with pytest.raises(ParseError) as refused:
        read_number(word)
    assert refused.value.code is code
