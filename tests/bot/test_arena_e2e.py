"""An arena through the local Bot API, from its announcement in a group to its end: three
players join by the Join link and play in private on the same hands, one on a streak, one
berserk, one too fast and then missing; the group's one standings message and the final
standings with the winner's trophy, saved (virtual time: the clock is the test's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.games.arena.group import STANDINGS_EVERY, standings_due
from bot.games.arena.parts import ARENA_CHAT
from tests.bot.arena_play import (
    at_pace,
    hand_of,
    is_hand,
    join_payload,
    next_in,
    regulars,
    right,
    ring_end,
    text_of,
    the_arena,
    wrong,
)
from tests.bot.harness import (
    ANN,
    GROUP,
    BotApplication,
    FakeClock,
    handled,
    running_bot,
    saved_record,
)
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio


async def _answer(
    api: Any, application: BotApplication, clock: FakeClock, user: int, *, pace: bool = True
) -> dict[str, Any]:
    """``user`` answers their hand rightly (at a person's pace); the next hand."""
    hand = hand_of(application, user)
    if pace:
        at_pace(clock, hand)
    before = len(api.sent)
    api.send(user, user, right(hand))
    return await next_in(api, user, before, is_hand)


async def _say(api: Any, user: int, text: str) -> str:
    before = len(api.sent)
    api.send(user, user, text)
    return text_of(await next_in(api, user, before, lambda _m: True))


async def test_an_arena_from_its_announcement_to_its_end(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, ANN, DAVE, CAROL)
        start = len(api.sent)
        api.send(ANN, GROUP, "/arena 5")
        announced = await next_in(api, GROUP, start, lambda m: "Arena #1" in text_of(m))
        payload = join_payload(announced)
        first: dict[int, dict[str, Any]] = {}
        for user in (ANN, DAVE, CAROL):
            before = len(api.sent)
            api.send(user, user, f"/start {payload}")
            first[user] = await next_in(api, user, before, is_hand)
        arena = the_arena(application)
        joined = sorted(arena.entries)
        # Carol answers at once: faster than a person reads the cards.
        too_fast = await _say(api, CAROL, right(hand_of(application, CAROL)))
        carol_miss = await _say(api, CAROL, wrong(hand_of(application, CAROL)))
        before = len(api.sent)
        api.send(CAROL, CAROL, "/skip")
        carol_next = text_of(await next_in(api, CAROL, before, is_hand))
        # Ann solves three in a row: 2, 2, then 4 on her streak.
        ann = [text_of(await _answer(api, application, clock, ANN)) for _ in range(3)]
        # The standings' next edit, due by the arena's clock, rung now.
        clock.now += STANDINGS_EVERY
        before = len(api.sent)
        application.job_queue.run_once(standings_due, 0, chat_id=GROUP, name="standings:test")
        standings = text_of(await next_in(api, GROUP, before, lambda m: bool(m.get("edited"))))
        # Dave asks for berserk before his second hand: half its time, a point more.
        api.press(DAVE, first[DAVE], "arena:berserk:1")
        await handled(api, application)
        dave_second = text_of(await _answer(api, application, clock, DAVE))
        dave_third = text_of(await _answer(api, application, clock, DAVE))
        clock.now = arena.ends + 1
        before = len(api.sent)
        await ring_end(api, application, arena)
        end = await next_in(
            api, GROUP, before, lambda m: "is over" in text_of(m) and not m.get("edited")
        )
        final = text_of(end)
        told_ann = text_of(await next_in(api, ANN, before, lambda m: "you placed" in text_of(m)))
        group_messages = [m for m in api.sent[start:] if m["chat"]["id"] == GROUP]
        trophies = ARENA_CHAT.get(application.chat_data[ANN]).trophies
    saved = saved_record(tmp_path, "chat", ANN)
    assert joined == sorted((ANN, CAROL, DAVE))
    assert too_fast.startswith("Too fast: an answer within")
    assert "A miss: your streak ends; the hand is still on." in carol_miss
    assert carol_next.startswith("⏭ Skipped: your streak ends.")
    assert ann[0].startswith("✅ +2 points in")
    assert ann[1].startswith("✅ +2 points in")
    assert ann[2].startswith("✅ +4 points in")
    assert "🔥 streak 3" in ann[2]
    assert "Hand 2 · 30 s (berserk)" in dave_second
    assert dave_third.startswith("✅ +3 points in")
    assert text_of(first[DAVE]).split("from ")[1] == text_of(first[ANN]).split("from ")[1]
    assert "1. Ann: 8 points 🔥" in standings
    assert "3 players" in standings
    assert "photo" in end  # the podium's picture, the standings its caption
    assert "1. 🥇 Ann: 8 points" in final
    assert "2. 🥈 Dave: 5 points ⚡" in final
    assert "3. Carol: 0 points ⚠" in final
    assert "🏆 Ann wins the arena's trophy (trophies won: 1)." in final
    assert "you placed 1 of 3, with 8 points and 3 hands solved" in told_ann
    assert len(group_messages) <= 20
    assert [(t.number, t.score) for t in trophies] == [(1, 8)]
    mine = ARENA_CHAT.of(saved)
    assert mine is not None and [t.score for t in mine.trophies] == [8]
