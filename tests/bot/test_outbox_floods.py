"""The outbox and a flooding user: told once to slow down, seen in a quiet group, never
silencing others; a user who waits for each reply is never slowed."""

from __future__ import annotations

import pytest

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter
from tests.bot.letters import Recorder
from tests.bot.outbox_data import on_virtual_time

pytestmark = pytest.mark.asyncio


async def flood(record: Recorder) -> None:
    """User 7 asks for more cheap replies than allowed in a busy group, then user 8 asks once."""
    outbox = on_virtual_time()

    def notice() -> Letter:
        return record.letter(-1, "slow down")

    for i in range(outbox_module.USER_LIMIT + 5):
        outbox.post(record.letter(-1, f"help {i}", user_id=7, flood_notice=notice))
    outbox.post(record.letter(-1, "someone else", user_id=8, flood_notice=notice))
    await outbox.drained()


async def test_a_flooding_user_is_told_once_to_slow_down(small_limits: None) -> None:
    record = Recorder()
    await flood(record)
    assert record.sent.count("slow down") == 1


async def test_a_flood_in_a_quiet_group_is_seen_though_each_reply_ends_at_once() -> None:
    # The in-process Bot API answers without waiting: sent at once, each reply would end
    # before the next request came, the group would never look backed up, and the flooder
    # would get a reply to each request until the group's limit.
    outbox, record = on_virtual_time(), Recorder()

    def notice() -> Letter:
        return record.letter(-1, "slow down")

    for i in range(outbox_module.USER_LIMIT + 5):
        outbox.post(record.letter(-1, f"help {i}", user_id=7, flood_notice=notice))
    await outbox.drained()
    assert record.sent.count("slow down") == 1


async def test_a_flooding_user_does_not_silence_others(small_limits: None) -> None:
    record = Recorder()
    await flood(record)
    assert "someone else" in record.sent


async def test_a_user_who_waits_for_each_reply_is_never_slowed_down(small_limits: None) -> None:
    outbox, record = on_virtual_time(), Recorder()

    def notice() -> Letter:
        return record.letter(-1, "slow down")

    for i in range(outbox_module.USER_LIMIT * 3):
        outbox.post(record.letter(-1, f"solve {i}", user_id=5, flood_notice=notice))
        await outbox.drained()
    assert "slow down" not in record.sent
