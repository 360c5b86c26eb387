"""Wording that fits who is asking, through the local Bot API: a solo game in private
speaks to its one player (no /a, "you"), a group's game to its members."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.games import start
from tests.bot.harness import ANN, BOB, GROUP, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_hint_during_a_group_hunt_says_hunts_have_no_hints(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, ANN, GROUP, "/hunt")
        said = plain_text(await reply_to(api, ANN, GROUP, "/hint"))
    assert said == "Hunts have no hints: answer with /a, or /hunt stop to end it."


async def test_hint_during_a_private_hunt_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, BOB, BOB, "/hunt")
        said = plain_text(await reply_to(api, BOB, BOB, "/hint"))
    assert said == "寻解大赛没有提示：直接输入答案即可，或用 /hunt stop 结束。"


async def test_play_during_a_private_hunt_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, BOB, BOB, "/hunt")
        said = plain_text(await reply_to(api, BOB, BOB, "/play"))
    assert said == "寻解大赛进行中：直接输入答案即可，或用 /hunt stop 结束。"
