"""A daily puzzle from the archive left running, then an arena joined, through the running
bot (a play-tester's steps): the arena's first hand says the daily is set aside, its clock
running on; the arena hand on screen takes the typed answers; at the arena's end the daily
is said to wait, and a wrong answer then names the puzzle it was judged against."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.games.daily.parts import DAILY_RECORD
from solver import daily_number
from tests.bot.arena_play import (
    announce,
    at_pace,
    hand_of,
    is_hand,
    join,
    join_payload,
    next_in,
    right,
    ring_end,
    text_of,
    the_arena,
)
from tests.bot.harness import FakeClock, reply_to, running_bot
from tests.bot.rush_play import DAVE, NOON, players

pytestmark = pytest.mark.asyncio

PAST = dt.date(2026, 11, 20)
PAST_NUMBER = daily_number(PAST)
SET_ASIDE = (
    f"Daily #{PAST_NUMBER} from the archive is set aside, its clock running on: it takes "
    "your answers again when this game ends."
)
WAITING = (
    f"Your Daily #{PAST_NUMBER} from the archive is waiting, its clock running: type your "
    f"answer, or /daily #{PAST_NUMBER} to see it again."
)


async def _join(api: Any) -> list[str]:
    """Ann announces an arena in the group, Dave joins it by its link: the texts he is sent
    up to and with his first hand."""
    payload = join_payload(await announce(api, "/arena 5"))
    before = len(api.sent)
    await join(api, DAVE, payload)
    return [text_of(m) for m in api.sent[before:] if m["chat"]["id"] == DAVE]


async def test_the_arena_hand_takes_answers_over_an_archive_puzzle(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, DAVE, DAVE, f"/daily {PAST.isoformat()}")
        texts = await _join(api)
        hand = hand_of(application, DAVE)
        at_pace(clock, hand)
        before = len(api.sent)
        api.send(DAVE, DAVE, right(hand))
        judged = text_of(await next_in(api, DAVE, before, lambda _m: True))
        running = DAILY_RECORD.get(application.user_data[DAVE]).running()
    assert texts[0] == SET_ASIDE
    assert is_hand({"text": texts[-1]})
    assert judged.startswith("✅ +")
    assert running == PAST


async def test_after_the_arena_a_wrong_answer_names_the_daily(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, DAVE, DAVE, f"/daily {PAST.isoformat()}")
        await _join(api)
        arena = the_arena(application)
        clock.now = arena.ends + 1
        before = len(api.sent)
        await ring_end(api, application, arena)
        waiting = await next_in(api, DAVE, before, lambda m: text_of(m) == WAITING)
        clock.now += 120  # past the minute in which the arena's last hand is "too late"
        before = len(api.sent)
        api.send(DAVE, DAVE, "99+99")
        judged = text_of(await next_in(api, DAVE, before, lambda _m: True))
    assert text_of(waiting) == WAITING
    assert judged.startswith(f"Not quite, for your Daily #{PAST_NUMBER}: ")
