"""A group's daily post lists yesterday's solutions unless yesterday's puzzle shares three
cards with today's or tomorrow's, through the running bot: on 24 Nov 2026 yesterday's
2 6 6 12 would give most of today's 2 6 6 8 to members who have not played it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games import daily as daily_command
from bot.local_api import plain_text
from solver import daily_number
from tests.bot.harness import GROUP, NOON, FakeClock, make_api, running_bot

pytestmark = pytest.mark.asyncio

NEXT_NOON = dt.datetime(2026, 11, 24, 12, 0, tzinfo=dt.UTC).timestamp()
"""24 Nov 2026, noon: today's puzzle is 2 6 6 8, yesterday's 2 6 6 12."""
# NOON (tests.bot.harness), 23 Nov 2026: yesterday's 2 5 5 11 shares no three cards with
# 2 6 6 12 or 2 6 6 8.


async def posted(tmp_path: Path, now: float) -> str:
    """The last line of the group's daily post at ``now``."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(now)) as application:
        before = len(api.sent)
        application.job_queue.run_once(daily_command.post_daily, 0, chat_id=GROUP)
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    lines = plain_text(post["caption"]).splitlines()
    return next(line for line in lines if line.startswith("Yesterday (#"))


async def test_the_post_keeps_back_yesterday_s_solutions_sharing_today_s_cards(
    tmp_path: Path,
) -> None:
    line = await posted(tmp_path, NEXT_NOON)
    assert line == (
        f"Yesterday (#{daily_number(dt.date(2026, 11, 23))}): 0 solved; its solutions are kept "
        "back: it shares three cards with a daily puzzle still to play."
    )


async def test_the_post_lists_yesterday_s_solutions_otherwise(tmp_path: Path) -> None:
    line = await posted(tmp_path, NOON)
    assert "solutions: " in line
