"""Bulk notices through the local Bot API: 1,500 daily reminders and 300 subscribed chats'
posts due at the same moment go after the games and replies of everyone else.

The jobs are run at once (as the scheduler runs jobs due at the same minute), and the
assertions count messages, not seconds: how many notices went out before the win.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.games import daily
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD
from bot.local_api import LocalBotApi, plain_text
from bot.services.outbox import GLOBAL_LIMIT
from bot.services.outbox.bulk import BULK_ROOM
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    until,
)

pytestmark = pytest.mark.asyncio

REMINDED = range(10_000, 11_500)
SUBSCRIBED = range(-3_000_299, -3_000_000 + 1)
WORTH = GLOBAL_LIMIT - BULK_ROOM
"""Bulk notices that may go in the second before a win: they leave room for it."""


def with_notices(api: LocalBotApi) -> None:
    for user in REMINDED:
        api.add_user(user, f"R{user}")
    for group in SUBSCRIBED:
        api.add_group(group, f"G{group}", admins={ANN})


def notices_due(application: BotApplication) -> None:
    """Every reminder and daily post due now, as at one minute of the day."""
    for user in REMINDED:
        DAILY_RECORD.get(application.user_data[user]).remind_at = "00:00"
        application.job_queue.run_once(daily.send_reminder, 0, chat_id=user)
    for group in SUBSCRIBED:
        DAILY_CHAT.get(application.chat_data[group]).subscription = "00:00"
        application.job_queue.run_once(daily.post_daily, 0, chat_id=group)


def is_notice(message: dict) -> bool:
    return message["chat"]["id"] in REMINDED or message["chat"]["id"] in SUBSCRIBED


async def first_to(api: LocalBotApi, chat: int, before: int) -> int:
    """The index in ``api.sent`` of the bot's first message to ``chat`` after ``before``."""
    async with asyncio.timeout(20):
        while True:
            for index in range(before, len(api.sent)):
                if api.sent[index]["chat"]["id"] == chat:
                    return index
            await api.wait_for_sent(len(api.sent) + 1)


async def notices_going(api: LocalBotApi) -> None:
    await until(lambda: sum(map(is_notice, api.sent)) >= WORTH, timeout=20)


async def test_notices_due_at_once_do_not_hold_up_a_win_in_another_group(
    tmp_path: Path,
) -> None:
    api = make_api()
    with_notices(api)
    async with running_bot(api, tmp_path) as application:
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        notices_due(application)
        await notices_going(api)
        before = len(api.sent)
        api.send(ANN, GROUP, f"/a {answer}")
        won = await first_to(api, GROUP, before)
        notices_first = sum(map(is_notice, api.sent[before:won]))
        assert plain_text(api.sent[won]["text"]).startswith("🎉 Ann wins")
    assert notices_first <= WORTH


async def test_notices_due_at_once_do_not_hold_up_a_private_reply(tmp_path: Path) -> None:
    api = make_api()
    with_notices(api)
    async with running_bot(api, tmp_path) as application:
        notices_due(application)
        await notices_going(api)
        before = len(api.sent)
        api.send(ANN, ANN, "/start")
        answered = await first_to(api, ANN, before)
        notices_first = sum(map(is_notice, api.sent[before:answered]))
    assert notices_first <= WORTH


async def test_notices_left_when_the_bot_stops_are_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    with_notices(api)
    async with running_bot(api, tmp_path) as application:
        notices_due(application)
        await notices_going(api)
    assert any("bulk notices unsent" in record.getMessage() for record in caplog.records)


async def test_a_daily_post_left_when_the_bot_stops_is_posted_at_the_restart(
    tmp_path: Path,
) -> None:
    api = make_api()
    with_notices(api)
    async with running_bot(api, tmp_path) as application:
        notices_due(application)
        await notices_going(api)
    unposted = set(SUBSCRIBED) - {m["chat"]["id"] for m in api.sent}
    assert unposted  # at 20 notices a second, most were still queued
    before = len(api.sent)
    async with running_bot(api, tmp_path):
        await until(lambda: any(m["chat"]["id"] in unposted for m in api.sent[before:]), timeout=20)


async def test_reminders_set_for_the_same_minute_come_at_different_seconds(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        for user in (ANN, BOB):
            await reply_to(api, user, user, "/remind 20:00")
        jobs = [application.job_queue.get_jobs_by_name(f"daily-reminder:{u}") for u in (ANN, BOB)]
    when = [job.next_t for (job,) in jobs if job.next_t is not None]
    assert len(when) == 2  # both scheduled
    times = {t.replace(second=0) for t in when}
    seconds = {t.second for t in when}
    assert len(times) == 1
    assert len(seconds) == 2


async def test_posts_subscribed_for_the_same_minute_come_at_different_seconds(
    tmp_path: Path,
) -> None:
    api = make_api()
    other = -1_002_001
    api.add_group(other, "Others", admins={ANN})
    async with running_bot(api, tmp_path) as application:
        for group in (GROUP, other):
            await reply_to(api, ANN, group, "/subscribe 08:30")
        jobs = [application.job_queue.get_jobs_by_name(f"daily:{g}") for g in (GROUP, other)]
    when = [job.next_t for (job,) in jobs if job.next_t is not None]
    assert len(when) == 2  # both scheduled
    times = {t.replace(second=0) for t in when}
    seconds = {t.second for t in when}
    assert len(times) == 1
    assert len(seconds) == 2
