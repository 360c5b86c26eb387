"""An arena across a restart, through the local Bot API: one still running resumes (its end
from its deadline, each player's hand sent again on a new clock, the points kept); one
whose end passed while the bot was down ends at once with its standings as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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
)
from tests.bot.harness import ANN, GROUP, BotApplication, FakeClock, running_bot
from tests.bot.rush_play import CAROL, NOON, players

pytestmark = pytest.mark.asyncio

AGAIN = "🔄 The bot was restarted: your hand again, its time from now."


async def _ann_scores(api: Any, application: BotApplication, clock: FakeClock) -> None:
    """Ann announces an arena of 5 minutes; she and Carol join; Ann solves her first hand."""
    start = len(api.sent)
    api.send(ANN, GROUP, "/arena 5")
    announced = await next_in(api, GROUP, start, lambda m: "Arena #1" in text_of(m))
    for user in (ANN, CAROL):
        before = len(api.sent)
        api.send(user, user, f"/start {join_payload(announced)}")
        await next_in(api, user, before, is_hand)
    hand = hand_of(application, ANN)
    at_pace(clock, hand)
    before = len(api.sent)
    api.send(ANN, ANN, right(hand))
    await next_in(api, ANN, before, is_hand)


def _is_over(message: dict[str, Any]) -> bool:
    return "is over" in text_of(message) and not message.get("edited")


async def test_a_running_arena_resumes_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await _ann_scores(api, application, clock)
        ann_hand = hand_of(application, ANN)
        carol_hand = hand_of(application, CAROL)
        ends = the_arena(application).ends
    clock.now += 30  # the bot was down for half a minute
    restarted = clock.now
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, ANN, CAROL)
        ann_again = text_of(await next_in(api, ANN, before, is_hand))
        carol_again = text_of(await next_in(api, CAROL, before, is_hand))
        arena = the_arena(application)
        ann = arena.entries[ANN]
        shown_anew = ann.shown
        alarm = application.bot_data.timers.pending(GROUP, "arena-up")
        hand = hand_of(application, CAROL)
        at_pace(clock, hand)
        before = len(api.sent)
        api.send(CAROL, CAROL, right(hand))
        carol_solves = text_of(await next_in(api, CAROL, before, is_hand))
        clock.now = arena.ends + 1
        before = len(api.sent)
        await ring_end(api, application, arena)
        final = text_of(await next_in(api, GROUP, before, _is_over))
    assert ann_again.startswith(AGAIN)
    assert " ".join(map(str, ann_hand)) in ann_again
    assert " ".join(map(str, carol_hand)) in carol_again
    assert shown_anew == restarted  # her hand's time starts anew at its delivery
    assert arena.ends == ends
    assert len(alarm) == 1
    assert carol_solves.startswith("✅ +2 points in")
    assert final.index("Ann: 2 points") < final.index("Carol: 2 points")  # Ann got there first
    assert "🏆 Ann wins the arena's trophy (trophies won: 1)." in final


async def test_an_arena_whose_end_passed_while_down_ends_as_it_stood(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await _ann_scores(api, application, clock)
        ends = the_arena(application).ends
    clock.now = ends + 600  # back ten minutes after its end
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        final = text_of(await next_in(api, GROUP, before, _is_over))
        arena = the_arena(application)
        playing = ARENA_CHAT.of(application.chat_data[ANN])
    assert "1. Ann: 2 points" in final
    assert "🥇" not in final  # no medal beside "no trophy"
    assert "2. Carol: 0 points" in final
    # Only Ann scored: an arena nobody else scored in wins no trophy.
    assert "No trophy this time: an arena's trophy and podium need 2 players who scored" in final
    assert playing is not None and playing.trophies == []
    assert arena.ended_at == ends
    assert playing.playing is None
    assert not [m for m in api.sent[before:] if is_hand(m)]
