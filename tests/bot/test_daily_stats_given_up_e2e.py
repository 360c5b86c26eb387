"""/stats after today's puzzle is given up, with nothing solved, through the running bot: it
says when the next puzzle comes and where past ones are, not that /daily starts today's."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.harness import ANN, BOB, NOON, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def stats_after_giving_up(tmp_path: Path, user: int) -> str:
    """The last line of ``user``'s /stats at noon, today's puzzle given up."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, user, user, "/daily")
        await reply_to(api, user, user, "/giveup")
        text = plain_text(await reply_to(api, user, user, "/stats"))
    return text.splitlines()[-1]


async def test_stats_after_giving_up_today_say_when_the_next_comes(tmp_path: Path) -> None:
    last = await stats_after_giving_up(tmp_path, ANN)
    assert last == (
        "No solve times to chart yet: the next daily puzzle comes in 12 h 00 min; past ones "
        "are in /daily archive."
    )


async def test_stats_after_giving_up_today_in_chinese(tmp_path: Path) -> None:
    last = await stats_after_giving_up(tmp_path, BOB)
    assert (
        last
        == "还没有用时可画成图表：下一道每日一题还有 12 小时 00 分；往期的题目在 /daily archive。"
    )
