"""Telegram's size limits, as the bot keeps them: a list that would not fit is cut, and
ends with a line saying how many were left out ("… and 3 more players").

Telegram counts a message after parsing its HTML (tags cost nothing, ``&amp;`` is one
character), in UTF-16 code units (an emoji or a rare character may count two).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from telegram.constants import MessageLimit

TEXT = int(MessageLimit.MAX_TEXT_LENGTH)
"""A message's text: 4096."""
CAPTION = int(MessageLimit.CAPTION_LENGTH)
"""A photo's caption: 1024."""

_TAG = re.compile(r"<[^<>]*>")


def visible_length(html_text: str) -> int:
    """How long Telegram counts a text in Bot API HTML."""
    shown = html.unescape(_TAG.sub("", html_text))
    return len(shown.encode("utf-16-le")) // 2


def fit_list(
    head: Sequence[str],
    items: Sequence[str],
    tail: Sequence[str] = (),
    *,
    limit: int,
    more: Callable[[int], str],
    total: int | None = None,
) -> str:
    """``head``, ``items`` and ``tail`` as lines of one text of at most ``limit`` (HTML):
    as many of ``items`` as fit, in order, then ``more(count)`` for those left out (of
    ``total`` in all, when ``items`` are only the first of them)."""
    total = len(items) if total is None else total
    text = ""
    for shown in range(len(items), -1, -1):
        left_out = total - shown
        lines = [*head, *items[:shown], *([more(left_out)] if left_out else []), *tail]
        text = "\n".join(lines)
        if visible_length(text) <= limit:
            break
    return text


def in_messages(parts: Sequence[str], *, limit: int = TEXT, joint: str = "\n\n") -> list[str]:
    """``parts`` (each a whole piece of HTML: a section, a paragraph), joined by ``joint`` into
    as few texts of at most ``limit`` as keep them in order; a part longer than ``limit`` on
    its own is a text of its own (its sender cuts it)."""
    texts: list[str] = []
    for part in parts:
        if texts and visible_length(texts[-1] + joint + part) <= limit:
            texts[-1] += joint + part
        else:
            texts.append(part)
    return texts
