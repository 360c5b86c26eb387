"""Reading requests for the solver as people type them: numbers and an optional target."""

from __future__ import annotations

from fractions import Fraction

from solver.arithmetic import Value, whole
from solver.codes import Code
from solver.parse_error import ParseError
from solver.printing import format_value
from solver.tokenizer import CARD_LETTERS, char_class

MIN_REQUEST_NUMBERS = 2
MAX_REQUEST_NUMBERS = 8
"""How many numbers a request may have (a single number is no game; see also
:data:`~solver.solutions.MAX_NUMBERS`)."""

TARGET_MARKERS = ("=", "target")


def parse_request(text: str, *, countdown: bool = False) -> tuple[list[Value], Value | None]:
    """Numbers and an optional target as people ask for them.

    ``3 3 8 8``, ``3,3,8,8``, ``A 5 5 5``, ``1 2 3 4 7 25 = 573`` or ``… target 573``;
    fractions as ``1/2``; :data:`MIN_REQUEST_NUMBERS` to :data:`MAX_REQUEST_NUMBERS`
    numbers, whole numbers from 1 up for Countdown's rules (``countdown``).  Raises
    :class:`ParseError` saying what is wrong.
    """
    words = text.replace(",", " ").replace("，", " ").split()
    marked = False
    target_words: list[str] = []
    for marker in TARGET_MARKERS:
        if marker in words:
            index = words.index(marker)
            words, target_words, marked = words[:index], words[index + 1 :], True
            break
    else:
        for i, word in enumerate(words):
            if "=" in word:
                left, _, right = word.partition("=")
                target_words = [right, *words[i + 1 :]] if right else words[i + 1 :]
                words = [*words[:i], left] if left else words[:i]
                marked = True
                break
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
    """One number as people write it: ``12``, ``1/2``, a card letter; a whole one as ``int``.

    Raises :class:`ParseError` for a word that is not a non-negative whole number or fraction.
    """
    folded = "".join(char_class(ch) for ch in word)
    if folded.upper() in CARD_LETTERS:
        return CARD_LETTERS[folded.upper()]
    shown = word if len(word) <= 12 else word[:12] + "…"
    if len(folded) > 12:
        raise ParseError(Code.NUMBER_TOO_LONG, number=shown)
    if folded.startswith("-"):
        raise ParseError(Code.NEGATIVE, number=shown)
    try:
        value = Fraction(folded)
    except (ValueError, ZeroDivisionError):
        raise ParseError(Code.NOT_A_NUMBER, number=shown) from None
    if "." in folded or "e" in folded.lower():
        raise ParseError(Code.DECIMAL, number=shown)
    return whole(value)
