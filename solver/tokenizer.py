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
from solver.printing import SYMBOLS

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


@dataclass(frozen=True)
class Token:
    """One token of an answer and the column where it starts."""

    kind: str  # "num", "op", "(", ")", "="
    text: str
    position: int  # 1-based column in the original text
    value: int | None = None  # for "num"; None when too long to be any card

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


def tokenize(text: str) -> list[Token]:
    """Split an answer into tokens, or raise :class:`ParseError` saying what is wrong and where."""
    # Spaces stay in as " " so that "8 8" is two numbers, not 88; invisible marks go.
    chars = [
        (i + 1, " " if ch.isspace() else char_class(ch))
        for i, ch in enumerate(text)
        if ch not in IGNORED
    ]
    if all(ch == " " for _, ch in chars):
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
                raise _decimal(chars, i, chars[j][0])
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
            raise _decimal(chars, i, pos)
        elif ch == "!":
            raise ParseError(Code.FACTORIAL, pos)
        elif ch.isalpha():
            j = i
            while j < len(chars) and chars[j][1].isalpha():
                j += 1
            word = "".join(c for _, c in chars[i:j])
            raise ParseError(Code.WORD, pos, word=word[:20])
        else:
            raise ParseError(Code.UNKNOWN_CHARACTER, pos, char=ch)
        i += 1
    return tokens


def _decimal(chars: list[tuple[int, str]], start: int, position: int) -> ParseError:
    """The error for a decimal that starts at ``chars[start]``, quoting it whole."""
    text = "".join(c for _, c in chars[start:])
    number = text[: len(text) - len(text.lstrip("0123456789.,"))]
    if ".." in number:  # an ellipsis ("4...", "..."), a pause rather than a decimal point
        return ParseError(Code.UNKNOWN_CHARACTER, position, char="...")
    return ParseError(Code.DECIMAL, position, number=number[:12])
