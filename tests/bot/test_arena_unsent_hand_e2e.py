"""An arena's hand that could not be sent (its player had blocked the bot for a moment) is
sent again at their next answer or skip, rather than being "on its way" for the rest of the
arena."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bot.arena_play import at_pace, hand_of, is_hand, joined, next_in, right, text_of
from tests.bot.harness import ANN, FakeClock, make_api, running_bot, settled
from tests.bot.rush_play import NOON

pytestmark = pytest.mark.asyncio


def _hand_or_wait(message: dict[str, Any]) -> bool:
    return is_hand(message) or "on its way" in text_of(message)


@pytest.mark.parametrize("then", ["1+2", "/skip"])
async def test_a_hand_that_could_not_be_sent_comes_at_the_next_answer(
    tmp_path: Path, then: str
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await joined(api, [ANN])
        hand = hand_of(application, ANN)
        at_pace(clock, hand)
        api.chats[ANN].removed = True  # Ann blocked the bot: her next hand's send gets 403
        api.send(ANN, ANN, right(hand))
        await settled(api, application)
        api.chats[ANN].removed = False  # and unblocked it
        before = len(api.sent)
        api.send(ANN, ANN, then)
        reply = await next_in(api, ANN, before, _hand_or_wait)
    assert is_hand(reply)
