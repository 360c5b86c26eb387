"""Splitting an answer into tokens, with every way people write digits, operators and
brackets folded to one.  What is not a token raises a :class:`~solver.parse_error.ParseError`
saying what is wrong and where; numbers too long to be any card are never converted, so huge
numbers cost nothing.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from solver.codes import Code
from solver.parse_error import ParseError
from solver.printing import SYMBOLS, VULGAR_VALUES

MAX_LENGTH = 200
"""The most characters an answer may have, not counting spaces."""

CARD_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}

IGNORED = frozenset(
    "\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u00ad"
)
_TIMES = frozenset("*×xX·∙⋅✕✖")
_DIVIDE = frozenset("/÷∕⁄")
_MINUS = frozenset("-−–—‐‑﹣")
_OPEN = frozenset("([{")
_CLOSE = frozenset(")]}")
_FULL_STOPS = frozenset(".。")
"""What may end an answer as it ends a sentence, and is read as if it were not there."""


@dataclass(frozen=True)
class Token:
    """One token of an answer and the column where it starts."""

    kind: str  # "num", "op", "(", ")", "="
    text: str
    position: int  # 1-based column in the original text
    value: int | None = None  # for "num"; None for what cannot be a card: too long, 2.5, ½

    @property
    def shown(self) -> str:
        """The token as an error message quotes it: operators as × ÷ −, long numbers cut."""
        if self.kind == "op":
            return SYMBOLS[self.text]
        return self.text if len(self.text) <= 12 else self.text[:12] + "…"


def char_class(ch: str) -> str:
    """One character, folded: digits to ``0-9``, operators to ``+-*/``, brackets to ``()``."""
    if ch in _TIMES:
        return "*"
    if ch in _DIVIDE:
        return "/"
    if ch in _MINUS:
        return "-"
    folded = unicodedata.normalize("NFKC", ch)
    if len(folded) == 1 and folded != ch:
        return char_class(folded)
    if ch in _OPEN:
        return "("
    if ch in _CLOSE:
        return ")"
    if ch.isdigit():
        digit = unicodedata.digit(ch, None)
        return str(digit) if digit is not None else ch
    return ch


def _drop_full_stop(chars: list[tuple[int, str]]) -> None:
    """Drop the full stop that ends an answer as it ends a sentence ("8*6/(13-11)." or
    "…=24。", or "…= 24!", where "!" cannot be a factorial), and the spaces around it; an
    ellipsis ("4...") stays, to be refused, and so does "(3+1)!"."""
    _drop_spaces(chars)
    if not chars:
        return
    last = chars[-1][1]
    if (last in _FULL_STOPS and (len(chars) < 2 or chars[-2][1] != ".")) or (
        last == "!" and _after_equals(chars[:-1])
    ):
        chars.pop()
        _drop_spaces(chars)


def _drop_spaces(chars: list[tuple[int, str]]) -> None:
    while chars and chars[-1][1] == " ":
        chars.pop()


def _after_equals(chars: list[tuple[int, str]]) -> bool:
    """Whether ``chars`` end with "= number": the target an answer may end with."""
    text = "".join(c for _, c in chars[-40:]).rstrip()
    number = text.rstrip("0123456789")
    return number != text and number.rstrip().endswith("=")


def tokenize(text: str) -> list[Token]:
    """Split an answer into tokens, or raise :class:`ParseError` saying what is wrong and where."""
    # Spaces stay in as " " so that "8 8" is two numbers, not 88; invisible marks go.
    chars = [
        (i + 1, " " if ch.isspace() else char_class(ch))
        for i, ch in enumerate(text)
        if ch not in IGNORED
    ]
    _drop_full_stop(chars)
    if not chars:
        raise ParseError(Code.EMPTY)
    if sum(ch != " " for _, ch in chars) > MAX_LENGTH:
        raise ParseError(Code.TOO_LONG, limit=str(MAX_LENGTH))
    tokens: list[Token] = []
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
                i = _decimal(chars, i, tokens)
                continue
            if j < len(chars) and chars[j][1] in VULGAR_VALUES:  # 25⅕: not a card
                tokens.append(Token("num", digits + chars[j][1], pos))
                i = j + 1
                continue
            value = int(digits) if len(digits) <= 9 else None
            tokens.append(Token("num", digits, pos, value))
            i = j
            continue
        if ch.upper() in CARD_LETTERS and not (i + 1 < len(chars) and chars[i + 1][1].isalpha()):
            tokens.append(Token("num", ch.upper(), pos, CARD_LETTERS[ch.upper()]))
        elif ch in "+-/":
            tokens.append(Token("op", ch, pos))
        elif ch == "*":
            if i + 1 < len(chars) and chars[i + 1][1] == "*":
                raise ParseError(Code.POWER, pos, symbol="**")
            tokens.append(Token("op", ch, pos))
        elif ch in "()=":
            tokens.append(Token(ch, ch, pos))
        elif ch == "^":
            raise ParseError(Code.POWER, pos, symbol="^")
        elif ch == "%":
            raise ParseError(Code.PERCENT, pos)
        elif ch in ".,":
            i = _decimal(chars, i, tokens)
            continue
        elif ch in VULGAR_VALUES:
            tokens.append(Token("num", ch, pos))
        elif ch == "!":
            raise ParseError(Code.FACTORIAL, pos)
        elif ch.isalpha():
            j = i
            while j < len(chars) and chars[j][1].isalpha():
                j += 1
            word = "".join(c for _, c in chars[i:j])
            _exponent(chars, i, j, tokens)
            raise ParseError(Code.WORD, pos, word=word[:20])
        else:
            raise ParseError(Code.UNKNOWN_CHARACTER, pos, char=ch)
        i += 1
    return tokens


def _exponent(chars: list[tuple[int, str]], start: int, end: int, tokens: list[Token]) -> None:
    """Refuse ``1e3`` (the word ``e`` from ``start`` to ``end`` between a number and digits)
    as a number written with an exponent, not as "e is not a card"."""
    if end - start != 1 or chars[start][1] not in "eE" or not tokens or tokens[-1].kind != "num":
        return
    number = tokens[-1]
    if start == 0 or not chars[start - 1][1].isdigit():
        return  # not glued to the number before
    k = end + (end < len(chars) and chars[end][1] in "+-")
    digits = ""
    while k < len(chars) and chars[k][1].isdigit():
        digits, k = digits + chars[k][1], k + 1
    if digits:
        sign = chars[end][1] if chars[end][1] in "+-" else ""
        shown = f"{number.text}{chars[start][1]}{sign}{digits}"[:20]
        raise ParseError(Code.EXPONENT, number.position, number=shown)


def _decimal(chars: list[tuple[int, str]], start: int, tokens: list[Token]) -> int:
    """Read the decimal that starts at ``chars[start]`` (``2.5``, ``.5``, ``1,5``) as a
    number that is no card, and return where it ends; an ellipsis or a lone point is refused."""
    end = start
    while end < len(chars) and chars[end][1] in "0123456789.,":
        end += 1
    number = "".join(c for _, c in chars[start:end])
    position = chars[start][0]
    if ".." in number:  # an ellipsis ("4...", "..", "..."), a pause rather than a decimal point
        first = number.index("..")
        dots = len(number[first:]) - len(number[first:].lstrip("."))
        shown = "." * dots if dots <= 12 else "." * 12 + "…"  # as typed: "..", "...", "...."
        raise ParseError(Code.UNKNOWN_CHARACTER, chars[start + first][0], char=shown)
    if not any(c.isdigit() for c in number):
        raise ParseError(Code.UNKNOWN_CHARACTER, position, char=number)
    tokens.append(Token("num", number, position))
    return end
