"""/rating while a player's first duel is on, through the local Bot API: it says the duel
counts once finished, rather than asking them to play one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.duels import CAROL, accept, invite, players
from tests.bot.harness import ANN, BOB, GROUP, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_rating_during_a_first_duel_says_it_counts_once_finished(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application))
        in_group = await reply_to(api, ANN, GROUP, "/rating")
        in_private = await reply_to(api, CAROL, CAROL, "/rating")
    assert in_group == "Your first duel is on: it counts once it is finished."
    assert in_private == "Your first duel is on: it counts once it is finished."


async def test_rating_during_a_first_duel_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application, BOB, CAROL))
        said = await reply_to(api, BOB, BOB, "/rating")
    assert said == "你的第一场对决正在进行：打完就会计入等级分。"
