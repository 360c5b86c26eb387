"""Flood control on its own: what a 429 holds (a chat, a method, or everything), on a fake
clock."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.services.outbox import Outbox
from bot.services.outbox.flood_control import GLOBAL_CHATS, FloodControl
from tests.bot.harness import FakeClock

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def durations_as_timedeltas(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the bot sets it (bot.app): PTB gives retry_after as a timedelta, without warning."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


class Calls:
    """A Bot API method that answers True, or 429 while told to."""

    def __init__(self) -> None:
        self.made = 0
        self.refuse: RetryAfter | None = None

    async def __call__(self) -> bool:
        self.made += 1
        if self.refuse is not None:
            refusal, self.refuse = self.refuse, None
            raise refusal
        return True


async def request(limiter: FloodControl, calls: Calls, method: str, **data: Any) -> Any:
    return await limiter.process_request(calls, (), {}, method, data, None)


def limiter_on(clock: FakeClock) -> FloodControl:
    return FloodControl(Outbox(clock=clock))


async def test_a_429_on_inline_answers_pauses_nothing_else() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    await request(limiter, calls, "answerInlineQuery")
    assert limiter.outbox.paused_all_until <= clock.now


async def test_a_429_on_inline_answers_is_not_waited_for() -> None:
    # The handler goes on at once (a wait would hold its slot for a minute).
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    assert await request(limiter, calls, "answerInlineQuery") is True


async def test_inline_answers_are_not_sent_while_their_method_is_held() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    await request(limiter, calls, "answerInlineQuery")
    clock.now += 59
    await request(limiter, calls, "answerInlineQuery")
    assert calls.made == 1


async def test_inline_answers_are_sent_again_once_the_hold_ends() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    await request(limiter, calls, "answerInlineQuery")
    clock.now += 60
    await request(limiter, calls, "answerInlineQuery")
    assert calls.made == 2


async def test_a_held_method_does_not_hold_messages() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    await request(limiter, calls, "answerInlineQuery")
    await request(limiter, calls, "sendMessage", chat_id=5)
    assert calls.made == 2


async def test_a_held_method_does_not_hold_another_method() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=60))
    await request(limiter, calls, "answerInlineQuery")
    await request(limiter, calls, "answerCallbackQuery")
    assert calls.made == 2


async def test_a_429_about_a_chat_is_left_to_the_outbox() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=5))
    with pytest.raises(RetryAfter):
        await request(limiter, calls, "sendMessage", chat_id=5)


async def test_a_429_about_one_chat_pauses_nothing_else() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    calls.refuse = RetryAfter(dt.timedelta(seconds=5))
    with pytest.raises(RetryAfter):
        await request(limiter, calls, "sendMessage", chat_id=5)
    assert limiter.outbox.paused_all_until <= clock.now


async def test_429s_in_many_chats_at_once_pause_everything_for_the_shortest_wait() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    for chat in range(GLOBAL_CHATS):
        calls.refuse = RetryAfter(dt.timedelta(seconds=3 + chat))
        with pytest.raises(RetryAfter):
            await request(limiter, calls, "sendMessage", chat_id=-chat - 1)
    assert limiter.outbox.paused_all_until == 103.0


async def test_429s_in_a_few_chats_pause_only_those() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    for chat in range(GLOBAL_CHATS - 1):
        calls.refuse = RetryAfter(dt.timedelta(seconds=3))
        with pytest.raises(RetryAfter):
            await request(limiter, calls, "sendMessage", chat_id=-chat - 1)
    assert limiter.outbox.paused_all_until <= clock.now


async def test_429s_in_many_chats_spread_out_pause_only_those() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    for chat in range(GLOBAL_CHATS):
        calls.refuse = RetryAfter(dt.timedelta(seconds=3))
        with pytest.raises(RetryAfter):
            await request(limiter, calls, "sendMessage", chat_id=-chat - 1)
        clock.now += 0.6
    assert limiter.outbox.paused_all_until <= clock.now


async def test_429s_of_one_chat_repeated_pause_only_that_chat() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    for _ in range(GLOBAL_CHATS):
        calls.refuse = RetryAfter(dt.timedelta(seconds=3))
        with pytest.raises(RetryAfter):
            await request(limiter, calls, "sendMessage", chat_id=-1)
    assert limiter.outbox.paused_all_until <= clock.now


async def test_inline_answers_are_not_waited_for_while_everything_is_paused() -> None:
    clock = FakeClock(100.0)
    limiter, calls = limiter_on(clock), Calls()
    limiter.outbox.pause_all(30)
    assert await request(limiter, calls, "answerInlineQuery") is True
    assert calls.made == 0


async def test_a_call_at_start_up_waits_out_its_method_s_hold_and_is_retried() -> None:
    # A real, short wait: setMyCommands has no query to expire, and is retried.
    limiter, calls = FloodControl(Outbox()), Calls()
    calls.refuse = RetryAfter(dt.timedelta(milliseconds=20))
    assert await request(limiter, calls, "setMyCommands") is True
    assert calls.made == 2
