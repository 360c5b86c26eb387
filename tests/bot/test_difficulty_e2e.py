"""Hands whose level the players' times put elsewhere than the first rating did, as a deal
shows them and a win pays them (see docs/solver.md: the rating refitted to 4nums.com's
players)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.scoring import POINTS_BY_LEVEL
from solver import solve
from tests.bot.harness import ANN, dealt, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

SEEDS: dict[tuple[int, ...], int] = {(6, 8, 9, 11): 2605, (2, 6, 7, 11): 2079, (1, 2, 2, 7): 281}
"""A seed whose first draw from the default game's table is the hand (checked below)."""


@pytest.mark.parametrize(
    ("hand", "level"),
    [((6, 8, 9, 11), 4), ((2, 6, 7, 11), 4), ((1, 2, 2, 7), 3)],
    ids=lambda value: " ".join(map(str, value)) if isinstance(value, tuple) else str(value),
)
async def test_a_hand_is_dealt_at_its_players_level(
    tmp_path: Path, hand: tuple[int, ...], level: int
) -> None:
    """6 8 9 11 and 2 6 7 11 (10 to 11 s for players) are not 5/5 like 3 3 8 8 (104 s);
    1 2 2 7 (8.4 s) is a middling hand."""
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        application.bot_data.rng = random.Random(SEEDS[hand])
        before = len(api.sent)
        api.send(ANN, ANN, "/play")
        deal = (await api.wait_for_sent(before + 1))[before]
        assert dealt(deal) == hand
        caption = plain_text(deal["caption"])
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
    assert f"Difficulty: {level}/5." in caption.split("\n")
    assert re.match(rf"🎉 Ann wins in [\d.]+ s: \+{POINTS_BY_LEVEL[level]} points!", won), won
