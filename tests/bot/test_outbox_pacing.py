"""The outbox's pace in groups: one letter at a time within the limit, status letters paced,
game letters first, letters beyond the limit in flight waiting their turn, idle chats forgotten."""

from __future__ import annotations

import asyncio

import pytest

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter, Outbox
from tests.bot.harness import FakeClock, until
from tests.bot.outbox_data import STEP, in_time, on_fake_clock

pytestmark = pytest.mark.asyncio


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
