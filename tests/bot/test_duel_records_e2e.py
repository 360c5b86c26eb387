"""Each hand's record in a duel: a won hand counts for the hand's record and its line is
told with the result, the holder named as the group names them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from tests.bot.duels import CAROL, NOON, accept, establish, invite, players, the_duel, win_hand
from tests.bot.harness import ANN, FakeClock, running_bot

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def test_a_duel_hand_won_faster_than_its_record_is_a_new_record(tmp_path: Path) -> None:
    api, clock = players(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        establish(application, CAROL)  # Ann's achievements count: the line before the record's
        await accept(api, application, await invite(api, application))
        hand = the_duel(application).hand
        assert hand is not None
        records = application.bot_data.global_data.hand_records
        records.note(hand.hand, hand.target, CAROL, 9.0, ROUND_SOURCE)
        said = await win_hand(api, application, clock, ANN)
        record = records.get(hand.hand, hand.target)
    assert said[0].splitlines()[-2] == (
        "🏅 New record for this hand: 5.0 s! Solved 2 times; the last record was 9.0 s by Carol."
    )
    assert (record.seen, record.best, record.holder, record.source) == (2, 5.0, ANN, "duel")
