"""Tomorrow's daily puzzle is kept from a friend's challenge, through the running bot: a
challenge whose hand is tomorrow's puzzle (made days before, when it was no daily) is
refused the day before, as one holding today's is; played at 23:59 it would hand over
tomorrow's answer.  Its give-up keeps its solutions back the same way."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.bot.harness import TEST_DAY_NOON, FakeClock, reply_to, running_bot
from tests.bot.test_daily_deals_e2e import CAT, bob_shares_the_day_s_puzzle_days_before, friends

pytestmark = pytest.mark.asyncio

DAYS_BEFORE = 3 * 86_400.0
THE_DAY_BEFORE = TEST_DAY_NOON - 86_400.0
"""22 Nov 2026, noon: the test day's puzzle (2 6 6 12) is tomorrow's; today's, 2 5 5 11,
and yesterday's, 1 4 5 9, share no three cards with it."""
DAN = 504

REFUSED = (
    "Bob's challenge has cards of a daily puzzle you have yet to play: it would spoil "
    "it. Open it again once you have played that daily."
)


async def test_a_challenge_holding_tomorrow_s_daily_is_refused(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(TEST_DAY_NOON - DAYS_BEFORE)
    link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path, clock)
    clock.now = THE_DAY_BEFORE
    async with running_bot(api, tmp_path, clock=clock):
        refused = await reply_to(api, CAT, CAT, link)
    assert refused == REFUSED


async def test_a_challenge_holding_tomorrow_s_daily_is_refused_in_chinese(
    tmp_path: Path,
) -> None:
    api = friends()
    api.add_user(DAN, "Dan", language_code="zh-hans")
    clock = FakeClock(TEST_DAY_NOON - DAYS_BEFORE)
    link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path, clock)
    clock.now = THE_DAY_BEFORE
    async with running_bot(api, tmp_path, clock=clock):
        refused = await reply_to(api, DAN, DAN, link)
    assert refused == (
        "Bob 的挑战里有你还没做的每日一题的牌，现在玩就剧透了。"
        "等你做完那道每日一题，再打开这个挑战。"
    )


async def test_a_challenge_holding_tomorrow_s_daily_gives_up_no_solutions(
    tmp_path: Path,
) -> None:
    api = friends()
    clock = FakeClock(TEST_DAY_NOON - DAYS_BEFORE)
    link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path, clock)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, CAT, CAT, link)
    clock.now = THE_DAY_BEFORE
    async with running_bot(api, tmp_path, clock=clock):
        gave_up = await reply_to(api, CAT, CAT, "/giveup")
    assert gave_up == (
        "You gave up Bob's challenge. Its solutions are kept from you for now: it has cards "
        "of a daily puzzle you have yet to play."
    )


async def test_the_day_before_is_as_this_file_says() -> None:
    day = dt.date(2026, 11, 22)
    assert dt.datetime.fromtimestamp(THE_DAY_BEFORE, dt.UTC).date() == day
