"""Hostile players and each hand's record, through the local Bot API: a round won after
its hints (the third gives every step but the last) is seen but sets no record, and offers
no challenge of its time; so is a private round whose hand the bot solved for someone else
while it was live (a second account's /solve, passed on to the player)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.challenge_links import said
from tests.bot.harness import ANN, BOB, NOON, FakeClock, dealt, make_api, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_round_won_after_its_hints_sets_no_record(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, ANN, "/play"))
        for _ in range(3):
            await said(api, ANN, "/hint")
        clock.now += 2
        message = await said(api, ANN, solve(hand)[0].text)
        win = plain_text(message["text"])
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert win.startswith("🎉 Ann wins in 2.0 s")
    assert (record.seen, record.best) == (1, None)
    assert "reply_markup" not in message  # no "Challenge a friend" to beat a hinted time


async def test_a_round_whose_hand_was_solved_for_someone_while_live_sets_no_record(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, ANN, "/play"))
        # Bob, Ann's second account, is given the solutions of the private round's hand.
        given = plain_text((await said(api, BOB, "/solve " + " ".join(map(str, hand))))["text"])
        clock.now += 3
        message = await said(api, ANN, solve(hand)[0].text)
        win = plain_text(message["text"])
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert "→ 24" in given  # answered: nothing tells a second account from a stranger
    assert win.startswith("🎉 Ann wins in 3.0 s")
    assert (record.seen, record.best) == (1, None)
    assert "reply_markup" not in message  # no "Challenge a friend" with that time
