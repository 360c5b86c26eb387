"""Packing a long text's parts into messages of Telegram's size (bot.services.limits)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.services.limits import in_messages, visible_length

PARTS = st.lists(st.text(alphabet="ab<>&;é😀", min_size=1, max_size=60), min_size=1, max_size=30)


@given(PARTS)
def test_the_parts_are_kept_whole_and_in_order(parts: list[str]) -> None:
    assert "\n\n".join(in_messages(parts, limit=100)) == "\n\n".join(parts)


@given(PARTS)
def test_each_message_fits_unless_one_part_alone_is_longer(parts: list[str]) -> None:
    texts = in_messages(parts, limit=100)
    assert all(visible_length(text) <= 100 or text in parts for text in texts)


def test_parts_that_fit_together_go_in_one_message() -> None:
    assert in_messages(["a" * 40, "b" * 40], limit=100) == ["a" * 40 + "\n\n" + "b" * 40]
