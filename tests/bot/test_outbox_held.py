"""The outbox tells whoever shows the chats (the console) when a chat's limits hold the bot's
next message there for a while, once per wait."""

from __future__ import annotations

import pytest

from bot.services import outbox as outbox_module
from tests.bot.outbox_data import in_time, on_fake_clock

pytestmark = pytest.mark.asyncio


async def test_a_full_groups_wait_is_told_once_with_its_length() -> None:
    outbox, clock, record = on_fake_clock()
    told: list[tuple[int, float]] = []
    outbox.on_held = lambda chat_id, seconds: told.append((chat_id, seconds))
    for i in range(outbox_module.GROUP_LIMIT):
        outbox.post(record.letter(-1, f"g{i}", game=True))
        await in_time(outbox, clock, lambda: not outbox.pending())
    for i in range(3):  # the window is full: they wait a minute
        outbox.post(record.letter(-1, f"late{i}", game=True))
    held = outbox.held()
    await in_time(outbox, clock, lambda: not outbox.pending(), most=90)
    assert told == [(-1, outbox_module.GROUP_PERIOD)]
    assert held == 3
