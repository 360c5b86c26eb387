"""Infix text for normal forms, with the fewest brackets and bigger terms first."""

from __future__ import annotations

from fractions import Fraction

from solver.arithmetic import Value, whole
from solver.normal_form import LEAF, SUM, Final, Node

Style = tuple[str, str, str, str]
"""The operator symbols of one rendering: plus, minus, times, divide."""

ASCII: Style = ("+", "-", "*", "/")
PRETTY: Style = ("+", "−", "×", "÷")

SYMBOLS = dict(zip(ASCII, PRETTY, strict=True))
"""Each ASCII operator's symbol as players read it: ``*`` is ``×``."""


def _digits(number: int, grouped: bool) -> str:
    return f"{number:,}" if grouped else str(number)


def format_value(value: Value, *, grouped: bool = False) -> str:
    """A number as people read it: ``22``, ``70/3``; ``grouped``, with its digits grouped by
    threes: ``1,000,000``, ``12,345/7``."""
    value = whole(value)
    if isinstance(value, int):
        return _digits(value, grouped)
    return f"{_digits(value.numerator, grouped)}/{_digits(value.denominator, grouped)}"


_VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
    (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
    (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞",
}  # fmt: skip

VULGAR_VALUES = {glyph: Fraction(*pair) for pair, glyph in _VULGAR.items()} | {
    "⅐": Fraction(1, 7),
    "⅑": Fraction(1, 9),
    "⅒": Fraction(1, 10),
}
"""The value of each vulgar fraction glyph people may type: those :func:`friendly_value`
prints, and the other glyphs of a unit fraction."""


def has_glyph(value: Value) -> bool:
    """Whether :func:`friendly_value` shows ``value`` as a whole number or with a glyph."""
    value = Fraction(value)
    return (value.numerator % value.denominator, value.denominator) in _VULGAR or (
        value.denominator == 1
    )


def friendly_value(value: Value, *, grouped: bool = False) -> str:
    """A value as a player reads it: ``22``, ``23⅓``, ``-½``, or ``70/11`` when no glyph fits;
    ``grouped``, with digits grouped by threes (``1,000,000``, ``1,234½``)."""
    value = whole(value)
    if isinstance(value, int):
        return _digits(value, grouped)
    sign = "-" if value < 0 else ""
    units, rest = divmod(abs(value.numerator), value.denominator)
    glyph = _VULGAR.get((rest, value.denominator))
    if glyph is None:
        return sign + format_value(abs(value), grouped=grouped)
    return f"{sign}{_digits(units, grouped) if units else ''}{glyph}"


def _order(nodes: tuple[Node, ...]) -> tuple[Node, ...] | list[Node]:
    """Bigger first; equal values in the fixed order of their keys."""
    return nodes if len(nodes) < 2 else sorted(nodes, key=_bigger_first)


def _bigger_first(node: Node) -> tuple[Value, Node]:
    return -node[1], node


def _leaf(value: Value, style: Style) -> str:
    """A number of the hand: a fraction in brackets (``(1/2)``), or, for people to read
    (``PRETTY``), as they wrote it where a glyph fits (``½``, ``2½``: no brackets needed)."""
    if type(value) is int:
        return str(value)
    if style is PRETTY and has_glyph(value):
        return friendly_value(value)
    text = format_value(value)
    return f"({text})" if "/" in text else text


def _sum(plus: tuple[Node, ...], minus: tuple[Node, ...], style: Style) -> str:
    # The terms of a sum are cards and products, none of which needs brackets.
    text = style[0].join([_term(n, style) for n in _order(plus)])
    if minus:
        text += "".join([style[1] + _term(n, style) for n in _order(minus)])
    return text


def _term(node: Node, style: Style) -> str:
    return _leaf(node[1], style) if node[0] == LEAF else _product(node[2], node[3], style)


def _product(num: tuple[Node, ...], den: tuple[Node, ...], style: Style) -> str:
    # The factors of a product are cards and sums, which take brackets.
    text = style[2].join([_factor(n, style) for n in _order(num)])
    if den:
        text += "".join([style[3] + _factor(n, style) for n in _order(den)])
    return text


def _factor(node: Node, style: Style) -> str:
    if node[0] == LEAF:
        return _leaf(node[1], style)
    if node[0] == SUM:
        return f"({_sum(node[2], node[3], style)})"
    return _product(node[2], node[3], style)


def render_node(node: Node, style: Style = ASCII) -> str:
    """Infix text of one node."""
    if node[0] == LEAF:
        return _leaf(node[1], style)
    if node[0] == SUM:
        return _sum(node[2], node[3], style)
    return _product(node[2], node[3], style)


def render(final: Final, style: Style = ASCII) -> str:
    """Infix text of a whole solution."""
    (plus, minus), leftover = final
    text = _sum(plus, minus, style)
    if leftover is None:
        return text
    if len(plus) + len(minus) > 1:
        text = f"({text})"
    return text + style[2] + _factor(leftover, style)
