"""check(): what players type, and the reason given when it is wrong."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from solver import Code, check, is_claim, solution_of, solve
from solver.derivation import steps
from solver.messages import MESSAGES
from solver.parsing import ParseError

HAND = [3, 3, 8, 8]


@pytest.mark.parametrize(
    "text",
    [
        "8/(3-8/3)",
        "8÷(3−8÷3)",
        "（８／（３－８／３））",
        "[8/(3-8/3)] = 24",
        "{8 / ( 3 - 8 / 3 )}=24",
        "8/\u200b(3-8/3)",
        "\u202e8/(3-8/3)",
        "((((((((8))))))))/(3-8/3)",
        "8/(3-8/3) = 24.0",
        "8/(3-8/3)=24.00",
    ],
)
def test_accepted_spellings(text: str) -> None:
    verdict = check(text, HAND)
    assert verdict.code is Code.CORRECT
    assert verdict.ok


def test_times_spellings_and_card_letters() -> None:
    for text in ("(3+3×7)", "(3+3x7)", "(3+3X7)", "(3+3·7)", "(3+3*7)"):
        assert check(text, [3, 3, 7, 1]).code is Code.MISSING_CARD
        assert check(text, [3, 3, 7]).ok
    assert check("K+J", [13, 11], 24).ok
    assert check("a*(q+q)", [1, 12, 12]).ok


@pytest.mark.parametrize(
    ("text", "code", "position", "params"),
    [
        ("3*3+8+8", Code.WRONG_VALUE, None, {"value": "25", "target": "24"}),
        ("33+8-8", Code.GLUED_DIGITS, 1, {"number": "33"}),
        ("3+3+8", Code.MISSING_CARD, None, {"cards": "8"}),
        ("3+3+8+8+8", Code.CARD_TWICE, 5, {"card": "8", "used": "3", "dealt": "2"}),
        ("3+3+8+9", Code.NOT_DEALT, 7, {"card": "9"}),
        ("8/(3-3)*8", Code.DIVISION_BY_ZERO, 2, {}),
        ("-3+3+8+8", Code.SIGN, 1, {"sign": "−"}),
        ("3*-3+8+8", Code.SIGN, 3, {"sign": "−"}),
        ("+3+3+8+8", Code.SIGN, 1, {"sign": "+"}),
        ("3**3", Code.POWER, 2, {"symbol": "**"}),
        ("3^3", Code.POWER, 2, {"symbol": "^"}),
        ("3%3", Code.PERCENT, 2, {}),
        ("3!", Code.FACTORIAL, 2, {}),
        ("3.5+8", Code.NOT_DEALT, 1, {"card": "3.5"}),
        (".5+8", Code.NOT_DEALT, 1, {"card": ".5"}),
        ("3,5+8", Code.NOT_DEALT, 1, {"card": "3,5"}),
        ("½+8", Code.NOT_DEALT, 1, {"card": "½"}),
        ("25⅕-8", Code.NOT_DEALT, 1, {"card": "25⅕"}),
        ("3+.+8", Code.UNKNOWN_CHARACTER, 3, {"char": "."}),
        ("3...+8", Code.UNKNOWN_CHARACTER, 2, {"char": "..."}),
        ("3*3+8-8..", Code.UNKNOWN_CHARACTER, 8, {"char": ".."}),
        ("3.5..+8", Code.UNKNOWN_CHARACTER, 4, {"char": ".."}),
        ("8/(3-8/3)=24.5", Code.WRONG_TARGET, 11, {"target": "24", "given": "24.5"}),
        ("8/(3-8/3)=24,0", Code.WRONG_TARGET, 11, {"target": "24", "given": "24,0"}),
        ("sqrt(9)", Code.WORD, 1, {"word": "sqrt"}),
        ("hello", Code.WORD, 1, {"word": "hello"}),
        ("(((3+3)", Code.UNCLOSED_BRACKET, 2, {}),
        ("3+3)", Code.UNOPENED_BRACKET, 4, {}),
        ("3(8+8)", Code.MISSING_OPERATOR, 2, {"token": "("}),
        ("8 8 3 3", Code.MISSING_OPERATOR, 3, {"token": "8"}),
        ("*3+3+8+8", Code.MISSING_NUMBER, 1, {"token": "×"}),
        ("3+", Code.ENDS_EARLY, 2, {"token": "+"}),
        ("<b>8</b>", Code.UNKNOWN_CHARACTER, 1, {"char": "<"}),
        ("8/(3-8/3)=24=24", Code.MISPLACED_EQUALS, 10, {"target": "24"}),
        ("8/(3-8/3)=25", Code.WRONG_TARGET, 11, {"target": "24", "given": "25"}),
        ("", Code.EMPTY, None, {}),
        ("   ", Code.EMPTY, None, {}),
        ("9" * 10_000, Code.TOO_LONG, None, {"limit": "200"}),
        ("(" * 3000 + "8" + ")" * 3000, Code.TOO_LONG, None, {"limit": "200"}),
    ],
)
def test_rejections(text: str, code: Code, position: int | None, params: dict[str, str]) -> None:
    verdict = check(text, HAND)
    assert verdict.code is code
    assert verdict.position == position
    assert verdict.params == params
    assert not verdict.ok


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3+3+8+8+8", "8 is used 3 times but dealt only 2."),
        ("8/(3-3)*8", "Division by zero at column 2."),
        ("-3+3+8+8", "A number can't start with − (column 1): the cards are used as dealt."),
        ("3**3", "Powers (**) are not allowed: only + - × ÷."),
        ("3.5+8", "3.5 is not one of the cards."),
        ("hello", "“hello” is not a card: use the cards, + - × ÷ and brackets."),
        ("12*2+(4-3", "This “(” (column 6) is never closed."),
        ("8 8 3 3", "An operator is missing before “8” (column 3)."),
        ("*3+3+8+8", "A number is missing before “×” (column 1)."),
        ("3+", "The answer ends too early, after “+” (column 2)."),
        ("8/(3-8/3)=24=24", "Only “= 24” may follow the expression (column 10)."),
        ("8/(3-8/3)=25", "The target is 24, not 25."),
        ("", "The answer is empty: type an expression like 8/(3-8/3)."),
    ],
)
def test_the_solver_words_each_code_in_english(text: str, message: str) -> None:
    assert check(text, HAND).message == message


def test_every_code_has_english_wording() -> None:
    assert set(MESSAGES) == set(Code)


def test_wrong_values_are_exact() -> None:
    assert check("8/3+8+3", [8, 3, 8, 3]).message == "That makes 13⅔, not 24."
    assert check("8/3", [8, 3]).value == Fraction(8, 3)
    assert check("(3-8)*8+3", HAND).params["value"] == "-37"
    assert check("1/7+2+5", [1, 7, 2, 5]).params["value"] == "50/7"


def test_deep_nesting_within_the_limit() -> None:
    assert check("(" * 90 + "8" + ")" * 90 + "/(3-8/3)", HAND).ok


@pytest.mark.parametrize("claim", ["none", "No solution", "无解", "没有", "  NONE! "])
def test_no_solution_claims(claim: str) -> None:
    assert check(claim, [1, 1, 1, 1]).code is Code.NO_SOLUTION_RIGHT
    wrong = check(claim, HAND)
    assert wrong.code is Code.NO_SOLUTION_WRONG
    assert wrong.is_claim
    assert not wrong.ok


@pytest.mark.parametrize(
    ("text", "claim"),
    [("none", True), ("  无解。", True), ("No solution!", True), ("3+3", False), (None, False)],
)
def test_a_claim_is_told_without_the_solver(text: object, claim: bool) -> None:
    assert is_claim(text) is claim


def test_big_numbers_are_never_converted() -> None:
    verdict = check("1" + "0" * 150 + "+8", HAND)
    assert verdict.code is Code.NOT_DEALT
    assert "…" in verdict.message


@pytest.mark.parametrize("read", [solution_of, steps])
def test_a_number_too_long_for_a_card_is_a_parse_error_outside_check_too(
    read: Callable[[str], object],
) -> None:
    with pytest.raises(ParseError) as caught:
        read("12345678901+1")
    assert caught.value.code is Code.NOT_DEALT


def test_a_winning_answer_with_its_target_is_its_listed_solution() -> None:
    listed = {s.text for s in solve([12, 9, 4, 1])}
    assert solution_of("12 + 9 + 4 − 1 = 24").text in listed


def test_the_target_after_an_expression_follows_the_game() -> None:
    assert solution_of("2×5 = 10", 10).text == solution_of("2×5").text


def test_solution_of_refuses_a_target_check_refuses() -> None:
    with pytest.raises(ParseError) as caught:
        solution_of("12 + 9 + 4 − 1 = 25")
    assert caught.value.code is Code.WRONG_TARGET
