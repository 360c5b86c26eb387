"""A hinted solve and the ⚡ achievements, through the local Bot API: a hint gives part of the
answer away, so a solve after one counts as a hand solved (🧮) but its time is no fast
hand's (docs/fair-play.md, *Attacks tried on the boards*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.achievements import HANDS
from solver import solve
from tests.bot.harness import (
    ANN,
    TEST_DAY_NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def test_a_hinted_fast_solve_earns_no_fast_hand(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await deal(api, ANN, ANN))
        await reply_to(api, ANN, ANN, "/hint")
        clock.now += 4
        await reply_to(api, ANN, ANN, f"/a {solve(hand)[0].text}")
        await settled(api, application)
        mine = application.user_data[ANN].achievements
    assert mine is not None and mine.value(HANDS) == 1
    assert mine.fastest is None
    assert [key for key in mine.earned if key.startswith("fast")] == []
