"""Every message the bot builds fits Telegram's limits, with the longest names Telegram
allows (64 characters of first name and 64 of last name): long lists end "… and N more"."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games import daily as daily_feature
from bot.local_api import LocalBotApi, plain_text, visible_length
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
PLAYERS = range(6001, 6011)


def add_long_named_players(api: LocalBotApi) -> None:
    """Ten players whose names are as long as Telegram allows, with characters HTML must
    escape (they cost nothing visible) and some that take two UTF-16 units."""
    for user in PLAYERS:
        first = f"{user} Maximilian-Alexander & <Bartholomew> 𝓜𝓪𝔁 " + "x" * 64
        last = "von Hohenzollern-Sigmaringen-Wittelsbach " + "y" * 64
        api.add_user(user, first[:64], last_name=last[:64])


async def test_a_group_daily_with_ten_long_named_solvers_fits_its_caption(
    tmp_path: Path,
) -> None:
    api = make_api()
    add_long_named_players(api)
    async with running_bot(api, tmp_path, clock=(clock := FakeClock(NOON))):
        for user in PLAYERS:
            await reply_to(api, user, GROUP, "/score")  # seen in the group
            await reply_to(api, user, user, "/daily")
            clock.now += 5  # at a person's pace: faster is on no board
            await reply_to(api, user, user, solve(daily(DAY))[0].text)
        await reply_to(api, ANN, GROUP, "/daily")
        posted = api.sent[-1]
        caption = plain_text(posted["caption"])
    assert "photo" in posted
    assert visible_length(posted["caption"], "HTML") <= 1024
    assert caption.count(": 0:05") + int(caption.split("… and ")[1].split()[0]) == 10
    assert caption.splitlines()[-1].startswith("… and ")


async def test_the_daily_post_with_ten_long_named_solvers_fits_its_caption(
    tmp_path: Path,
) -> None:
    api = make_api()
    add_long_named_players(api)
    yesterday = NOON - 86_400
    async with running_bot(api, tmp_path, clock=(clock := FakeClock(yesterday))):
        for user in PLAYERS:
            await reply_to(api, user, GROUP, "/score")
            await reply_to(api, user, user, "/daily")
            clock.now += 5  # at a person's pace: faster is on no board
            await reply_to(api, user, user, solve(daily(DAY - dt.timedelta(days=1)))[0].text)
    async with running_bot(api, tmp_path, clock=(clock := FakeClock(NOON))) as application:
        for user in PLAYERS:  # today too
            await reply_to(api, user, user, "/daily")
            clock.now += 5  # at a person's pace: faster is on no board
            await reply_to(api, user, user, solve(daily(DAY))[0].text)
        before = len(api.sent)
        application.job_queue.run_once(daily_feature.post_daily, 0, chat_id=GROUP)
        await settled(api, application, timeout=20)
    posted = api.sent[before:]
    assert [("photo" in m) for m in posted] == [True]
    assert "Yesterday (#" in plain_text(posted[0]["caption"])


async def test_daily_top_with_ten_long_named_players_fits(tmp_path: Path) -> None:
    api = make_api()
    add_long_named_players(api)
    async with running_bot(api, tmp_path, clock=(clock := FakeClock(NOON))):
        for user in PLAYERS:
            await reply_to(api, user, GROUP, "/score")
            await reply_to(api, user, user, "/daily")
            clock.now += 5  # at a person's pace: faster is on no board
            await reply_to(api, user, user, solve(daily(DAY))[0].text)
        top = plain_text(await reply_to(api, ANN, GROUP, "/daily top"))
    assert top.startswith("Fastest today")
    assert top.count("🔥1") == 10


async def test_the_leaderboard_with_ten_long_named_players_fits(tmp_path: Path) -> None:
    api = make_api()
    add_long_named_players(api)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        stats = application.chat_data[GROUP].table.stats
        for points, user in enumerate(PLAYERS, start=10):
            name = f"{api.users[user]['first_name']} {api.users[user]['last_name']}"
            stats.record_win(user, name, points, 12.5, DAY)  # as a won round scores it
        top = plain_text(await reply_to(api, ANN, GROUP, "/top"))
    assert top.startswith("All time")
    assert top.count("Maximilian") == 20  # ten all time, ten this week


async def test_the_groups_week_with_twelve_players_shows_ten_and_fits(tmp_path: Path) -> None:
    api = make_api()
    add_long_named_players(api)
    async with running_bot(api, tmp_path, clock=(clock := FakeClock(NOON))):
        for user in [*PLAYERS, ANN, BOB]:
            await reply_to(api, user, GROUP, "/score")
            await reply_to(api, user, user, "/daily")
            clock.now += 5  # at a person's pace: faster is on no board
            await reply_to(api, user, user, solve(daily(DAY))[0].text)
        await reply_to(api, ANN, GROUP, "/daily week")
        week = api.sent[-1]
    assert visible_length(week["text"], "HTML") <= 4096
    assert plain_text(week["text"]).splitlines()[-1] == "… and 2 more players"
