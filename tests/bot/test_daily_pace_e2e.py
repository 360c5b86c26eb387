"""The daily puzzle keeps a person's pace, through the local Bot API: a solve faster than
the puzzle's floor stays in the player's own history, on no board (``/daily top``, the
day's standing) and offers no challenge (issue #38, round 2)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, GROUP, NOON, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)


async def test_a_daily_solve_faster_than_a_person_is_on_no_board_and_offers_no_challenge(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    answer = solve(daily(DAY))[0].text
    async with running_bot(api, tmp_path, clock=clock):
        for player in (ANN, BOB):  # both seen in the group
            await reply_to(api, player, GROUP, "/daily top")
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 0.5  # pasted: the clock has only just started
        await reply_to(api, ANN, ANN, answer)
        fast = api.sent[-1]
        await reply_to(api, BOB, BOB, "/daily")
        clock.now += 30
        await reply_to(api, BOB, BOB, answer)
        top = plain_text(await reply_to(api, BOB, GROUP, "/daily top"))
        again = plain_text(await reply_to(api, ANN, ANN, "/daily"))
    assert "reply_markup" not in fast  # no "Challenge a friend"
    assert (
        "⚠️ That solve came faster than a person reads four cards and types an answer, so the "
        "time is yours (your streak and stats keep it), but on no board, and no challenge is "
        "made of it. A solve at a person's pace goes on the boards as usual."
    ) in plain_text(fast["text"])
    assert "Ann：0:00" not in top
    assert "1. Bob：0:30" in top
    assert "✅ 0:00" in again  # her own history keeps it
