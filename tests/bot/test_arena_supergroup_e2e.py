"""A group upgraded to a supergroup in the middle of an arena: its players play on, their
points, a hand's alarm set before and the old Join link follow it, its standings and end
come in the supergroup, and the winner's trophy names it (through the local Bot API)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.games.arena.parts import ARENA_CHAT
from bot.games.arena.play import hand_up
from tests.bot.arena_play import (
    at_pace,
    hand_of,
    is_hand,
    join_payload,
    next_in,
    regulars,
    right,
    text_of,
)
from tests.bot.harness import ANN, GROUP, BotApplication, FakeClock, running_bot, settled
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio

SUPER = -1_009_000_000_123
EVE = 505


async def _solve(api: Any, application: BotApplication, clock: FakeClock, user: int) -> str:
    hand = hand_of(application, user, SUPER)
    at_pace(clock, hand)
    before = len(api.sent)
    api.send(user, user, right(hand))
    return text_of(await next_in(api, user, before, is_hand))


async def test_an_arena_follows_its_group_to_the_supergroup(tmp_path: Path) -> None:
    api = players()
    api.add_user(EVE, "Eve", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, CAROL, DAVE, EVE)  # so that the trophy counts beyond the group
        before = len(api.sent)
        api.send(ANN, GROUP, "/arena")
        announced = await next_in(api, GROUP, before, lambda m: "Arena #1" in text_of(m))
        old_link = join_payload(announced)
        for user in (CAROL, DAVE):
            before = len(api.sent)
            api.send(user, user, f"/start {old_link}")
            await next_in(api, user, before, is_hand)
        before = len(api.sent)
        api.migrate(GROUP, SUPER)
        anew = await next_in(api, SUPER, before, lambda m: "Arena #1" in text_of(m))
        await settled(api, application)
        carol = await _solve(api, application, clock, CAROL)
        dave = await _solve(api, application, clock, DAVE)
        before = len(api.sent)
        api.send(EVE, EVE, f"/start {old_link}")  # the link of the old group's message
        eve = text_of(await next_in(api, EVE, before, is_hand))
        clock.now += 61  # Eve's hand's time runs out: its alarm was set by the new id, ring
        before = len(api.sent)  # one set by the old (before the move) as it would ring
        application.job_queue.run_once(
            hand_up, 0, chat_id=EVE, data=(GROUP, 1, 0), name="arena-hand:test"
        )
        eve_next = text_of(await next_in(api, EVE, before, is_hand))
        before = len(api.sent)
        api.send(ANN, SUPER, "/arena stop")
        end = text_of(
            await next_in(
                api, SUPER, before, lambda m: "is over" in text_of(m) and not m.get("edited")
            )
        )
        winner = ARENA_CHAT.get(application.chat_data[CAROL]).trophies
    playing = {
        user: ARENA_CHAT.get(application.chat_data[user]).playing for user in (CAROL, DAVE, EVE)
    }
    assert join_payload(anew).startswith(f"arena_{-SUPER}_")
    assert carol.startswith("✅ +2 points in")
    assert dave.startswith("✅ +2 points in")
    assert eve.startswith("🏟 You joined arena #1 of Friends.")
    assert eve_next.startswith("⌛ Time is up: a miss, your streak ends.\n🏟 Hand 2")
    assert "3 players" in end
    assert [trophy.group for trophy in winner] == [SUPER]
    assert playing == {CAROL: None, DAVE: None, EVE: None}
