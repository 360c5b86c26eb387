"""The data file of release 1 still works: the bot starts on it and finds everything it held.

``tests/fixtures/data-release-1.sqlite3`` was written by release 1's own bot (see
``tests/fixtures/make_release_data.py`` for the story it played).  Each test starts the bot on
a copy of it, on day 3 of that story (2026-11-25), and asks as a user would.  The chats' own
languages are known: Ann's private chat was set to Chinese, Bob's Telegram is Chinese, and Ann
(English) wrote last in the group.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import shutil
from pathlib import Path

import pytest

from bot.i18n import language_name
from bot.local_api import plain_text
from bot.persistence import FILE_NAME
from bot.state import CHATS_GAME
from solver import daily_number, solve
from tests.bot.harness import (
    ANN,
    BOB,
    FIXTURE,
    GROUP,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


DAY3 = dt.date(2026, 11, 25)
MORNING = dt.datetime(2026, 11, 25, 8, 0, tzinfo=dt.UTC).timestamp()
"""Before the group's daily post (08:30): nothing is sent at start-up."""
NOON = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC).timestamp()
"""After the group's daily post time: the day's post is due at start-up."""

RUNNING_HAND = (3, 7, 11)
"""The round left running in Ann's private chat (target 10, one hint taken)."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A directory holding a copy of release 1's data file (the fixture stays untouched)."""
    shutil.copyfile(FIXTURE, tmp_path / FILE_NAME)
    return tmp_path


def hand_in(text: str) -> tuple[int, ...]:
    """The cards a caption names in bold."""
    found = re.search(r"<b>(\d+(?: \d+)+)</b>", text)
    assert found, text
    return tuple(int(card) for card in found.group(1).split())


async def test_the_group_scores_are_kept(data_dir: Path) -> None:
    api = make_api()
    async with running_bot(api, data_dir, clock=FakeClock(MORNING)):
        ann = plain_text(await reply_to(api, ANN, GROUP, "/score")).split("\n")
        bob = plain_text(await reply_to(api, BOB, GROUP, "/score")).split("\n")
        top = plain_text(await reply_to(api, ANN, GROUP, "/top")).split("\n\n")
    assert ann[0] == "Ann: 2 wins, 42 points"
    assert ann[1] == "Best time 14.2 s, median 17.9 s"
    assert ann[2] == "Win streak 1 (best 1)"
    assert bob[0] == "Bob：1 胜，40 分"
    assert bob[1] == "最快 9.8 秒，中位数 9.8 秒"
    assert bob[2] == "连胜 0（最佳 1）"
    assert top[0] == "All time\n1. Ann: 42\n2. Bob: 40"
    assert top[1] == "This week\n1. Ann: 42\n2. Bob: 40"


async def test_where_plain_answers_go_is_read_as_a_typed_value(data_dir: Path) -> None:
    # Release 1 saved it as the word "round" (its "mode"); it is read as what it means.
    async with running_bot(make_api(), data_dir, clock=FakeClock(MORNING)) as application:
        answers_to = application.chat_data[ANN].answers_to
    assert answers_to == CHATS_GAME


async def test_the_private_settings_are_kept(data_dir: Path) -> None:
    api = make_api()
    async with running_bot(api, data_dir, clock=FakeClock(MORNING)):
        menu = plain_text(await reply_to(api, ANN, ANN, "/settings")).split("\n")
    assert menu[0] == "设置"
    assert menu[1] == "牌：1–13"
    assert menu[2] == "难度：简单"
    assert menu[3] == "限时：不计时"
    assert menu[4] == "目标数：10"
    assert menu[5] == "牌数：3"
    assert menu[6] == "无解牌：关"
    assert menu[7] == "语言：" + language_name("zh")
    assert menu[8] == "倒计时限时：30 秒"  # a setting release 1 did not have: its default


async def test_the_group_plays_a_countdown_on_its_old_data(data_dir: Path) -> None:
    api = make_api()
    clock = FakeClock(MORNING)
    async with running_bot(api, data_dir, clock=clock) as application:
        application.bot_data.rng = random.Random(1)  # 2 2 5 8 10 50 → 880
        before = len(api.sent)
        api.send(BOB, GROUP, "/countdown 1")
        await api.wait_for_sent(before + 1, timeout=20)
        await settled(api, application)
        await reply_to(api, BOB, GROUP, "/a (50+5)*8*2")
        end = plain_text(await reply_to(api, ANN, GROUP, "/countdown stop"))
        bob = plain_text(await reply_to(api, BOB, GROUP, "/score")).split("\n")
    assert end.split("\n")[1] == "1. Bob: 880, exactly! · 10 points"
    assert bob[0] == "Bob：1 胜，40 分"
    assert bob[3] == "倒计时：10 分"


async def test_the_running_round_can_still_be_won(data_dir: Path) -> None:
    api = make_api()
    answer = solve(RUNNING_HAND, 10)[0].text
    async with running_bot(api, data_dir, clock=FakeClock(MORNING)):
        busy = plain_text(await reply_to(api, ANN, ANN, "/play"))
        hint = plain_text(await reply_to(api, ANN, ANN, "/hint"))
        won = plain_text(await reply_to(api, ANN, ANN, f"/a {answer}")).split("\n")
    assert busy == "本局还在进行：直接输入答案，或使用 /hint、/reveal、/skip。"
    # The round's first hint was taken before the save: the next one is the second.
    assert hint.splitlines()[0] == "提示：目标是 21 − 11；用 3、7 算出 21。"
    assert won[0].startswith("🎉 Ann 用时 ")
    # Level 1 (10 points) less two hints of a quarter each.
    assert won[0].endswith("秒获胜：+5 分！")


async def test_the_daily_streak_is_kept(data_dir: Path) -> None:
    api = make_api()
    clock = FakeClock(MORNING)
    async with running_bot(api, data_dir, clock=clock):
        top = plain_text(await reply_to(api, BOB, BOB, "/daily top")).split("\n")
        hand = hand_in(await reply_to(api, BOB, BOB, "/daily"))
        clock.now += 30
        solved = plain_text(await reply_to(api, BOB, BOB, solve(hand)[0].text)).split("\n")
    # Day 3 is not solved yet: the streak of days 1 and 2 still counts.
    assert top[-1] == "1. Bob：🔥2"
    assert solved[0] == "✅ 用时 0:30 解出！连续 3 天（最佳 3）。分享一下："
    assert solved[1] == f"24点 每日一题 #{daily_number(DAY3)} ✅ 0:30 · 失误 0 次 · 🔥3"


async def test_the_group_still_gets_the_daily_post(data_dir: Path) -> None:
    api = make_api()
    async with running_bot(api, data_dir, clock=FakeClock(NOON)):
        # The post is due at start-up (08:30 has passed, and day 3's was not posted yet).
        post = (await api.wait_for_sent(1))[0]
    caption = plain_text(post["caption"]).split("\n")
    yesterday = daily_number(DAY3 - dt.timedelta(days=1))
    assert post["chat"]["id"] == GROUP
    assert caption[0].startswith(f"Daily #{daily_number(DAY3)}: make 24 from ")
    assert caption[1] == "Solve it in private, so nobody spoils it here."
    # Of the group's members, Bob solved yesterday's puzzle.
    assert caption[2].startswith(f"Yesterday (#{yesterday}): 1 solved; solutions: ")
