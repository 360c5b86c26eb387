"""The daily puzzle or a friend's challenge opened while playing an arena, through the local
Bot API: refused in the arena's own words (a player cannot leave an arena: it ends at its
time, or by /arena stop in its group), the daily's clock not started."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.arena_play import is_hand, join_payload, next_in, text_of
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.harness import ANN, GROUP, FakeClock, dealt, reply_to, running_bot, settled
from tests.bot.rush_play import DAVE, NOON, players

pytestmark = pytest.mark.asyncio


async def _playing(api: LocalBotApi, user: int = DAVE) -> None:
    """Ann announces an arena in the group; ``user`` joins it and has its first hand."""
    start = len(api.sent)
    api.send(ANN, GROUP, "/arena 5")
    announced = await next_in(api, GROUP, start, lambda m: "Arena #1" in text_of(m))
    before = len(api.sent)
    api.send(user, user, f"/start {join_payload(announced)}")
    await next_in(api, user, before, is_hand)


async def test_the_daily_while_playing_an_arena_says_how_the_arena_ends(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await _playing(api)
        told = plain_text(await reply_to(api, DAVE, DAVE, "/daily"))
    assert told == (
        "You are playing an arena: /daily once it is over (at its end, or by /arena stop in "
        "its group). /skip deals your next hand."
    )


async def test_the_daily_refused_in_an_arena_starts_no_clock(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await _playing(api)
        await reply_to(api, DAVE, DAVE, "/daily")
        await settled(api, application)
        running = application.user_data[DAVE].daily.running()
    assert running is None


async def test_a_friends_challenge_while_playing_an_arena_is_refused(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, ANN, "/play"))  # a practice hand in private
        clock.now += 9
        solved = await said(api, ANN, solve(hand)[0].text)
        shared = await share(api, ANN, offer_of(solved))
        await settled(api, application)
        await _playing(api)
        told = plain_text((await said(api, DAVE, link_of(shared)))["text"])
    assert told == (
        "You are playing an arena: open the challenge again once it is over (at its end, or "
        "by /arena stop in its group). /skip deals your next hand."
    )
