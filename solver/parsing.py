"""Reading what people type: answers (a tokenizer and an iterative, shunting-yard parser),
and requests for the solver (numbers and a target).  What cannot be read raises a
:class:`ParseError` with a :class:`~solver.codes.Code`.

Nothing here calls ``eval`` or parses Python.  The parser is a loop, not a recursive descent,
so no depth of brackets can exhaust the stack; numbers too long to be any card are never
converted, so huge numbers cost nothing.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from solver.arithmetic import DivisionByZero, NotPositiveWhole, Value, evaluate, whole
from solver.codes import Code
from solver.messages import message
from solver.printing import SYMBOLS, format_value, friendly_value

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
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


class ParseError(ValueError):
    """Text that is not a usable answer or request: a :class:`~solver.codes.Code`, the column
    of the problem where there is one, and the pieces (``params``) its wording needs."""

    def __init__(self, code: Code, position: int | None = None, **params: str) -> None:
        super().__init__(message(code, position, params))
        self.code = code
        self.position = position
        self.params = params


@dataclass(frozen=True)
class _Token:
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
        raise ParseError(Code.EMPTY)
    if sum(ch != " " for _, ch in chars) > MAX_LENGTH:
        raise ParseError(Code.TOO_LONG, limit=str(MAX_LENGTH))
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
                raise _decimal(chars, i, chars[j][0])
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
                raise ParseError(Code.POWER, pos, symbol="**")
            tokens.append(_Token("op", ch, pos))
        elif ch in "()=":
            tokens.append(_Token(ch, ch, pos))
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


def _strip_target(tokens: list[_Token], target: Value) -> list[_Token]:
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
    if tail and tail[0].value != target:
        raise ParseError(Code.WRONG_TARGET, tail[0].position, target=shown, given=tail[0].shown)
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
    return ParseError(Code.NOT_DEALT, tok.position, card=tok.shown)


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
                raise ParseError(Code.GLUED_DIGITS, tok.position, number=tok.text)
            raise _not_a_card(tok)
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


def _check_offered(numbers: list[_Token], offered: tuple[int, ...]) -> None:
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


def _bad_step(error: NotPositiveWhole, position: int) -> ParseError:
    """The error for a step that Countdown's rules refuse: a fraction, a negative or 0."""
    left, op, right, result = error.operation
    step = f"{friendly_value(left)} {SYMBOLS[op]} {friendly_value(right)}"
    if result == 0:
        return ParseError(Code.ZERO_STEP, position, step=step)
    code = Code.NEGATIVE_STEP if result < 0 else Code.FRACTION_STEP
    return ParseError(code, position, step=step, value=friendly_value(result))


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
        _check_offered(numbers, hand)
    else:
        _check_cards(numbers, hand)
    try:
        return evaluate(_items(rpn), positive_whole=countdown)
    except DivisionByZero as error:
        raise ParseError(Code.DIVISION_BY_ZERO, rpn[error.index].position) from None
    except NotPositiveWhole as error:
        raise _bad_step(error, rpn[error.index].position) from None


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
    folded = "".join(_char_class(ch) for ch in word)
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
