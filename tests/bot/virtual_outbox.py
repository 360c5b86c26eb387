"""Virtual time for a test bot's outbox: its waits (a chat's limits, a status message held a
moment, a 429's pause) pass at once while the test waits for the bot and nothing else is
under way, instead of on the wall clock.

The outbox and the local Bot API's flood limits share one :class:`SkipClock` (real monotonic
time plus the seconds skipped so far), so the server sees the same pace the outbox keeps.
Time is skipped only when waiting could change nothing else: the test is blocked in
:func:`waiting` (``api.wait_for_sent``, ``until``, ``settled``) and what it waits for has not
come (a wait that has it ends at the loop's next turn, and the test may then act), every
update is fetched and handled, no job runs or falls due before the letter would go, no
letter is being sent, no solver worker computes and no task the bot created runs.
Otherwise the outbox waits on the wall clock as ever, looking again every few milliseconds.
A test that gives the outbox or the server a clock of its own (virtual time by hand,
``clock_moved``) keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

from telegram.ext import Application

from bot.local_api import LocalBotApi

LOOK_AGAIN = 0.005
"""Seconds between two looks at whether the outbox may skip its wait."""


class SkipClock:
    """Monotonic seconds that run with the wall clock's and jump when the outbox skips."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


class _Waits:
    """The test's waits for the bot under way now: for each, whether it still waits."""

    blocked: ClassVar[list[Callable[[], object]]] = []

    @classmethod
    def all_blocked(cls) -> bool:
        """A wait is under way, and none has what it waits for: a wait that has it ends as
        soon as the loop comes back to the test, which may then act (nothing is skipped
        between the test's own steps)."""
        try:
            return bool(cls.blocked) and all(blocked() for blocked in cls.blocked)
        except Exception:  # a test's predicate, asked here too: the test will see it fail
            return False


@contextlib.asynccontextmanager
async def waiting(blocked: Callable[[], object] = lambda: True) -> AsyncIterator[None]:
    """The test waits for the bot meanwhile, while ``blocked()`` is true: the outbox may
    skip its own waits."""
    _Waits.blocked.append(blocked)
    try:
        yield
    finally:
        _Waits.blocked.remove(blocked)


def clock_of(api: LocalBotApi) -> SkipClock | None:
    """The server's skipping clock (set up at the first bot), or None if the test gave the
    server a clock of its own."""
    clock = getattr(api, "_skip_clock", None)
    if clock is not None:
        return clock
    flood = api._flood
    if flood._clock is not time.monotonic:
        return None
    clock = SkipClock()
    flood._clock = clock
    api._skip_clock = clock  # type: ignore[attr-defined]
    wait_for_sent = api.wait_for_sent

    async def waited_for_sent(count: int, *, timeout: float = 10) -> list[dict[str, Any]]:
        async with waiting(lambda: len(api.sent) < count):
            return await wait_for_sent(count, timeout=timeout)

    api.wait_for_sent = waited_for_sent  # type: ignore[method-assign]
    return clock


def run_on(
    application: Application,
    api: LocalBotApi,
    clock: SkipClock,
    quiet: Callable[[float], bool],
) -> None:
    """Put the bot's outbox (and its flood control) on ``clock``; ``quiet(seconds)`` says
    whether nothing but the outbox would act within that many seconds."""
    outbox = application.bot_data.outbox
    outbox.clock = clock
    flood = application.bot.rate_limiter
    if flood is not None:
        flood.holds.clock = clock
    real_pause = outbox.pause

    async def pause(seconds: float | None) -> None:
        wake = outbox._wake
        if seconds is None or outbox.clock is not clock or wake is None:
            await real_pause(seconds)
            return
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (remaining := end - loop.time()) > 0:
            if (
                _Waits.all_blocked()
                and quiet(remaining)
                and not outbox._sending
                and not outbox._ready
            ):
                clock.skipped += remaining
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(remaining, LOOK_AGAIN)):
                    await wake.wait()
            if wake.is_set():
                return

    outbox.pause = pause


def no_job_within(application: Application, seconds: float) -> bool:
    """No job of the bot's job queue falls due within ``seconds``."""
    job_queue = application.job_queue
    assert job_queue is not None
    soon = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=seconds)
    return all(job.next_t is None or job.next_t > soon for job in job_queue.jobs())
