"""Reading requests for the solver as people type them: numbers and an optional target."""

from __future__ import annotations

import re
from fractions import Fraction

from solver.arithmetic import Value, whole
from solver.codes import Code
from solver.parse_error import ParseError
from solver.printing import VULGAR_VALUES, format_value
from solver.tokenizer import CARD_LETTERS, char_class

MAX_NUMBER_LENGTH = 24
"""The most characters of a number read (its grouping commas aside): longer ones are refused
unread, so that huge numbers cost nothing."""

MIN_REQUEST_NUMBERS = 2
MAX_REQUEST_NUMBERS = 8
"""How many numbers a request may have (a single number is no game; see also
:data:`~solver.solutions.MAX_NUMBERS`)."""

TARGET_MARKERS = ("=", "target")
ARROWS = ("->", "=>", "→", "⟶", "⇒", "＝")
"""What may stand for ``=`` between the numbers and the target: ``3 3 8 8 -> 24``."""

_GROUP = r"\d{1,3}(?:,\d{3})+|\d+"
_GROUPED_NUMBER = re.compile(rf"(?:{_GROUP})(?:/(?:{_GROUP})|[{''.join(VULGAR_VALUES)}])?")
"""A number with its digits grouped by threes as the bot prints big numbers: ``1,000,000``,
``1,234½``, ``12,345/1,024``."""
_MIXED = re.compile(rf"(\d*)([{''.join(VULGAR_VALUES)}])")
_UNCLEAR = re.compile(r"([1-9],[1-9]\d\d)(?:,|$)")
"""A word that starts as one digit and three after a comma: ``1,234`` is a thousand and
more, or 1 and 234, and what follows (``,5,6``) does not tell."""
_DECIMAL = re.compile(r"\d*\.\d+")
"""A decimal as people write one (``2.5``, ``.5``): read as the fraction it is."""


def _split_commas(words: list[str], spaced: bool) -> list[str]:
    """Words split at commas (``3,3,8,8``), but for numbers grouped by threes (``1,000,000``)
    where spaces part the numbers (``spaced``) or a group starts with 0, as no card does.
    Digits after a comma that start with 0 and are not such a group (``1,000,2,3``,
    ``1,00``) are refused: read alone they would be a number 0 (or 5 for ``05``) that
    nobody wrote; so is a word that starts as a thousand grouped and goes on as numbers
    parted (``1,234,5,6``: 1234 5 6, or 1 234 5 6?)."""
    split: list[str] = []
    for word in words:
        if "," in word and (spaced or ",0" in word) and _GROUPED_NUMBER.fullmatch(word):
            split.append(word)
            continue
        unclear = _UNCLEAR.match(word)
        if unclear:
            shown = word if len(word) <= 24 else word[:24] + "…"
            raise ParseError(Code.UNCLEAR_GROUPS, number=shown, group=unclear[1])
        parts = word.split(",")
        for part in parts[1:]:
            if len(part) > 1 and part.startswith("0") and part.isdecimal():
                shown = word if len(word) <= 24 else word[:24] + "…"
                raise ParseError(Code.GROUPED_DIGITS, number=shown, group=part[:12])
        split.extend(part for part in parts if part)
    return split


def without_full_stop(text: str) -> str:
    """``text`` without the full stop that ends it as it ends a sentence (``3 3 8 8 = 24.``,
    ``… 24。``), as answers are read; an ellipsis (``24..``) stays, to be refused."""
    text = text.rstrip()
    if text[-1:] and char_class(text[-1]) in ".。" and char_class(text[-2:-1]) != ".":
        return text[:-1].rstrip()
    return text


def parse_request(text: str, *, countdown: bool = False) -> tuple[list[Value], Value | None]:
    """Numbers and an optional target as people ask for them.

    ``3 3 8 8``, ``3,3,8,8``, ``A 5 5 5``, ``1 2 3 4 7 25 = 573``, ``… -> 573`` (or another
    of :data:`ARROWS`) or ``… target 573``, a closing full stop left out; fractions as
    ``1/2``, ``½`` or ``25⅕``; numbers grouped by threes as ``1,000,000`` where spaces part
    the numbers or a group starts with 0, and as the target (other digits after a comma that
    start with 0, as in ``1,000,2``, are refused);
    :data:`MIN_REQUEST_NUMBERS` to :data:`MAX_REQUEST_NUMBERS`
    numbers, whole numbers from 1 up for Countdown's rules (``countdown``).  Raises
    :class:`ParseError` saying what is wrong.
    """
    text = without_full_stop(text)
    for arrow in ARROWS:
        text = text.replace(arrow, "=")
    words = text.replace("=", " = ").replace("，", ",").split()
    marked = False
    target_words: list[str] = []
    for marker in TARGET_MARKERS:
        if marker in words:
            index = words.index(marker)
            words, target_words, marked = words[:index], words[index + 1 :], True
            break
    # "1,000,000" is one number where spaces part the numbers, and as the target; commas
    # part them in "3,3,8,8" and "100,200,300".
    words = _split_commas(words, spaced=len(words) > 1)
    target_words = _split_commas(target_words, spaced=True)
    if marked and not target_words:
        raise ParseError(Code.TARGET_MISSING)
    if len(target_words) > 1:
        raise ParseError(Code.TARGET_TWICE)
    if not words:
        raise ParseError(Code.NO_NUMBERS)
    if len(words) > MAX_REQUEST_NUMBERS:
        raise ParseError(
            Code.TOO_MANY_NUMBERS, limit=str(MAX_REQUEST_NUMBERS), count=str(len(words))
        )
    numbers = [read_number(w) for w in words]
    target = read_number(target_words[0]) if target_words else None
    if len(numbers) < MIN_REQUEST_NUMBERS:
        raise ParseError(Code.TOO_FEW_NUMBERS, minimum=str(MIN_REQUEST_NUMBERS))
    refused = [n for n in numbers if not isinstance(n, int) or n < 1] if countdown else []
    if refused:
        raise ParseError(Code.NOT_POSITIVE_WHOLE, number=format_value(refused[0]))
    return numbers, target


def read_number(word: str) -> Value:
    """One number as people write it: ``12``, ``1/2``, ``½``, ``25⅕``, ``2.5`` (5/2),
    ``1,000,000``, a card letter; a whole one as ``int``.

    Raises :class:`ParseError` for a word that is not a non-negative whole number or fraction.
    """
    folded = "".join(char_class(ch) for ch in word)
    if folded.upper() in CARD_LETTERS:
        return CARD_LETTERS[folded.upper()]
    shown = word if len(word) <= 12 else word[:12] + "…"
    if _GROUPED_NUMBER.fullmatch(folded):
        folded = folded.replace(",", "")
    if len(folded) > MAX_NUMBER_LENGTH:
        raise ParseError(Code.NUMBER_TOO_LONG, number=shown)
    if folded.startswith("-"):
        raise ParseError(Code.NEGATIVE, number=shown)
    mixed = _MIXED.fullmatch(folded)
    if mixed:
        return whole(int(mixed[1] or 0) + VULGAR_VALUES[mixed[2]])
    if _DECIMAL.fullmatch(folded):
        return whole(Fraction(folded))  # 2.5 is 5/2, exactly
    try:
        value = Fraction(folded)
    except (ValueError, ZeroDivisionError):
        raise ParseError(Code.NOT_A_NUMBER, number=shown) from None
    if "e" in folded.lower():  # 1e3, 2.5e1: no one writes a card so
        raise ParseError(Code.EXPONENT, number=shown)
    if "." in folded:
        raise ParseError(Code.DECIMAL, number=shown)
    return whole(value)
