"""The outbox when Telegram refuses or the network fails: a 429 pauses one chat, game letters
are retried (for a minute), a send that timed out at Telegram is not repeated, cheap ones are
given up."""

from __future__ import annotations

import asyncio
import itertools

import httpx
import pytest
from telegram.error import NetworkError, RetryAfter, TimedOut

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter, Outbox
from tests.bot.letters import Recorder
from tests.bot.outbox_data import in_time, on_fake_clock, on_virtual_time

pytestmark = pytest.mark.asyncio


async def test_a_429_for_one_chat_pauses_that_chat_only() -> None:
    outbox, clock, record = on_fake_clock()
    tries = 0

    async def flooded() -> bool:
        nonlocal tries
        tries += 1
        if tries == 1:
            raise RetryAfter(1)
        record.sent.append("flooded")
        record.times["flooded"] = clock()
        record.changed.set()
        return True

    started = clock()
    outbox.post(Letter(-1, flooded, game=True))
    await asyncio.sleep(0)
    outbox.post(record.letter(-2, "other"))
    await record.wait_for(lambda: "other" in record.sent)
    assert record.sent == ["other"]
    await in_time(outbox, clock, lambda: "flooded" in record.sent)
    assert record.times["flooded"] - started >= 1.0


async def test_a_game_letter_is_retried_after_a_network_error() -> None:
    outbox, record = on_virtual_time(), Recorder()
    failures = 2

    async def flaky() -> bool:
        nonlocal failures
        if failures:
            failures -= 1
            raise NetworkError("Bad Gateway")
        record.sent.append("deal")
        return True

    outbox.post(Letter(5, flaky, game=True))
    await outbox.drained()
    assert record.sent == ["deal"]


async def test_a_game_letter_is_given_up_after_a_minute_of_network_errors() -> None:
    # A clock that moves 11 s each time it is read, so that no backoff is waited out.
    ticks = itertools.count(0, 11)
    outbox = Outbox(clock=lambda: float(next(ticks)))
    tries: list[float] = []

    async def down() -> bool:
        tries.append(outbox.clock())
        raise NetworkError("Bad Gateway")

    outbox.post(Letter(5, down, game=True))
    await outbox.drained()  # it ends: the letter was given up
    # Tried again until it had failed for a minute, not after.
    assert tries[-2] - tries[0] < outbox_module.RETRY_FOR <= tries[-1] - tries[0]


async def test_a_send_that_timed_out_at_telegram_is_not_repeated() -> None:
    """A read timeout: Telegram had the request and may have posted it already."""
    outbox, calls, sent = Outbox(), list[str](), list[outbox_module.Sent]()

    async def slow() -> bool:
        calls.append("deal")
        raise TimedOut() from httpx.ReadTimeout("read timed out")

    outbox.post(Letter(5, slow, game=True, on_sent=sent.append))
    await outbox.drained()
    assert calls == ["deal"]


async def test_a_send_that_timed_out_at_telegram_counts_as_sent() -> None:
    outbox, sent = Outbox(), list[outbox_module.Sent]()

    async def slow() -> bool:
        raise TimedOut() from httpx.ReadTimeout("read timed out")

    outbox.post(Letter(5, slow, game=True, on_sent=sent.append))
    await outbox.drained()
    assert sent == [None]


async def test_a_send_that_could_not_connect_is_repeated() -> None:
    outbox, calls = on_virtual_time(), []

    async def unreachable() -> bool:
        calls.append("deal")
        if len(calls) == 1:
            raise TimedOut() from httpx.ConnectTimeout("connect timed out")
        return True

    outbox.post(Letter(5, unreachable, game=True))
    await outbox.drained()
    assert calls == ["deal", "deal"]


async def test_a_cheap_letter_is_given_up_after_a_network_error() -> None:
    outbox = Outbox()
    failed: list[Exception] = []

    async def broken() -> bool:
        raise NetworkError("connection reset")

    outbox.post(Letter(5, broken, on_failed=failed.append))
    await outbox.drained()
    assert len(failed) == 1
