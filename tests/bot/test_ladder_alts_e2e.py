"""Second accounts on the ladder, through the local Bot API: what it costs an account to move
hands' ratings (docs/fair-play.md, *Attacks tried on the boards*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.hand_records import hand_key
from tests.bot.harness import ANN, FakeClock, deal, dealt, make_api, reply_to, running_bot, settled
from tests.bot.ladder_play import NOON, answer, next_picture, train

pytestmark = pytest.mark.asyncio


async def test_an_account_made_of_ten_skips_moves_no_hand(tmp_path: Path) -> None:
    """The attack: a fresh account skips ten training hands (a minute, no pace to keep),
    then wins private rounds just above a person's pace to drag each hand "easy"."""
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        for _ in range(10):
            clock.now += 1
            await next_picture(api, "/skip")
        await reply_to(api, ANN, ANN, "/train stop")
        hand = dealt(await deal(api, ANN, ANN))
        clock.now += 3.5
        await reply_to(api, ANN, ANN, f"/a {answer(hand)}")
        await settled(api, application)
        ladder = application.bot_data.global_data.ladder
        rated = ladder.hands.get(hand_key(hand, 24))
    assert ladder.player(ANN).results >= 10
    assert rated is None
