"""The outbox and a reply in several messages (a long /help): all of its parts or none, in
order, counted as one reply against a flooding user, replaced and dropped as one; and once a
user is told to slow down, nothing more of theirs goes until the half minute is over."""

from __future__ import annotations

import pytest

from bot.services import outbox as outbox_module
from bot.services.outbox import Letter, Outbox
from tests.bot.harness import FakeClock
from tests.bot.letters import Recorder

pytestmark = pytest.mark.asyncio

GROUP = -1
ANN = 7


def notice_of(record: Recorder) -> object:
    def notice() -> Letter:
        return record.letter(GROUP, "slow down")

    return notice


def help_reply(record: Recorder, number: int, *, key: str | None = "help") -> list[Letter]:
    """A reply of two parts to Ann's ``number``-th /help."""
    return [
        record.letter(
            GROUP,
            f"help {number} part {part}",
            user_id=ANN,
            key=key,
            flood_notice=notice_of(record),
        )
        for part in (1, 2)
    ]


async def flood(record: Recorder, outbox: Outbox, helps: int) -> None:
    for number in range(helps):
        outbox.post_together(help_reply(record, number, key=None))
    await outbox.drained()


def parts_told(record: Recorder) -> dict[int, list[str]]:
    told: dict[int, list[str]] = {}
    for name in record.sent:
        if name.startswith("help "):
            told.setdefault(int(name.split()[1]), []).append(name.split()[-1])
    return told


async def test_a_flooding_users_split_replies_are_each_told_whole(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    await flood(record, outbox, outbox_module.USER_LIMIT + 5)
    assert all(parts == ["1", "2"] for parts in parts_told(record).values())


async def test_a_split_reply_counts_as_one_reply_against_the_users_limit(
    small_limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox_module, "CHEAP_KEPT", 100)  # the user's limit alone decides
    outbox, record = Outbox(), Recorder()
    await flood(record, outbox, outbox_module.USER_LIMIT + 5)
    assert len(parts_told(record)) == outbox_module.USER_LIMIT + 1  # (the first was not backed up)


async def test_nothing_of_the_users_goes_after_the_slow_down_notice(small_limits: None) -> None:
    outbox, record = Outbox(), Recorder()
    await flood(record, outbox, outbox_module.USER_LIMIT + 5)
    assert record.sent[-1] == "slow down"


async def test_the_user_is_answered_again_once_the_half_minute_is_over() -> None:
    clock = FakeClock(1000.0)
    outbox, record = Outbox(limited=False, clock=clock), Recorder(clock)
    for number in range(outbox_module.USER_LIMIT + 3):
        outbox.post_together(help_reply(record, number, key=None))
    await outbox.drained()
    outbox.post_together(help_reply(record, 100, key=None))  # still muted
    clock.now += outbox_module.USER_PERIOD + 1
    outbox.post_together(help_reply(record, 101, key=None))
    await outbox.drained()
    assert [n for n in (100, 101) if n in parts_told(record)] == [101]


async def test_a_later_reply_with_the_key_replaces_every_part_of_a_waiting_one() -> None:
    outbox, record = Outbox(), Recorder()
    outbox.post(record.letter(GROUP, "busy"))  # in flight: the next replies wait
    outbox.post_together(help_reply(record, 1))
    outbox.post(record.letter(GROUP, "help 2 part 1", user_id=ANN, key="help"))
    await outbox.drained()
    assert record.sent == ["busy", "help 2 part 1"]


async def test_a_full_queue_drops_a_split_reply_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outbox_module, "CHEAP_KEPT", 3)
    outbox, record = Outbox(), Recorder()
    outbox.post(record.letter(GROUP, "busy"))
    outbox.post_together(help_reply(record, 1, key=None))
    for other in range(3):  # a reply in parts counts once: the third is one too many
        outbox.post(record.letter(GROUP, f"other {other}"))
    await outbox.drained()
    assert record.sent == ["busy", "other 0", "other 1", "other 2"]
