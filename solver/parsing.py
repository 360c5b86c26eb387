"""Reading answers: an iterative, shunting-yard parser over the tokens of
:mod:`solver.tokenizer`, the cards checked by :mod:`solver.card_use`, and the exact value.
What cannot be read raises a :class:`ParseError` with a :class:`~solver.codes.Code`.
Requests for the solver are read by :mod:`solver.request_parsing`.

Nothing here calls ``eval`` or parses Python.  The parser is a loop, not a recursive descent,
so no depth of brackets can exhaust the stack.
"""

from __future__ import annotations

import re
from fractions import Fraction

from solver.arithmetic import Value
from solver.card_use import check_cards, check_offered, not_a_card
from solver.codes import Code
from solver.evaluation import DivisionByZero, NotPositiveWhole, evaluate
from solver.parse_error import ParseError
from solver.printing import SYMBOLS, friendly_value
from solver.request_parsing import parse_request, read_number, without_full_stop
from solver.tokenizer import IGNORED, MAX_LENGTH, Token, tokenize

__all__ = [
    "IGNORED",
    "MAX_LENGTH",
    "ParseError",
    "parse_request",
    "postfix",
    "read_answer",
    "read_number",
    "without_full_stop",
]

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_DECIMAL = re.compile(r"[0-9]{0,9}\.[0-9]{1,12}")
"""A decimal short enough to read at no cost (no huge numbers)."""


def _strip_target(tokens: list[Token], target: Value) -> list[Token]:
    """Drop a trailing ``= target``; refuse any other use of ``=``."""
    equals = [t for t in tokens if t.kind == "="]
    if not equals:
        return tokens
    first = equals[0]
    index = tokens.index(first)
    tail = tokens[index + 1 :]
    shown = friendly_value(target)
    if len(equals) > 1 or len(tail) > 1 or (tail and tail[0].kind != "num"):
        raise ParseError(Code.MISPLACED_EQUALS, first.position, target=shown)
    if tail and not _is_target(tail[0], target):
        raise ParseError(Code.WRONG_TARGET, tail[0].position, target=shown, given=tail[0].shown)
    return tokens[:index]


def _is_target(token: Token, target: Value) -> bool:
    """Whether a number written after ``=`` is the target: ``24``, or ``24.0`` or ``24.00``,
    which are 24 too (a decimal is no card, but the target is no card either).  A decimal
    comma is not read here: ``24,000`` may be twenty-four thousand."""
    if token.value is not None or not _DECIMAL.fullmatch(token.text):
        return token.value == target
    return Fraction(token.text) == target


def _to_rpn(tokens: list[Token]) -> list[Token]:
    """Shunting-yard: infix tokens to postfix, checking the grammar on the way."""
    output: list[Token] = []
    stack: list[Token] = []
    expect_operand = True
    for tok in tokens:
        if expect_operand:
            if tok.kind == "num":
                output.append(tok)
                expect_operand = False
            elif tok.kind == "(":
                stack.append(tok)
            elif tok.kind == "op" and tok.text in "+-":
                raise ParseError(Code.SIGN, tok.position, sign=tok.shown)
            else:
                raise ParseError(Code.MISSING_NUMBER, tok.position, token=tok.shown)
            continue
        if tok.kind == "op":
            while (
                stack
                and stack[-1].kind == "op"
                and (_PRECEDENCE[stack[-1].text] >= _PRECEDENCE[tok.text])
            ):
                output.append(stack.pop())
            stack.append(tok)
            expect_operand = True
        elif tok.kind == ")":
            while stack and stack[-1].kind != "(":
                output.append(stack.pop())
            if not stack:
                raise ParseError(Code.UNOPENED_BRACKET, tok.position)
            stack.pop()
        else:
            raise ParseError(Code.MISSING_OPERATOR, tok.position, token=tok.shown)
    if expect_operand:
        last = tokens[-1]
        raise ParseError(Code.ENDS_EARLY, last.position, token=last.shown)
    while stack:
        tok = stack.pop()
        if tok.kind == "(":
            raise ParseError(Code.UNCLOSED_BRACKET, tok.position)
        output.append(tok)
    return output


def _bad_step(error: NotPositiveWhole, position: int) -> ParseError:
    """The error for a step that Countdown's rules refuse: a fraction, a negative or 0."""
    left, op, right, result = error.operation
    step = f"{friendly_value(left)} {SYMBOLS[op]} {friendly_value(right)}"
    if result == 0:
        return ParseError(Code.ZERO_STEP, position, step=step)
    code = Code.NEGATIVE_STEP if result < 0 else Code.FRACTION_STEP
    return ParseError(code, position, step=step, value=friendly_value(result))


def _items(rpn: list[Token]) -> list[int | str]:
    """Postfix tokens as card values and operators; a number too long for a card is refused."""
    items: list[int | str] = []
    for tok in rpn:
        if tok.kind == "op":
            items.append(tok.text)
        elif tok.value is None:
            raise not_a_card(tok)
        else:
            items.append(tok.value)
    return items


def _parse(text: str, target: Value) -> list[Token]:
    """The tokens of an expression in postfix order, a trailing ``= target`` dropped."""
    tokens = _strip_target(tokenize(text), target)
    if not tokens:
        raise ParseError(Code.EMPTY)
    return _to_rpn(tokens)


def postfix(text: str, target: Value = 24) -> list[int | str]:
    """An expression in postfix order: card values and the operators ``+ - * /``.

    The expression is read as :func:`read_answer` reads an answer, a trailing ``= target``
    included, without checking which cards it uses.  Raises :class:`ParseError` when the
    text is not a well-formed expression.
    """
    return _items(_parse(text, target))


def read_answer(
    text: str, hand: tuple[int, ...], target: Value, *, countdown: bool = False
) -> Value:
    """The exact value of an answer that uses each card of ``hand`` once or, under
    Countdown's rules (``countdown``), each at most once with every step's result a positive
    whole number.

    Raises :class:`ParseError` naming the first problem: the text (syntax, forbidden
    operations, length, an ``=`` other than a trailing ``= target``), then the cards, then
    a division by zero or, under Countdown's rules, a step that makes a fraction, 0 or less.
    """
    rpn = _parse(text, target)
    numbers = [t for t in rpn if t.kind == "num"]
    if countdown:
        check_offered(numbers, hand)
    else:
        check_cards(numbers, hand)
    try:
        return evaluate(_items(rpn), positive_whole=countdown)
    except DivisionByZero as error:
        raise ParseError(Code.DIVISION_BY_ZERO, rpn[error.index].position) from None
    except NotPositiveWhole as error:
        raise _bad_step(error, rpn[error.index].position) from None
