"""Infix text for normal forms, with the fewest brackets and bigger terms first."""

from __future__ import annotations

from typing import NamedTuple

from solver.arithmetic import Value, whole
from solver.normal_form import LEAF, SUM, Final, Node


class Style(NamedTuple):
    """The operator symbols of one rendering."""

    plus: str
    minus: str
    times: str
    divide: str


ASCII = Style("+", "-", "*", "/")
PRETTY = Style("+", "−", "×", "÷")

SYMBOLS = dict(zip(ASCII, PRETTY, strict=True))
"""Each ASCII operator's symbol as players read it: ``*`` is ``×``."""


def format_value(value: Value) -> str:
    """A number as people read it: ``22``, ``70/3``."""
    value = whole(value)
    if isinstance(value, int):
        return str(value)
    return f"{value.numerator}/{value.denominator}"


_VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
    (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
    (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞",
}  # fmt: skip


def friendly_value(value: Value) -> str:
    """A value as a player reads it: ``22``, ``23⅓``, ``-½``, or ``70/11`` when no glyph fits."""
    value = whole(value)
    if isinstance(value, int):
        return str(value)
    sign = "-" if value < 0 else ""
    units, rest = divmod(abs(value.numerator), value.denominator)
    glyph = _VULGAR.get((rest, value.denominator))
    if glyph is None:
        return sign + format_value(abs(value))
    return f"{sign}{units or ''}{glyph}"


def _order(nodes: tuple[Node, ...]) -> list[Node]:
    """Bigger first; equal values in the fixed order of their keys."""
    return sorted(nodes, key=lambda n: (-n[1], n))


def _leaf(value: Value) -> str:
    text = format_value(value)
    return f"({text})" if "/" in text else text


def _sum(plus: tuple[Node, ...], minus: tuple[Node, ...], style: Style) -> str:
    text = style.plus.join(render_node(n, style) for n in _order(plus))
    return text + "".join(style.minus + render_node(n, style) for n in _order(minus))


def _factor(node: Node, style: Style) -> str:
    text = render_node(node, style)
    return f"({text})" if node[0] == SUM else text


def render_node(node: Node, style: Style = ASCII) -> str:
    """Infix text of one node."""
    if node[0] == LEAF:
        return _leaf(node[1])
    if node[0] == SUM:
        return _sum(node[2], node[3], style)
    text = style.times.join(_factor(n, style) for n in _order(node[2]))
    return text + "".join(style.divide + _factor(n, style) for n in _order(node[3]))


def render(final: Final, style: Style = ASCII) -> str:
    """Infix text of a whole solution."""
    (plus, minus), leftover = final
    text = _sum(plus, minus, style)
    if leftover is None:
        return text
    if len(plus) + len(minus) > 1:
        text = f"({text})"
    return text + style.times + _factor(leftover, style)
