"""Which numbers an answer uses: each dealt card exactly once or, under Countdown's rules,
each offered number at most as often as it is offered.
"""

from __future__ import annotations

from collections import Counter

from solver.codes import Code
from solver.parse_error import ParseError
from solver.tokenizer import Token


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


def not_a_card(tok: Token) -> ParseError:
    """The error for a number that is not one of the cards."""
    return ParseError(Code.NOT_DEALT, tok.position, card=tok.shown)


def check_cards(numbers: list[Token], hand: tuple[int, ...]) -> None:
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
                raise ParseError(Code.GLUED_DIGITS, tok.position, number=tok.text)
            raise not_a_card(tok)
        values.append(tok.value)
    used = Counter(values)
    for tok, value in zip(numbers, values, strict=True):
        if used[value] > dealt[value]:
            raise ParseError(
                Code.CARD_TWICE,
                tok.position,
                card=tok.text,
                used=str(used[value]),
                dealt=str(dealt[value]),
            )
    missing = sorted((dealt - used).elements())
    if missing:
        raise ParseError(Code.MISSING_CARD, cards=", ".join(str(c) for c in missing))


def check_offered(numbers: list[Token], offered: tuple[int, ...]) -> None:
    """Countdown's rules: each number one of those offered and used at most as often as it
    is offered (not all need be used), or a :class:`ParseError` naming the first problem."""
    counts: Counter[int | None] = Counter(offered)  # a number too long for any has None
    for tok in numbers:
        if tok.value not in counts:
            raise ParseError(Code.NOT_OFFERED, tok.position, number=tok.shown)
    used = Counter(tok.value for tok in numbers)
    for tok in numbers:
        if used[tok.value] > counts[tok.value]:
            times = {"used": str(used[tok.value]), "offered": str(counts[tok.value])}
            raise ParseError(Code.NUMBER_TWICE, tok.position, number=tok.text, **times)
