"""The outbox on its own: Telegram's limits per chat, priorities, bounds, backoff, stopping."""

from __future__ import annotations

import asyncio
import contextvars
import itertools
from collections.abc import Callable

import anyio
import httpx
import pytest
from telegram.error import NetworkError, RetryAfter, TimedOut

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter, Outbox
from tests.bot.harness import FakeClock, until
from tests.bot.letters import Recorder

pytestmark = pytest.mark.asyncio


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three messages per 0.3 s in a group, so that tests see the limit quickly."""
    monkeypatch.setattr(outbox_module, "GROUP_LIMIT", 3)
    monkeypatch.setattr(outbox_module, "GROUP_PERIOD", 0.3)


STEP = 1 / 32
"""How far a test moves the outbox's fake clock at a time: a binary fraction, so that sums of
steps are exact."""


def on_fake_clock() -> tuple[Outbox, FakeClock, Recorder]:
    """An outbox on a clock that stands still until the test moves it, and letters that
    record when they were sent on that clock."""
    clock = FakeClock(100.0)
    return Outbox(clock=clock), clock, Recorder(clock)


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
    outbox, record = Outbox(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    outbox.post(record.letter(-1, "help"))
    outbox.post(record.letter(-1, "win", game=True))
    await outbox.drained()
    assert record.sent[3:] == ["win", "help"]


async def test_cheap_letters_beyond_the_bound_are_dropped_oldest_first(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    for name in "abc":
        outbox.post(record.letter(-1, name, game=True))
    cheap = [f"c{i}" for i in range(outbox_module.CHEAP_KEPT + 3)]
    for name in cheap:
        outbox.post(record.letter(-1, name))
    await outbox.drained()
    assert record.sent[3:] == cheap[3:]


async def test_game_letters_are_never_dropped(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
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


async def flood(record: Recorder) -> None:
    """User 7 asks for more cheap replies than allowed in a busy group, then user 8 asks once."""
    outbox = Outbox()

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
    outbox, record = Outbox(), Recorder()

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
    outbox, record = Outbox(), Recorder()

    def notice() -> Letter:
        return record.letter(-1, "slow down")

    for i in range(outbox_module.USER_LIMIT * 3):
        outbox.post(record.letter(-1, f"solve {i}", user_id=5, flood_notice=notice))
        await outbox.drained()
    assert "slow down" not in record.sent


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
    outbox, record = Outbox(), Recorder()
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
    outbox, calls = Outbox(), []

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


async def test_a_group_sent_one_letter_at_a_time_still_keeps_its_limit(small_limits: None) -> None:
    outbox, clock, record = on_fake_clock()
    await _one_at_a_time(outbox, clock, [record.letter(-1, n, game=True) for n in "abcd"])
    assert record.times["d"] - record.times["a"] >= 0.3


@pytest.fixture
def quick_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A group's letters with a key: two at once, then one every 0.2 s."""
    monkeypatch.setattr(outbox_module, "GROUP_MERGED_BURST", 2)
    monkeypatch.setattr(outbox_module, "GROUP_MERGED_RATE", 300)  # per 60 s


async def _one_at_a_time(outbox: Outbox, clock: FakeClock, letters: list[Letter]) -> None:
    """Post each letter once the one before it has been sent: answers that never pile up.
    The clock moves on only while a letter waits for its turn."""
    for letter in letters:
        outbox.post(letter)
        await in_time(outbox, clock, lambda: not outbox.pending())


async def test_status_letters_of_a_quiet_group_go_at_once(quick_pace: None) -> None:
    outbox, clock, record = on_fake_clock()
    letters = [record.letter(-1, f"s{i}", key="status") for i in range(2)]
    await _one_at_a_time(outbox, clock, letters)
    assert record.times["s1"] == record.times["s0"]


async def test_status_letters_that_come_fast_are_paced(quick_pace: None) -> None:
    outbox, clock, record = on_fake_clock()
    letters = [record.letter(-1, f"s{i}", key="status") for i in range(3)]
    await _one_at_a_time(outbox, clock, letters)
    assert record.times["s2"] - record.times["s1"] >= 0.2


async def test_a_paced_status_letter_goes_with_what_piled_up(quick_pace: None) -> None:
    outbox, clock, record = on_fake_clock()
    letters = [record.letter(-1, f"s{i}", key="status") for i in range(2)]
    await _one_at_a_time(outbox, clock, letters)
    for i in range(2, 6):
        outbox.post(record.letter(-1, f"s{i}", key="status"))
    await in_time(outbox, clock, lambda: not outbox.pending())
    assert record.sent == ["s0", "s1", "s5"]


async def test_letters_without_a_key_are_not_paced(quick_pace: None) -> None:
    outbox, clock, record = on_fake_clock()
    await _one_at_a_time(outbox, clock, [record.letter(-1, f"h{i}") for i in range(4)])
    assert record.times["h3"] == record.times["h0"]


async def test_a_game_letter_does_not_wait_for_a_paced_one(
    quick_pace: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox_module, "GROUP_MERGED_RATE", 30)  # one every 2 s
    outbox, clock, record = on_fake_clock()
    letters = [record.letter(-1, f"s{i}", key="status") for i in range(2)]
    await _one_at_a_time(outbox, clock, letters)
    outbox.post(record.letter(-1, "s2", key="status"))  # waits for its turn
    posted = clock()
    outbox.post(record.letter(-1, "win", game=True))
    await in_time(outbox, clock, lambda: "win" in record.sent)
    assert record.times["win"] == posted
    await outbox.close(timeout=1)


async def test_cheap_letters_leave_room_for_game_letters_in_a_group() -> None:
    outbox, clock, record = on_fake_clock()
    room = outbox_module.GROUP_GAME_ROOM
    cheap = outbox_module.GROUP_LIMIT - room
    await _one_at_a_time(outbox, clock, [record.letter(-1, f"h{i}") for i in range(cheap)])
    outbox.post(record.letter(-1, "help"))  # the window's cheap part is full: it waits
    for i in range(room):
        outbox.post(record.letter(-1, f"g{i}", game=True))
    await record.wait_for(lambda: f"g{room - 1}" in record.sent)
    assert "help" not in record.sent
    await outbox.close(timeout=1)


async def test_a_letter_beyond_the_limit_in_flight_waits_for_its_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As many letters in flight at once as the limit for all chats allows, none of them
    # sent yet: one more waits until a second after the first of them is sent.
    clock = FakeClock(100.0)
    outbox, release, sent = Outbox(clock=clock), asyncio.Event(), dict[int, float]()
    started: list[int] = []

    def letter(chat_id: int) -> Letter:
        async def send() -> bool:
            started.append(chat_id)
            await release.wait()
            sent[chat_id] = clock()
            return True

        return Letter(chat_id, send)

    for chat in range(1, outbox_module.GLOBAL_LIMIT + 2):
        outbox.post(letter(chat))
    await until(lambda: len(started) >= outbox_module.GLOBAL_LIMIT)
    clock.now += STEP  # an answer that takes a while
    release.set()
    await in_time(outbox, clock, lambda: len(sent) == outbox_module.GLOBAL_LIMIT + 1)
    last = sent.pop(outbox_module.GLOBAL_LIMIT + 1)
    assert last >= min(sent.values()) + outbox_module.GLOBAL_PERIOD


async def test_idle_chats_are_forgotten_without_a_look_at_every_chat_per_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(outbox_module, "CHATS_KEPT", 100)
    outbox, clock, record = on_fake_clock()
    looked = 0
    forget = Outbox._forget

    def counting(self: Outbox, chat_id: int, queue: object) -> None:
        nonlocal looked
        looked += 1
        forget(self, chat_id, queue)  # type: ignore[arg-type]

    monkeypatch.setattr(Outbox, "_forget", counting)
    for chat in range(1, 31):  # answered, then idle once their period has passed
        outbox.post(record.letter(chat, f"idle {chat}"))
    await in_time(outbox, clock, lambda: not outbox.pending())
    clock.now += outbox_module.PRIVATE_PERIOD
    looked = 0
    # A thousand chats at once, which the limit of 30 messages a second keeps waiting.
    for chat in range(1001, 2001):
        outbox.post(record.letter(chat, f"busy {chat}"))
    # Each chat is looked at now and then (when their number has doubled), not at each new
    # one: that made these thousand letters cost about 450,000 looks.
    assert 130 <= looked < 3_000
    await outbox.close(0)
