"""Bulk notices in the outbox: they go after everything else, in their own bounded queue,
and are never lost silently.  On a fake clock that stands still: the bot's global window
(30 a second) is filled once, and what goes in it is decided by priority alone."""

from __future__ import annotations

import asyncio

import pytest

from bot.services.outbox import GLOBAL_LIMIT, Outbox
from bot.services.outbox import bulk as bulk_module
from bot.services.outbox.bulk import BULK_ROOM, BulkNotSent, spread_second
from tests.bot.harness import FakeClock
from tests.bot.letters import Recorder

pytestmark = pytest.mark.asyncio

REMINDED = range(10_000, 11_500)
"""1,500 players whose reminders are due at the same minute (private chats)."""
SUBSCRIBED = range(-3_000_299, -3_000_000 + 1)
"""300 subscribed groups whose daily posts are due then too."""


def post_notices(outbox: Outbox, record: Recorder) -> None:
    for user in REMINDED:
        outbox.post(record.letter(user, f"remind {user}", game=True, bulk=True))
    for group in SUBSCRIBED:
        outbox.post(record.letter(group, f"post {group}", game=True, bulk=True))


def bulk_sent(record: Recorder) -> int:
    return sum(1 for name in record.sent if name.startswith(("remind", "post")))


async def turns(count: int = 20) -> None:
    """Let the outbox's tasks run (no letter here ever waits on anything)."""
    for _ in range(count):
        await asyncio.sleep(0)


async def test_bulk_notices_leave_room_in_the_global_window() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    post_notices(outbox, record)
    await turns()
    assert bulk_sent(record) == GLOBAL_LIMIT - BULK_ROOM


async def test_a_win_goes_before_bulk_notices_due_at_the_same_minute() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    post_notices(outbox, record)
    outbox.post(record.letter(-1, "win", game=True))
    await record.wait_for(lambda: "win" in record.sent, timeout=5)
    assert bulk_sent(record) <= GLOBAL_LIMIT - BULK_ROOM


async def test_a_reply_goes_before_bulk_notices_due_at_the_same_minute() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    post_notices(outbox, record)
    await turns()
    outbox.post(record.letter(501, "hi"))
    await record.wait_for(lambda: "hi" in record.sent, timeout=5)
    assert bulk_sent(record) == GLOBAL_LIMIT - BULK_ROOM


async def test_bulk_notices_go_on_as_time_passes() -> None:
    clock = FakeClock(100.0)
    outbox, record = Outbox(clock=clock), Recorder()
    post_notices(outbox, record)
    await turns()
    clock.now += 1.0
    # Another notice, which wakes the outbox as any letter posted does.
    outbox.post(record.letter(-1, "post -1", game=True, bulk=True))
    await turns()
    assert bulk_sent(record) == 2 * (GLOBAL_LIMIT - BULK_ROOM)


async def test_bulk_notices_go_in_the_order_posted() -> None:
    outbox, record = Outbox(limited=False), Recorder()
    for user in (7, 3, 5):
        outbox.post(record.letter(user, f"remind {user}", game=True, bulk=True))
    await outbox.drained()
    assert record.sent == ["remind 7", "remind 3", "remind 5"]


async def test_a_bulk_notice_beyond_the_bound_is_given_up_and_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bulk_module, "BULK_KEPT", 2)
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    failed: list[Exception] = []
    for user in (1, 2):
        outbox.post(record.letter(user, f"remind {user}", game=True, bulk=True))
    outbox.post(record.letter(3, "remind 3", game=True, bulk=True, on_failed=failed.append))
    assert [type(error) for error in failed] == [BulkNotSent]


async def test_bulk_notices_left_at_stopping_are_given_up_and_told() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    failed: list[Exception] = []
    for user in REMINDED:
        letter = record.letter(user, f"remind {user}", game=True, bulk=True)
        letter.on_failed = failed.append
        outbox.post(letter)
    await turns()
    await outbox.close(timeout=1)
    assert len(failed) == len(REMINDED) - bulk_sent(record)


async def test_a_bulk_notice_posted_while_stopping_is_given_up_and_told() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    await outbox.close(timeout=1)
    failed: list[Exception] = []
    outbox.post(record.letter(1, "remind 1", game=True, bulk=True, on_failed=failed.append))
    assert [type(error) for error in failed] == [BulkNotSent]


async def test_bulk_notices_count_as_pending() -> None:
    outbox, record = Outbox(clock=FakeClock(100.0)), Recorder()
    post_notices(outbox, record)
    assert outbox.pending() == len(REMINDED) + len(SUBSCRIBED)


async def test_reminders_of_one_minute_are_spread_over_its_seconds() -> None:
    assert len({spread_second(user) for user in range(1_000, 1_060)}) == 60
