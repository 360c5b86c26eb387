"""A hand's level and points in games other than four cards for 24."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from bot.rules.scoring import POINTS_BY_LEVEL
from solver import difficulty, solve
from tests.bot.harness import ANN, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def _deal(api: LocalBotApi) -> tuple[tuple[int, ...], list[str]]:
    """Ann's /play in private: the hand dealt and the lines of its caption."""
    before = len(api.sent)
    api.send(ANN, ANN, "/play")
    caption = plain_text((await api.wait_for_sent(before + 1))[before]["caption"])
    numbers = re.search(r"from ([\d ]+)$", caption.split("\n")[0])
    assert numbers, caption
    return tuple(int(n) for n in numbers.group(1).split()), caption.split("\n")


async def test_a_three_card_hand_shows_its_level_among_three_card_hands(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        settings = application.chat_data[ANN].table.settings
        settings.cards, settings.target, settings.time_limit = 3, 100, 0
        hand, lines = await _deal(api)
        level = difficulty(hand, 100).level
        assert f"Difficulty: {level}/5." in lines
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand, 100)[0].text))
        assert re.match(rf"🎉 .* \+{POINTS_BY_LEVEL[level]} points!", won), won


async def test_a_five_card_hand_shows_no_level_and_pays_twenty(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        settings = application.chat_data[ANN].table.settings
        settings.cards, settings.time_limit = 5, 0
        hand, lines = await _deal(api)
        assert [line for line in lines if line.startswith("Difficulty")] == []
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
        assert re.match(r"🎉 .* \+20 points!", won), won
