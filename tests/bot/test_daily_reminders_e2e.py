"""Daily reminders through the local Bot API with a fixed clock: once a day with the streak, in
the player's time zone, /remind's answers, none on a day solved, players who blocked the bot
forgotten, and what a restart keeps."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games import daily as daily_command
from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import LocalBotApi
from solver import daily_number
from tests.bot.daily_habit_data import DAY, NOON, answer_of, solve_daily
from tests.bot.harness import (
    ANN,
    BOB,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    saved_record,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio


async def test_a_reminder_comes_once_a_day_with_the_streak(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON - 86_400)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=1)))
        clock.now = NOON
        set_up = await reply_to(api, ANN, ANN, "/remind 20:00")
        assert application.job_queue.get_jobs_by_name(f"daily-reminder:{ANN}")
        before = len(api.sent)
        for _ in range(2):
            application.job_queue.run_once(daily_command.send_reminder, 0, chat_id=ANN)
            await settled(api, application)
    assert set_up == (
        "I will remind you at 20:00 (UTC) on days you have not solved the puzzle yet. "
        "A new puzzle comes at 00:00 your time."
    )
    assert [m["text"] for m in api.sent[before:]] == [
        f"⏰ Daily #{daily_number(DAY)} is waiting: your 🔥1 streak ends in 12 h 00 min, "
        "at 00:00 your time. /daily"
    ]


async def test_a_reminder_keeps_its_time_zone_across_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, BOB, "/remind 20:00 Asia/Shanghai")
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        (job,) = application.job_queue.get_jobs_by_name(f"daily-reminder:{BOB}")
    assert reply == (
        "在你还没解出当天题目的日子，我会在 20:00（Asia/Shanghai）提醒你。"
        "新题目在你那里的 08:00 出来。"
    )
    assert job.next_t is not None
    assert job.next_t.astimezone(dt.UTC).hour == 12


async def reminded(api: LocalBotApi, application: BotApplication, user: int) -> str:
    before = len(api.sent)
    application.job_queue.run_once(daily_command.send_reminder, 0, chat_id=user)
    await settled(api, application)
    (message,) = api.sent[before:]
    text: str = message["text"]
    return text


async def test_a_reminder_says_when_the_streak_ends_in_the_players_zone(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON - 86_400)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, BOB, BOB, "/daily")
        await reply_to(api, BOB, BOB, answer_of(DAY - dt.timedelta(days=1)))
        clock.now = NOON  # 20:00 in Shanghai; the puzzle changes at midnight UTC, 08:00 there
        await reply_to(api, BOB, BOB, "/remind 20:00 Asia/Shanghai")
        text = await reminded(api, application, BOB)
    assert text == (
        f"⏰ 每日一题 #{daily_number(DAY)} 在等你：你的 🔥1 连胜还剩 12 小时 00 分，"
        "在你那里的 08:00 结束。/daily"
    )


async def test_a_reminder_with_a_freeze_held_says_the_streak_is_kept(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON - 7 * 86_400)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for back in range(7, 0, -1):  # seven days in a row earn a freeze
            await reply_to(api, ANN, ANN, "/daily")
            await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=back)))
            clock.now += 86_400
        await reply_to(api, ANN, ANN, "/remind 20:00")
        text = await reminded(api, application, ANN)
    assert text == (
        f"⏰ Daily #{daily_number(DAY)} is waiting: solve it within 12 h 00 min "
        "(by 00:00 your time), or a streak freeze 🧊 is used to keep your 🔥7 streak. /daily"
    )


async def test_a_reminder_without_a_streak_says_how_long_is_left(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00 america/new_york")
        text = await reminded(api, application, ANN)
    assert text == (
        f"⏰ Daily #{daily_number(DAY)} is waiting, for 12 h 00 min more "
        "(until 19:00 your time): /daily"
    )


async def test_a_time_zone_is_found_in_any_case(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00 asia/shanghai")
        assert DAILY_RECORD.get(application.user_data[ANN]).remind_zone == "Asia/Shanghai"


async def test_an_unknown_time_zone_is_named_in_the_reply(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        reply = await reply_to(api, ANN, ANN, "/remind 20:00 Mars/Olympus")
        assert DAILY_RECORD.get(application.user_data[ANN]).remind_at is None
    assert reply == (
        "I do not know the time zone Mars/Olympus: give its name as in "
        "/remind 20:00 Asia/Shanghai, Europe/London or America/New_York."
    )


async def test_a_new_time_keeps_the_time_zone_given_before(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/remind 20:00 Asia/Shanghai")
        reply = await reply_to(api, ANN, ANN, "/remind 21:30")
    assert reply == (
        "I will remind you at 21:30 (Asia/Shanghai) on days you have not solved the puzzle "
        "yet. A new puzzle comes at 08:00 your time."
    )


async def test_remind_alone_says_which_reminder_is_set(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/remind 07:15 Europe/London")
        reply = await reply_to(api, ANN, ANN, "/remind")
    assert reply.splitlines()[0] == (
        "I will remind you at 07:15 (Europe/London) on days you have not solved the puzzle "
        "yet. A new puzzle comes at 00:00 your time."
    )


async def test_remind_alone_without_a_reminder(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, BOB, "/remind")
    assert reply.splitlines()[0] == "你还没有设置提醒。"


async def test_remind_off_in_capitals(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        reply = await reply_to(api, ANN, ANN, "/remind OFF")
        assert DAILY_RECORD.get(application.user_data[ANN]).remind_at is None
    assert reply == "No more reminders."


async def test_no_reminder_on_a_day_solved(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        await solve_daily(api, clock, ANN, 10)
        before = len(api.sent)
        application.job_queue.run_once(daily_command.send_reminder, 0, chat_id=ANN)
        await settled(api, application)
    assert len(api.sent) == before


async def test_a_player_who_blocked_the_bot_is_forgotten(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        api.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
        application.job_queue.run_once(daily_command.send_reminder, 0, chat_id=ANN)
        await settled(api, application)
        assert DAILY_RECORD.get(application.user_data[ANN]).remind_at is None
        assert not [
            j
            for j in application.job_queue.get_jobs_by_name(f"daily-reminder:{ANN}")
            if j.enabled and not j.removed
        ]


async def saved_reminder(data_dir: Path, user: int) -> None:
    """Wait until the data file holds the user's reminder: a change made after that (by a
    job) is saved only if the job says whose data it changed."""

    def reminder_saved() -> bool:
        saved = saved_record(data_dir, "user", user)
        return saved is not None and DAILY_RECORD.get(saved).remind_at is not None

    await until(reminder_saved, timeout=10, interval=0.05)


async def test_a_player_who_blocked_the_bot_is_forgotten_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        await saved_reminder(tmp_path, ANN)
        api.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
        application.job_queue.run_once(daily_command.send_reminder, 0, chat_id=ANN)
        await settled(api, application)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        assert not application.job_queue.get_jobs_by_name(f"daily-reminder:{ANN}")
        assert DAILY_RECORD.get(application.user_data[ANN]).remind_at is None


async def test_the_day_a_reminder_went_out_is_kept_across_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        await saved_reminder(tmp_path, ANN)
        await reminded(api, application, ANN)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        assert DAILY_RECORD.get(application.user_data[ANN]).reminded == DAY.isoformat()


async def test_reminders_off(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/remind 20:00")
        reply = await reply_to(api, ANN, ANN, "/remind off")
    assert reply == "No more reminders."
