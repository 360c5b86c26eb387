"""The solver's own wording of its codes, in English: for :attr:`Verdict.message
<solver.checking.Verdict.message>`, the text of a :class:`~solver.parsing.ParseError`, and so
for the command line.  A program that speaks to people in other languages words the codes
itself, from the same code, column and params."""

from __future__ import annotations

from collections.abc import Mapping

from solver.codes import Code

EXAMPLE_REQUEST = "1 2 3 4 7 25 = 573"

MESSAGES = {
    Code.CORRECT: "Correct: that makes {value}.",
    Code.NO_SOLUTION_RIGHT: "Right: there is no solution.",
    Code.NO_SOLUTION_WRONG: "There is a solution: keep looking!",
    Code.WRONG_VALUE: "That makes {value}, not {target}.",
    Code.MISSING_CARD: "You did not use {cards}.",
    Code.CARD_TWICE: "{card} is used {used} times but dealt only {dealt}.",
    Code.NOT_DEALT: "{card} is not one of the cards.",
    Code.GLUED_DIGITS: "{number} glues cards together: write each card as its own number.",
    Code.DIVISION_BY_ZERO: "Division by zero at column {column}.",
    Code.NOT_OFFERED: "{number} is not one of the numbers.",
    Code.NUMBER_TWICE: "{number} is used {used} times but offered only {offered}.",
    Code.FRACTION_STEP: "{step} makes {value} (column {column}): no fractions on the way.",
    Code.NEGATIVE_STEP: "{step} makes {value} (column {column}): no negative numbers on the way.",
    Code.ZERO_STEP: "{step} makes 0 (column {column}): no zero on the way.",
    Code.EMPTY: "The answer is empty: type an expression like 8/(3-8/3).",
    Code.TOO_LONG: "That is too long (over {limit} characters).",
    Code.UNKNOWN_CHARACTER: "“{char}” is not part of an answer (column {column}).",
    Code.WORD: "“{word}” is not a card: use the cards, + - × ÷ and brackets.",
    Code.POWER: "Powers ({symbol}) are not allowed: only + - × ÷.",
    Code.PERCENT: "% is not allowed: only + - × ÷.",
    Code.FACTORIAL: "Factorials (!) are not allowed: only + - × ÷.",
    Code.DECIMAL: "{number}: decimals are not allowed; write a fraction instead, like 1/2.",
    Code.EXPONENT: "{number}: write numbers out in full, like 1000, not with an exponent.",
    Code.SIGN: "A number can't start with {sign} (column {column}): the cards are used as dealt.",
    Code.MISSING_NUMBER: "A number is missing before “{token}” (column {column}).",
    Code.MISSING_OPERATOR: "An operator is missing before “{token}” (column {column}).",
    Code.ENDS_EARLY: "The answer ends too early, after “{token}” (column {column}).",
    Code.UNOPENED_BRACKET: "This “)” (column {column}) closes no bracket.",
    Code.UNCLOSED_BRACKET: "This “(” (column {column}) is never closed.",
    Code.MISPLACED_EQUALS: "Only “= {target}” may follow the expression (column {column}).",
    Code.WRONG_TARGET: "The target is {target}, not {given}.",
    Code.NO_NUMBERS: "Give the numbers, like 3 3 8 8.",
    Code.TOO_FEW_NUMBERS: "Give at least {minimum} numbers, like 3 3 8 8.",
    Code.TOO_MANY_NUMBERS: "At most {limit} numbers (got {count}).",
    Code.TARGET_MISSING: f"The target is missing: write it at the end, like {EXAMPLE_REQUEST}.",
    Code.TARGET_TWICE: f"Write the target once, at the end, like {EXAMPLE_REQUEST}.",
    Code.NUMBER_TOO_LONG: "{number} is too long to be a number.",
    Code.NOT_A_NUMBER: "{number} is not a number.",
    Code.NEGATIVE: "{number}: negative numbers are not allowed.",
    Code.NOT_POSITIVE_WHOLE: "{number}: Countdown's numbers are whole numbers from 1 up.",
    Code.GROUPED_DIGITS: (
        "{number}: “{group}” after a comma is no number. Part the numbers with spaces or "
        "commas, and write a thousand as 1000 or 1,000."
    ),
    Code.UNCLEAR_GROUPS: (
        "{number} is unclear: is {group} one number or two? Part the numbers with spaces."
    ),
}
"""Each code's English wording; ``{column}`` is the position, the other fields its params."""


ONCE = {
    Code.CARD_TWICE: ("dealt", "{card} is used {used} times but dealt only once."),
    Code.NUMBER_TWICE: ("offered", "{number} is used {used} times but offered only once."),
}
"""The wording of the codes that count how often a number was dealt, for a number dealt once."""


def message(code: Code, position: int | None, params: Mapping[str, str]) -> str:
    """A code in English, with its column and params filled in."""
    count, once = ONCE.get(code, ("", ""))
    template = once if params.get(count) == "1" else MESSAGES[code]
    return template.format(column=position, **params)
