"""The daily puzzle through the local Bot API, with a fixed clock."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games import daily as daily_command
from bot.games.daily.parts import DAILY_CHAT
from bot.i18n import date_text
from bot.local_api import plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    game_jobs,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)


async def test_private_daily_with_clock_misses_and_share_line(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        shown = await reply_to(api, BOB, BOB, "/daily")
        assert f"每日一题 #{daily_number(DAY)}" in plain_text(shown)
        # A wrong expression of the cards: a miss (other numbers, or chat, would be free).
        assert "还不对" in await reply_to(
            api, BOB, BOB, "2+6+6+12"
        )  # a wrong expression of the cards: a miss
        clock.now += 42
        solved = plain_text(await reply_to(api, BOB, BOB, solve(daily(DAY))[0].text))
        assert f"24点 每日一题 #{daily_number(DAY)} ✅ 0:42 · 失误 1 次 · 🔥1" in solved
        again = plain_text(await reply_to(api, BOB, BOB, "/daily"))
        assert "已经完成" in again
        assert "✅ 0:42" in again


async def test_streak_across_days_and_a_restart(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    for offset in (0, 1):
        day = DAY + dt.timedelta(days=offset)
        async with running_bot(api, tmp_path, clock=clock):
            await reply_to(api, ANN, ANN, "/daily")
            solved = plain_text(await reply_to(api, ANN, ANN, "/a " + solve(daily(day))[0].text))
        clock.now += 86_400
    assert "🔥2" in solved
    assert "Streak: 2" in solved


async def test_day_boundary_follows_the_time_zone(tmp_path: Path) -> None:
    api = make_api()
    late = dt.datetime(2026, 11, 23, 15, 30, tzinfo=dt.UTC).timestamp()  # 23:30 in Shanghai
    clock = FakeClock(late)
    env = {"TWENTYFOUR_TIMEZONE": "Asia/Shanghai"}
    async with running_bot(api, tmp_path, clock=clock, env=env):
        before = plain_text(await reply_to(api, ANN, ANN, "/daily"))
        clock.now += 3600  # 00:30 in Shanghai, still the 23rd in UTC
        after = plain_text(await reply_to(api, ANN, ANN, "/start daily"))
    assert f"Daily #{daily_number(DAY)}" in before
    assert f"Daily #{daily_number(DAY + dt.timedelta(days=1))}" in after


async def test_group_daily_has_no_spoilers_and_shows_results(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        posted = await reply_to(api, ANN, GROUP, "/daily")
        message = api.sent[-1]
        button = message["reply_markup"]["inline_keyboard"][0][0]
        assert button["url"] == "https://t.me/TwentyFourBot?start=daily"
        answer = solve(daily(DAY))[0].text
        assert answer not in posted
        assert "Solved today" not in posted
        await reply_to(api, ANN, ANN, "/start daily")
        clock.now += 5  # at a person's pace (faster is on no board)
        await reply_to(api, ANN, ANN, answer)
        results = plain_text(await reply_to(api, BOB, GROUP, "/daily"))
        assert "Ann：0:05" in results
        top = plain_text(await reply_to(api, BOB, GROUP, "/daily top"))
        assert "1. Ann：0:05" in top
        assert "1. Ann：🔥1" in top
    group_texts = [
        m.get("text") or m.get("caption") or "" for m in api.sent if m["chat"]["id"] == GROUP
    ]
    assert [text for text in group_texts if answer in text] == []


async def test_subscriptions_post_rebuild_and_end_when_blocked(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        assert "只有群管理员" in await reply_to(api, BOB, GROUP, "/subscribe 08:30")
        done = plain_text(await reply_to(api, ANN, GROUP, "/subscribe 08:30"))
        assert "every day at 08:30 (UTC)" in done
        assert application.job_queue.get_jobs_by_name(f"daily:{GROUP}")
        before = len(api.sent)
        application.job_queue.run_once(daily_command.post_daily, 0, chat_id=GROUP)
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
        assert "photo" in post
        assert "Yesterday (#" in plain_text(post["caption"])
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        jobs = application.job_queue.get_jobs_by_name(f"daily:{GROUP}")
        assert len(jobs) == 1
        api.fail_next("sendPhoto", 403, "Forbidden: bot was kicked from the group chat")
        calls = api.calls.count("sendPhoto")
        application.job_queue.run_once(daily_command.post_daily, 0, chat_id=GROUP)
        await settled(api, application, timeout=20)
        assert api.calls.count("sendPhoto") == calls + 1  # tried once, refused
        assert DAILY_CHAT.get(application.chat_data[GROUP]).subscription is None
        assert not [
            j
            for j in application.job_queue.get_jobs_by_name(f"daily:{GROUP}")
            if j.enabled and not j.removed
        ]


async def test_a_post_missed_while_the_bot_was_down_comes_at_restart(tmp_path: Path) -> None:
    api = make_api()
    morning = dt.datetime(2026, 11, 23, 8, 0, tzinfo=dt.UTC).timestamp()
    async with running_bot(api, tmp_path, clock=FakeClock(morning)):
        assert "08:30" in await reply_to(api, ANN, GROUP, "/subscribe 08:30")
    # The bot is down from 08:00 to noon, across the post's time.
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
        assert post["chat"]["id"] == GROUP
        assert f"Daily #{daily_number(DAY)}" in plain_text(post["caption"])
        await settled(api, application)
        assert DAILY_CHAT.get(application.chat_data[GROUP]).done == DAY
    # Restarted again the same day: it was posted, and a subscription made after its time
    # does not post today either.
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        assert "every day at 11:00" in plain_text(await reply_to(api, ANN, ANN, "/subscribe 11:00"))
    async with running_bot(api, tmp_path, clock=FakeClock(NOON + 60)) as application:
        await settled(api, application)
    assert len(api.sent) == before + 2  # the post and the reply to /subscribe


async def test_unsubscribing_a_chat_that_is_not_subscribed_says_so(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, ANN, GROUP, "/unsubscribe")
    assert reply == "This chat is not subscribed to the daily puzzle."


async def test_unsubscribing_a_subscribed_chat(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, GROUP, "/subscribe 20:00")
        reply = await reply_to(api, ANN, GROUP, "/unsubscribe")
    assert reply == "Unsubscribed from the daily puzzle."


async def test_a_subscription_moves_with_a_group_upgraded_to_a_supergroup(tmp_path: Path) -> None:
    api = make_api()
    supergroup = -1_009_000_000_001
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        assert "08:30" in await reply_to(api, ANN, GROUP, "/subscribe 08:30")
        api.migrate(GROUP, supergroup)
        await settled(api, application)
        names = [job.name for job in game_jobs(application)]
        assert names == [f"daily:{supergroup}"]
        before = len(api.sent)
        application.job_queue.run_once(daily_command.post_daily, 0, chat_id=supergroup)
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert post["chat"]["id"] == supergroup


async def test_a_missed_day_after_a_week_uses_a_freeze_and_says_so(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        for offset in (*range(7), 8):  # a week solved, then the eighth day missed
            clock.now = NOON + offset * 86_400
            await reply_to(api, ANN, ANN, "/daily")
            day = DAY + dt.timedelta(days=offset)
            solved = plain_text(await reply_to(api, ANN, ANN, solve(daily(day))[0].text))
    missed = date_text(DAY + dt.timedelta(days=7), "en")  # Nov 30, 2026
    lines = solved.splitlines()
    assert lines[0].endswith("Share it:")
    assert lines[1].startswith(f"24点 Daily #{daily_number(DAY + dt.timedelta(days=8))} ✅")
    assert lines[2] == f"🧊 A streak freeze covered {missed}: your streak lives on."
    assert "Streak: 8 (best 8)" in solved
