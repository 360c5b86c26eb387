"""Reading what a player typed: a tokenizer and an iterative (shunting-yard) parser.

Nothing here calls ``eval`` or parses Python.  The parser is a loop, not a recursive descent,
so no depth of brackets can exhaust the stack; numbers too long to be any card are never
converted, so huge numbers cost nothing.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from solver.arithmetic import DivisionByZero, Value, evaluate, whole
from solver.printing import friendly_value

MAX_LENGTH = 200
"""The most characters an answer may have, not counting spaces."""

CARD_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}

EMPTY_MESSAGE = "The answer is empty: type an expression like 8/(3-8/3)."

IGNORED = frozenset(
    "\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u00ad"
)
_TIMES = frozenset("*×xX·∙⋅✕✖")
_DIVIDE = frozenset("/÷∕⁄")
_MINUS = frozenset("-−–—‐‑﹣")
_OPEN = frozenset("([{")
_CLOSE = frozenset(")]}")
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


class Code(StrEnum):
    """What a verdict says; the bot translates by code."""

    CORRECT = "correct"
    NO_SOLUTION_RIGHT = "no_solution_right"
    NO_SOLUTION_WRONG = "no_solution_wrong"
    WRONG_VALUE = "wrong_value"
    MISSING_CARD = "missing_card"
    CARD_TWICE = "card_twice"
    NOT_DEALT = "not_dealt"
    GLUED_DIGITS = "glued_digits"
    DIVISION_BY_ZERO = "division_by_zero"
    SYNTAX = "syntax"
    NOT_ALLOWED = "not_allowed"
    TOO_LONG = "too_long"
    EMPTY = "empty"
    WRONG_TARGET = "wrong_target"


class ParseError(ValueError):
    """An answer that is not a usable expression: what is wrong, where, and its pieces."""

    def __init__(self, code: Code, message: str, position: int | None = None, **params: str):
        super().__init__(message)
        self.code = code
        self.message = message
        self.position = position
        self.params = params


@dataclass(frozen=True)
class _Token:
    kind: str  # "num", "op", "(", ")", "="
    text: str
    position: int  # 1-based column in the original text
    value: int | None = None  # for "num"; None when too long to be any card


def _char_class(ch: str) -> str:
    """One character, folded: digits to ``0-9``, operators to ``+-*/``, brackets to ``()``."""
    if ch in _TIMES:
        return "*"
    if ch in _DIVIDE:
        return "/"
    if ch in _MINUS:
        return "-"
    folded = unicodedata.normalize("NFKC", ch)
    if len(folded) == 1 and folded != ch:
        return _char_class(folded)
    if ch in _OPEN:
        return "("
    if ch in _CLOSE:
        return ")"
    if ch.isdigit():
        digit = unicodedata.digit(ch, None)
        return str(digit) if digit is not None else ch
    return ch


def _tokens(text: str) -> list[_Token]:
    """Split an answer into tokens, or raise :class:`ParseError` saying what is wrong and where."""
    # Spaces stay in as " " so that "8 8" is two numbers, not 88; invisible marks go.
    chars = [
        (i + 1, " " if ch.isspace() else _char_class(ch))
        for i, ch in enumerate(text)
        if ch not in IGNORED
    ]
    if all(ch == " " for _, ch in chars):
        raise ParseError(Code.EMPTY, EMPTY_MESSAGE)
    if sum(ch != " " for _, ch in chars) > MAX_LENGTH:
        raise ParseError(
            Code.TOO_LONG,
            f"That is too long (over {MAX_LENGTH} characters).",
            limit=str(MAX_LENGTH),
        )
    tokens: list[_Token] = []
    i = 0
    while i < len(chars):
        pos, ch = chars[i]
        if ch == " ":
            i += 1
            continue
        if ch.isdigit() and ch.isascii():
            j = i
            while j < len(chars) and chars[j][1].isdigit() and chars[j][1].isascii():
                j += 1
            digits = "".join(c for _, c in chars[i:j])
            if j < len(chars) and chars[j][1] in ".,":
                raise ParseError(
                    Code.NOT_ALLOWED,
                    "Decimals are not allowed: use whole cards and /.",
                    chars[j][0],
                )
            value = int(digits) if len(digits) <= 9 else None
            tokens.append(_Token("num", digits, pos, value))
            i = j
            continue
        if ch.upper() in CARD_LETTERS and not (i + 1 < len(chars) and chars[i + 1][1].isalpha()):
            tokens.append(_Token("num", ch.upper(), pos, CARD_LETTERS[ch.upper()]))
        elif ch in "+-/":
            tokens.append(_Token("op", ch, pos))
        elif ch == "*":
            if i + 1 < len(chars) and chars[i + 1][1] == "*":
                raise ParseError(
                    Code.NOT_ALLOWED, "Powers (**) are not allowed: only + - × ÷.", pos
                )
            tokens.append(_Token("op", ch, pos))
        elif ch in "()=":
            tokens.append(_Token(ch, ch, pos))
        elif ch == "^":
            raise ParseError(Code.NOT_ALLOWED, "Powers (^) are not allowed: only + - × ÷.", pos)
        elif ch == "%":
            raise ParseError(Code.NOT_ALLOWED, "% is not allowed: only + - × ÷.", pos)
        elif ch in ".,":
            raise ParseError(
                Code.NOT_ALLOWED, "Decimals are not allowed: use whole cards and /.", pos
            )
        elif ch == "!":
            raise ParseError(Code.NOT_ALLOWED, "Factorials (!) are not allowed: only + - × ÷.", pos)
        elif ch.isalpha():
            j = i
            while j < len(chars) and chars[j][1].isalpha():
                j += 1
            word = "".join(c for _, c in chars[i:j])
            raise ParseError(
                Code.NOT_ALLOWED,
                f"“{word[:20]}” is not allowed: only cards, + - × ÷ and brackets.",
                pos,
                word=word[:20],
            )
        else:
            raise ParseError(
                Code.SYNTAX, f"“{ch}” is not part of an answer (column {pos}).", pos, char=ch
            )
        i += 1
    return tokens


def _strip_target(tokens: list[_Token], target: Value) -> list[_Token]:
    """Drop a trailing ``= target``; refuse any other use of ``=``."""
    equals = [t for t in tokens if t.kind == "="]
    if not equals:
        return tokens
    first = equals[0]
    index = tokens.index(first)
    tail = tokens[index + 1 :]
    if len(equals) > 1 or len(tail) > 1 or (tail and tail[0].kind != "num"):
        raise ParseError(
            Code.SYNTAX, f"Only “= {target}” may follow the expression.", first.position
        )
    if tail and tail[0].value != target:
        raise ParseError(
            Code.WRONG_TARGET,
            f"The target is {friendly_value(target)}, not {tail[0].text[:12]}.",
            tail[0].position,
            target=friendly_value(target),
        )
    return tokens[:index]


def _to_rpn(tokens: list[_Token]) -> list[_Token]:
    """Shunting-yard: infix tokens to postfix, checking the grammar on the way."""
    output: list[_Token] = []
    stack: list[_Token] = []
    expect_operand = True
    for tok in tokens:
        if expect_operand:
            if tok.kind == "num":
                output.append(tok)
                expect_operand = False
            elif tok.kind == "(":
                stack.append(tok)
            elif tok.kind == "op" and tok.text in "+-":
                raise ParseError(
                    Code.NOT_ALLOWED,
                    f"A sign before a number (column {tok.position}) is not allowed: "
                    "every - must stand between two numbers.",
                    tok.position,
                )
            else:
                raise ParseError(
                    Code.SYNTAX,
                    f"A number is missing before “{tok.text}” (column {tok.position}).",
                    tok.position,
                    char=tok.text,
                )
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
                raise ParseError(
                    Code.SYNTAX,
                    f"This “)” (column {tok.position}) closes no bracket.",
                    tok.position,
                )
            stack.pop()
        else:
            raise ParseError(
                Code.SYNTAX,
                f"An operator is missing before “{tok.text[:12]}” (column {tok.position}).",
                tok.position,
                char=tok.text[:12],
            )
    if expect_operand:
        last = tokens[-1]
        raise ParseError(
            Code.SYNTAX,
            f"The answer ends too early, after “{last.text[:12]}” (column {last.position}).",
            last.position,
        )
    while stack:
        tok = stack.pop()
        if tok.kind == "(":
            raise ParseError(
                Code.SYNTAX, f"This “(” (column {tok.position}) is never closed.", tok.position
            )
        output.append(tok)
    return output


def _glued(digits: str, available: Counter[int], parts: int = 0) -> bool:
    """Whether ``digits`` reads as two or more cards from ``available`` written side by side."""
    if not digits:
        return parts >= 2
    if len(digits) > 16:
        return False
    for cut in range(1, len(digits) + 1):
        head = digits[:cut]
        if head.startswith("0") and head != "0":
            break
        card = int(head)
        if available[card] > 0:
            available[card] -= 1
            found = _glued(digits[cut:], available, parts + 1)
            available[card] += 1
            if found:
                return True
    return False


def _not_a_card(tok: _Token) -> ParseError:
    shown = tok.text if len(tok.text) <= 12 else tok.text[:12] + "…"
    return ParseError(Code.NOT_DEALT, f"{shown} is not one of the cards.", tok.position, card=shown)


def _check_cards(numbers: list[_Token], hand: tuple[int, ...]) -> None:
    """Each dealt card used exactly once, or a :class:`ParseError` naming the first problem."""
    dealt = Counter(hand)
    values: list[int] = []
    for tok in numbers:
        if tok.value is None or tok.value not in dealt:
            others = Counter(
                t.value
                for t in numbers
                if t is not tok and t.value is not None and t.value in dealt
            )
            if tok.text.isdigit() and _glued(tok.text, dealt - others):
                raise ParseError(
                    Code.GLUED_DIGITS,
                    f"{tok.text} glues cards together: write each card as its own number.",
                    tok.position,
                    number=tok.text,
                )
            raise _not_a_card(tok)
        values.append(tok.value)
    used = Counter(values)
    for tok, value in zip(numbers, values, strict=True):
        if used[value] > dealt[value]:
            times = dealt[value]
            raise ParseError(
                Code.CARD_TWICE,
                f"{tok.text} is used {used[value]} times but dealt {times} "
                f"time{'s' if times > 1 else ''}.",
                tok.position,
                card=tok.text,
            )
    missing = sorted((dealt - used).elements())
    if missing:
        cards = ", ".join(str(c) for c in missing)
        raise ParseError(Code.MISSING_CARD, f"You did not use {cards}.", None, cards=cards)


def _items(rpn: list[_Token]) -> list[int | str]:
    """Postfix tokens as card values and operators; a number too long for a card is refused."""
    items: list[int | str] = []
    for tok in rpn:
        if tok.kind == "op":
            items.append(tok.text)
        elif tok.value is None:
            raise _not_a_card(tok)
        else:
            items.append(tok.value)
    return items


def _parse(text: str, target: Value) -> list[_Token]:
    """The tokens of an expression in postfix order, a trailing ``= target`` dropped."""
    tokens = _strip_target(_tokens(text), target)
    if not tokens:
        raise ParseError(Code.EMPTY, EMPTY_MESSAGE)
    return _to_rpn(tokens)


def postfix(text: str, target: Value = 24) -> list[int | str]:
    """An expression in postfix order: card values and the operators ``+ - * /``.

    The expression is read as :func:`read_answer` reads an answer, a trailing ``= target``
    included, without checking which cards it uses.  Raises :class:`ParseError` when the
    text is not a well-formed expression.
    """
    return _items(_parse(text, target))


def read_answer(text: str, hand: tuple[int, ...], target: Value) -> Value:
    """The exact value of an answer that uses each card of ``hand`` once.

    Raises :class:`ParseError` naming the first problem: the text (syntax, forbidden
    operations, length, an ``=`` other than a trailing ``= target``), then the cards, then
    a division by zero.
    """
    rpn = _parse(text, target)
    _check_cards([t for t in rpn if t.kind == "num"], hand)
    try:
        return evaluate(_items(rpn))
    except DivisionByZero as error:
        column = rpn[error.index].position
        raise ParseError(
            Code.DIVISION_BY_ZERO, f"Division by zero at column {column}.", column
        ) from None


MAX_REQUEST_NUMBERS = 8


def parse_request(text: str) -> tuple[list[int | Fraction], int | Fraction | None]:
    """Numbers and an optional target as people ask for them.

    ``3 3 8 8``, ``3,3,8,8``, ``A 5 5 5``, ``1 2 3 4 7 25 = 573`` or ``… target 573``;
    fractions as ``1/2``.  Raises :class:`ParseError` saying what is wrong.
    """
    words = text.replace(",", " ").replace("，", " ").split()
    target_words: list[str] = []
    for marker in ("=", "target"):
        if marker in words:
            index = words.index(marker)
            words, target_words = words[:index], words[index + 1 :]
            break
    else:
        for i, word in enumerate(words):
            if "=" in word:
                left, _, right = word.partition("=")
                target_words = [right, *words[i + 1 :]] if right else words[i + 1 :]
                words = [*words[:i], left] if left else words[:i]
                break
    if len(target_words) > 1 or (target_words == [] and "=" in text):
        raise ParseError(
            Code.SYNTAX, "Write the target once, at the end: 1 2 3 4 7 25 = 573", problem="target"
        )
    if not words:
        raise ParseError(Code.EMPTY, "Give the numbers, like 3 3 8 8.", problem="empty")
    if len(words) > MAX_REQUEST_NUMBERS:
        raise ParseError(
            Code.TOO_LONG,
            f"At most {MAX_REQUEST_NUMBERS} numbers (got {len(words)}).",
            limit=str(MAX_REQUEST_NUMBERS),
            problem="too_many",
        )
    numbers = [_request_number(w) for w in words]
    target = _request_number(target_words[0]) if target_words else None
    return numbers, target


def _request_number(word: str) -> int | Fraction:
    folded = "".join(_char_class(ch) for ch in word)
    if folded.upper() in CARD_LETTERS:
        return CARD_LETTERS[folded.upper()]
    shown = word if len(word) <= 12 else word[:12] + "…"
    if len(folded) > 12:
        raise ParseError(
            Code.TOO_LONG, f"{shown} is too long to be a number.", number=shown, problem="too_long"
        )
    if folded.startswith("-"):
        raise ParseError(
            Code.NOT_ALLOWED,
            f"{shown}: negative numbers are not allowed.",
            number=shown,
            problem="negative",
        )
    try:
        value = Fraction(folded)
    except (ValueError, ZeroDivisionError):
        raise ParseError(
            Code.SYNTAX, f"{shown} is not a number.", number=shown, problem="not_a_number"
        ) from None
    if "." in folded or "e" in folded.lower():
        raise ParseError(
            Code.NOT_ALLOWED, f"{shown}: decimals are not allowed.", number=shown, problem="decimal"
        )
    return whole(value)
