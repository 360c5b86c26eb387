"""No game deals a hand that holds a daily puzzle someone may still be solving, through the
local Bot API: the bot's random source is set to one whose next deal would be the test
day's puzzle (2 6 6 12), and the hand dealt is another.  A challenge made before the day,
whose hand is that day's puzzle, is refused to a friend who has not played it yet."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.hands import LevelTable
from bot.rules.rated import LEVELS_4_24
from solver import solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    FaultyBotApi,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
)
from tests.bot.rush_game_data import GAME_ENV, game_api, play, rush_call, sent_game, token_of
from tests.bot.rush_play import next_picture, the_run

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
DAILY = daily(DAY)
"""The test day's puzzle, 2 6 6 12: a level-1 hand."""
DAYS_BEFORE = 3 * 86_400.0
"""A challenge is made this long before the test day (its hand was no daily puzzle then)."""
CAT = 503


def seed_dealing(hand: tuple[int, ...], wanted: frozenset[int] | None = None) -> int:
    """The first seed whose random source draws ``hand`` from the default game's table, as
    a deal of the default settings (``wanted`` None) or Rush's first hand (level 1) does."""
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    return next(
        seed
        for seed in itertools.count()
        if table.draw(random.Random(seed), (1, 13), wanted) == hand
    )


async def test_the_day_s_puzzle_is_2_6_6_12() -> None:
    assert DAILY == (2, 6, 6, 12)


async def test_a_round_in_a_group_never_deals_the_daily_puzzle(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(seed_dealing(DAILY))
        hand = dealt(await deal(api, ANN, GROUP))
    assert sorted(hand) != sorted(DAILY)


async def test_a_rush_run_never_deals_the_daily_puzzle(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(TEST_DAY_NOON)) as application:
        application.bot_data.rng = random.Random(seed_dealing(DAILY, frozenset({1})))
        await next_picture(api, ANN, ANN, "/rush")
        hand = the_run(application, ANN).hand
    assert sorted(hand) != sorted(DAILY)


async def test_rush_as_a_telegram_game_never_deals_the_daily_puzzle(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        token = token_of(await play(api, ANN, await sent_game(api, ANN, GROUP)))
        application.bot_data.rng = random.Random(seed_dealing(DAILY, frozenset({1})))
        first = (await rush_call(application, "POST", "start", token)).json()
    assert sorted(first["hand"]) != sorted(DAILY)


def friends() -> FaultyBotApi:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")
    return api


async def bob_shares_the_day_s_puzzle_days_before(
    api: FaultyBotApi, tmp_path: Path
) -> tuple[FakeClock, str]:
    """Bob is dealt 2 6 6 12 days before it is the daily puzzle, solves it and shares it:
    the bot's clock (still on that day) and the challenge's Play link."""
    clock = FakeClock(TEST_DAY_NOON - DAYS_BEFORE)
    async with running_bot(api, tmp_path, clock=clock) as application:
        application.bot_data.rng = random.Random(seed_dealing(DAILY))
        hand = dealt(await said(api, BOB, "/play"))
        assert sorted(hand) == sorted(DAILY)  # no daily puzzle near: a deal like any other
        clock.now += 5
        await said(api, BOB, solve(hand)[0].text)
        return clock, link_of(await share(api, BOB, offer_of(api.sent[-1]), "group"))


CHALLENGE_REFUSED = (
    "Bob's challenge has cards of a daily puzzle you have yet to play: it would spoil "
    "it. Open it again once you have played that daily."
)


async def test_a_challenge_holding_the_daily_is_refused_before_the_daily(
    tmp_path: Path,
) -> None:
    api = friends()
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
    clock.now = TEST_DAY_NOON
    async with running_bot(api, tmp_path, clock=clock):
        refused = await reply_to(api, CAT, CAT, link)
    assert refused == CHALLENGE_REFUSED


async def test_a_challenge_holding_the_daily_is_played_after_the_daily(
    tmp_path: Path,
) -> None:
    api = friends()
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
    clock.now = TEST_DAY_NOON
    async with running_bot(api, tmp_path, clock=clock):
        await said(api, CAT, "/daily")
        await said(api, CAT, solve(DAILY)[0].text)
        opened = await said(api, CAT, link)
    assert plain_text(opened["caption"]).startswith("Bob's challenge: make 24 from 2 6 6 12")


async def test_a_challenge_opened_before_it_was_the_daily_gives_up_no_solutions(
    tmp_path: Path,
) -> None:
    api = friends()
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
    async with running_bot(api, tmp_path, clock=clock):
        await said(api, CAT, link)
    clock.now = TEST_DAY_NOON
    async with running_bot(api, tmp_path, clock=clock):
        gave_up = await reply_to(api, CAT, CAT, "/giveup")
    assert gave_up == (
        "You gave up Bob's challenge. Its solutions are kept from you for now: it has cards "
        "of a daily puzzle you have yet to play."
    )


# Tomorrow's puzzle is kept from a challenge too: played at 23:59, it would hand over its
# answer (nobody has played it yet).
THE_DAY_BEFORE = TEST_DAY_NOON - 86_400.0
"""22 Nov 2026, noon: the test day's puzzle (2 6 6 12) is tomorrow's; today's, 2 5 5 11,
and yesterday's, 1 4 5 9, share no three cards with it."""
DAN = 504


async def test_a_challenge_holding_tomorrow_s_daily_is_refused(tmp_path: Path) -> None:
    api = friends()
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
    clock.now = THE_DAY_BEFORE
    async with running_bot(api, tmp_path, clock=clock):
        refused = await reply_to(api, CAT, CAT, link)
    assert refused == CHALLENGE_REFUSED


async def test_a_challenge_holding_tomorrow_s_daily_is_refused_in_chinese(
    tmp_path: Path,
) -> None:
    api = friends()
    api.add_user(DAN, "Dan", language_code="zh-hans")
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
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
    clock, link = await bob_shares_the_day_s_puzzle_days_before(api, tmp_path)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, CAT, CAT, link)
    clock.now = THE_DAY_BEFORE
    async with running_bot(api, tmp_path, clock=clock):
        gave_up = await reply_to(api, CAT, CAT, "/giveup")
    assert gave_up == (
        "You gave up Bob's challenge. Its solutions are kept from you for now: it has cards "
        "of a daily puzzle you have yet to play."
    )
