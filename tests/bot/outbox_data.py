"""The fake clock, limits and held calls shared by the outbox's tests (``test_outbox*.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.services.outbox import Outbox
from tests.bot.harness import FakeClock
from tests.bot.letters import Recorder

STEP = 1 / 32
"""How far a test moves the outbox's fake clock at a time: a binary fraction, so that sums of
steps are exact."""


def on_fake_clock() -> tuple[Outbox, FakeClock, Recorder]:
    """An outbox on a clock that stands still until the test moves it, and letters that
    record when they were sent on that clock."""
    clock = FakeClock(100.0)
    return Outbox(clock=clock), clock, Recorder(clock)


def on_virtual_time() -> Outbox:
    """An outbox on a clock of its own that jumps over each of its waits at once, for tests
    whose letters are sent at once and where nothing but the outbox acts while it waits: the
    same letters in the same order, without waiting out a chat's limits on the wall clock.
    While a letter is in flight it waits as ever (the send's end wakes it)."""
    clock = FakeClock(100.0)
    outbox = Outbox(clock=clock)
    real_pause = outbox.pause

    async def pause(seconds: float | None) -> None:
        if seconds is None or outbox.queued()["sending"]:
            await real_pause(seconds)
            return
        clock.now += seconds
        await asyncio.sleep(0)

    outbox.pause = pause  # type: ignore[method-assign]
    return outbox


async def in_time(
    outbox: Outbox, clock: FakeClock, done: Callable[[], object], *, most: float = 60
) -> None:
    """Let the outbox send what it may, and move its clock on a step at a time until
    ``done()``; fail the test if it is not within ``most`` seconds on that clock."""
    for _ in range(int(most / STEP) + 1):
        for _ in range(20):  # the outbox's tasks take a few turns of the loop to send
            await asyncio.sleep(0)
        if done():
            return
        clock.now += STEP
        # The dispatcher waits on the loop's time for what it computed to be due: wake it.
        outbox._poke()
    pytest.fail(f"not done within {most} s on the outbox's clock", pytrace=False)
