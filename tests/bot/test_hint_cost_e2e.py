"""A hint asked says what it costs, where it is asked: each takes a quarter of the points,
and the reply says what a win is now worth, which the win then gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.harness import ANN, deal, dealt, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_hint_says_what_a_win_is_now_worth(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        hand = dealt(await deal(api, ANN, ANN))
        hint = plain_text(await reply_to(api, ANN, ANN, "/hint"))
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
    cost = re.search(r"\(Each hint costs a quarter of the points: a win is now worth (\d+) ", hint)
    assert cost is not None, hint
    assert f": +{cost.group(1)} point" in won
