"""A script in an arena, through the local Bot API: an established account whose solves come
at a script's steady pace (just above each hand's floor) places in the group's standings,
but takes no podium nor trophy beyond it (docs/fair-play.md, *Established players*)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.local_api import plain_text
from bot.play.result_listeners import listen
from bot.rules.results import GameResult, Podium
from tests.bot.arena_play import hand_of, is_hand, join_payload, next_in, regulars, right, text_of
from tests.bot.duels import CAROL, players
from tests.bot.harness import ANN, GROUP, BotApplication, FakeClock, running_bot, settled
from tests.bot.ladder_play import NOON

pytestmark = pytest.mark.asyncio


def hearing(application: BotApplication) -> list[GameResult]:
    """Every game result published from now on."""
    heard: list[GameResult] = []

    def listener(_context: Any, _chat: int | None, results: Sequence[GameResult]) -> list[str]:
        heard.extend(results)
        return []

    listen(application, listener)
    return heard


async def test_a_script_at_a_steady_pace_takes_no_podium(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, ANN, CAROL)
        heard = hearing(application)
        start = len(api.sent)
        api.send(ANN, GROUP, "/arena 5")
        payload = join_payload(await next_in(api, GROUP, start, lambda m: "Arena #1" in text_of(m)))
        for user in (ANN, CAROL):
            before = len(api.sent)
            api.send(user, user, f"/start {payload}")
            await next_in(api, user, before, is_hand)
        for user, solved, seconds in ((ANN, 10, 2.4), (CAROL, 2, 9.0)):
            for _ in range(solved):
                hand = hand_of(application, user)
                clock.now += seconds  # Ann's: above every hand's floor, a script's steady pace
                before = len(api.sent)
                api.send(user, user, right(hand))
                await next_in(api, user, before, is_hand)
        before = len(api.sent)
        api.send(ANN, GROUP, "/arena stop")
        final = plain_text(
            text_of(
                await next_in(
                    api, GROUP, before, lambda m: "is over" in text_of(m) and not m.get("edited")
                )
            )
        )
        await settled(api, application)
    assert [r.player for r in heard if isinstance(r, Podium)] == []
    # Ann is established: her results stay in the group for her pace, and the end says so.
    assert (
        "Ann: half or more of their solves came within 3 s, a script's steady pace, so this "
        "arena counts for them in this group only." in final.split("\n")
    )
    assert "not established yet" not in final
