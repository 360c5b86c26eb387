"""A group's daily post at a time in a time zone, through the local Bot API (a group with
privacy mode on): ``/subscribe 09:00 Asia/Shanghai`` takes the zone as ``/remind`` does,
and every answer says which zone the time is in."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.subscriptions import DAILY_POST
from bot.local_api import plain_text
from solver import daily_number
from tests.bot.harness import ANN, BOB, GROUP, NOON, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

# NOON (tests.bot.harness): Monday 2026-11-23, noon (UTC): 20:00 in Shanghai.
DAY = dt.date(2026, 11, 23)


async def test_subscribe_takes_a_time_zone(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        done = plain_text(await reply_to(api, ANN, GROUP, "/subscribe 09:00 Asia/Shanghai"))
        asked = plain_text(await reply_to(api, BOB, GROUP, "/subscribe"))
        (job,) = application.bot_data.timers.pending(GROUP, DAILY_POST)
    assert done == "Subscribed: the daily puzzle comes here every day at 09:00 (Asia/Shanghai)."
    assert asked == "已订阅：每天 09:00（Asia/Shanghai）在这里发布每日一题。"
    assert job.next_t is not None
    assert job.next_t.astimezone(dt.UTC).hour == 1  # 09:00 in Shanghai is 01:00 UTC


async def test_subscribe_refuses_a_zone_it_does_not_know(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = plain_text(await reply_to(api, ANN, GROUP, "/subscribe 09:00 Mars/Olympus"))
    assert refused.startswith("I do not know the time zone Mars/Olympus: give its name as in ")


async def test_a_post_due_in_its_zone_while_the_bot_was_down_comes_at_its_start(
    tmp_path: Path,
) -> None:
    api = make_api()
    night = dt.datetime(2026, 11, 23, 0, 30, tzinfo=dt.UTC).timestamp()  # 08:30 in Shanghai
    async with running_bot(api, tmp_path, clock=FakeClock(night)):
        await reply_to(api, ANN, GROUP, "/subscribe 09:00 Asia/Shanghai")
    before = len(api.sent)
    morning = dt.datetime(2026, 11, 23, 2, 0, tzinfo=dt.UTC).timestamp()  # 10:00 there
    async with running_bot(api, tmp_path, clock=FakeClock(morning)):
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert f"Daily #{daily_number(DAY)}" in plain_text(post["caption"])


async def test_not_subscribed_says_how_to_give_a_zone(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        asked = plain_text(await reply_to(api, ANN, GROUP, "/subscribe"))
    assert asked.endswith("; /subscribe 09:00 Asia/Shanghai, at 09:00 in that time zone.")
