"""The outbox on its own: Telegram's limits per chat, priorities, bounds, backoff, stopping."""

from __future__ import annotations

import asyncio
import contextvars

import anyio
import pytest

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter, Outbox
from tests.bot.letters import Recorder
from tests.bot.outbox_data import in_time, on_fake_clock, on_virtual_time

pytestmark = pytest.mark.asyncio


class Held:
    """A letter whose call starts, then waits for Telegram's answer until :meth:`answer`."""

    def __init__(self, chat_id: int = 1) -> None:
        self.started = False
        self.answered: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.result: object = None
        self.letter = Letter(chat_id, self.send, on_sent=self.sent)

    async def send(self) -> bool:
        self.started = True
        return await self.answered

    def sent(self, result: object) -> None:
        self.result = result


async def test_posting_returns_before_the_call_ends() -> None:
    outbox, held = Outbox(), Held()
    outbox.post(held.letter)
    assert outbox.pending() == 1


async def test_a_letter_posted_to_a_quiet_chat_is_under_way_when_posting_returns() -> None:
    # The reply leaves while the handler runs, not after the rest of the update's handling.
    outbox, held = Outbox(), Held()
    outbox.post(held.letter)
    assert held.started


async def test_a_call_that_waits_goes_on_with_telegrams_answer() -> None:
    outbox, held = Outbox(), Held()
    outbox.post(held.letter)
    held.answered.set_result(True)
    await outbox.drained()
    assert held.result is True


async def test_a_call_that_waits_goes_on_with_telegrams_error() -> None:
    outbox, held = Outbox(), Held()
    failed: list[Exception] = []
    held.letter.on_failed = failed.append
    outbox.post(held.letter)
    held.answered.set_exception(ValueError("refused"))
    await outbox.drained()
    assert [str(error) for error in failed] == ["refused"]


async def test_a_call_that_waits_is_cancelled_on_close() -> None:
    outbox, held = Outbox(), Held()
    outbox.post(held.letter)
    await outbox.close(timeout=0.01)
    assert held.answered.cancelled()


async def test_a_context_variable_set_by_a_call_stays_its_own() -> None:
    variable: contextvars.ContextVar[str] = contextvars.ContextVar("variable", default="poster")

    async def send() -> bool:
        variable.set("call")
        await asyncio.sleep(0)
        return True

    Outbox().post(Letter(1, send))
    assert variable.get() == "poster"


async def test_a_call_may_wait_inside_a_timeout_of_httpx() -> None:
    # httpx's timeouts are anyio cancel scopes, which must be left in the task that entered
    # them: the call's first step, made while posting, already runs in the call's own task.
    outbox, sent = Outbox(), []

    async def send() -> bool:
        with anyio.fail_after(10):
            await asyncio.sleep(0)
        sent.append(True)
        return True

    outbox.post(Letter(1, send))
    await outbox.drained()
    assert sent == [True]


async def test_a_chat_with_a_call_under_way_queues_the_next_letter() -> None:
    outbox, first, second = Outbox(), Held(), Held()
    outbox.post(first.letter)
    outbox.post(second.letter)
    assert not second.started


async def test_a_group_gets_no_more_than_its_limit_per_period(small_limits: None) -> None:
    outbox, clock, record = on_fake_clock()
    for name in "abcd":
        outbox.post(record.letter(-1, name, game=True))
    await in_time(outbox, clock, lambda: "d" in record.sent)
    assert record.times["d"] - record.times["a"] >= 0.3


async def test_a_busy_group_does_not_hold_up_another(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    for name in "abcdef":
        outbox.post(record.letter(-1, name, game=True))
    await record.wait_for(lambda: "c" in record.sent)
    outbox.post(record.letter(-2, "other"))
    await record.wait_for(lambda: "other" in record.sent)
    assert "d" not in record.sent


async def test_game_letters_go_before_cheap_ones(small_limits: None) -> None:
    outbox, record = on_virtual_time(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    outbox.post(record.letter(-1, "help"))
    outbox.post(record.letter(-1, "win", game=True))
    await outbox.drained()
    assert record.sent[3:] == ["win", "help"]


async def test_cheap_letters_beyond_the_bound_are_dropped_oldest_first(small_limits: None) -> None:
    outbox, record = on_virtual_time(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    cheap = [f"c{i}" for i in range(outbox_module.CHEAP_KEPT + 3)]
    for name in cheap:
        outbox.post(record.letter(-1, name))
    await outbox.drained()
    assert record.sent[3:] == cheap[3:]


async def test_game_letters_are_never_dropped(small_limits: None) -> None:
    outbox, record = on_virtual_time(), Recorder()
    names = [f"g{i}" for i in range(12)]
    for name in names:
        outbox.post(record.letter(-1, name, game=True))
    await outbox.drained()
    assert record.sent == names


async def test_a_letter_with_a_key_replaces_the_queued_one(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    outbox.post(record.letter(-1, "status 1", key="status"))
    outbox.post(record.letter(-1, "status 2", key="status"))
    await outbox.drained()
    assert record.sent[3:] == ["status 2"]


async def test_closing_drops_cheap_letters_and_sends_game_ones(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    outbox.post(record.letter(-1, "help"))
    outbox.post(record.letter(-1, "win", game=True))
    await outbox.close(timeout=3)
    assert record.sent == ["a", "b", "c", "win"]


async def test_closing_gives_up_after_its_timeout() -> None:
    outbox, cancelled = Outbox(), list[bool]()

    async def hangs() -> bool:
        try:
            await asyncio.Event().wait()  # Telegram never answers
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return True

    outbox.post(Letter(5, hangs, game=True))
    # Bounded: a close that waited for the call to end would fail here, not hang.
    await asyncio.wait_for(outbox.close(timeout=0.01), 10)
    assert cancelled == [True]
