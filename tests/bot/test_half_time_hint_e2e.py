"""The hint a timed round gives unasked at half time, through the local Bot API: free (a win
after it earns the hand's whole points, and the hint says so), and sent in a group only
where it serves someone (a player is trying), not to a group where nobody plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.scoring import POINTS_BY_LEVEL
from solver import solve
from tests.bot.harness import ANN, GROUP, deal, dealt, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


async def test_a_win_after_the_half_time_hint_earns_the_whole_points(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 2
        picture = await deal(api, ANN, ANN)
        level = re.search(r"Difficulty: (\d)/5", plain_text(picture["caption"]))
        assert level, picture["caption"]
        before = len(api.sent)
        hint = plain_text((await api.wait_for_sent(before + 1, timeout=10))[-1]["text"])
        won = plain_text(await reply_to(api, ANN, ANN, solve(dealt(picture))[0].text))
    assert hint.startswith("⏳ Half time. Hint: ")
    assert hint.endswith(" (Free: this one costs no points.)")
    assert f": +{POINTS_BY_LEVEL[int(level.group(1))]} points!" in won


async def test_a_group_where_nobody_tries_gets_no_half_time_hint(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 1
        await deal(api, ANN, GROUP)
        before = len(api.sent)
        await api.wait_for_sent(before + 1, timeout=10)  # the time-up
        await settled(api, application)
    said = [plain_text(m["text"]) for m in api.sent[before:]]
    assert [text[:2] for text in said] == ["⏰ "]
