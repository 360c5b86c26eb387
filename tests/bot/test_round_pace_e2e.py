"""A private round won faster than a person can answer, through the local Bot API: the
points stay in the chat, the win says so, and the chat's best time (``/score``) leaves it
out, as ``/me``'s fastest hand does (docs/fair-play.md, *A person's pace*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.harness import (
    ANN,
    FakeClock,
    deal,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, round_hand

pytestmark = pytest.mark.asyncio


async def test_a_win_under_a_persons_pace_is_no_best_time(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN)
        clock.now += 1.2  # under any hand's pace floor
        fast = plain_text(await reply_to(api, ANN, ANN, answer(round_hand(application, ANN))))
        await settled(api, application)
        await deal(api, ANN, ANN)
        clock.now += 9
        paced = plain_text(await reply_to(api, ANN, ANN, answer(round_hand(application, ANN))))
        await settled(api, application)
        score = plain_text(await reply_to(api, ANN, ANN, "/score"))
    assert fast.startswith("🎉 Ann wins in 1.2 s: +")
    assert "quicker than anyone reads four cards and types" in fast
    assert "quicker than anyone" not in paced
    assert "\nBest time 9.0 s, median 9.0 s\n" in score
    assert score.startswith("Ann: 2 wins, ")
