"""The daily puzzle as a habit, through the local Bot API with a fixed clock: /stats, everyone's
day, the archive, reminders and the group's week."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.features import daily as daily_command
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
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

NOON = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC).timestamp()
DAY = dt.date(2026, 11, 23)


def answer_of(day: dt.date) -> str:
    return solve(daily(day))[0].text


async def test_stats_in_private_are_a_chart_with_the_numbers_as_caption(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 65
        await reply_to(api, ANN, ANN, answer_of(DAY))
        caption = plain_text(await reply_to(api, ANN, ANN, "/stats"))
    assert "photo" in api.sent[-1]
    assert "Days played: 1 · solved: 100%" in caption
    assert "Streak: 🔥1 (best 1) · freezes held: 🧊0" in caption
    assert "Best time: 1:05 · median: 1:05" in caption
    assert "Misses per day: 0.0" in caption


async def test_daily_stats_is_stats_in_the_users_language(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        caption = plain_text(await reply_to(api, BOB, BOB, "/daily stats"))
    assert "参与天数：0 · 完成率：0%" in caption
    assert "最快：– · 中位数：–" in caption


async def test_the_charts_words_are_in_the_caption_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 40)
        caption = plain_text(await reply_to(api, BOB, BOB, "/stats"))
    assert "photo" in api.sent[-1]
    assert caption.splitlines()[-1] == "图表：每个用时段你解出的天数，今天的柱子是橙色。"


async def test_stats_with_nothing_solved_are_words_without_a_chart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        text = plain_text(await reply_to(api, ANN, ANN, "/stats"))
    assert "photo" not in api.sent[-1]
    assert text.splitlines()[-1] == "No solve times to chart yet: /daily starts today's puzzle."


async def test_stats_in_a_group_are_the_askers_line_and_a_link_to_the_chart(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        line = plain_text(await reply_to(api, ANN, GROUP, "/stats"))
    button = api.sent[-1]["reply_markup"]["inline_keyboard"][0][0]
    assert line.startswith("Ann: Days played: 0")
    assert "Your chart is in our private chat." in line
    assert "photo" not in api.sent[-1]
    assert button["url"] == "https://t.me/TwentyFourBot?start=stats"


async def test_the_stats_link_opens_the_chart_in_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        caption = plain_text(await reply_to(api, ANN, ANN, "/start stats"))
    assert caption.startswith("Your daily puzzles")


async def solve_daily(api: LocalBotApi, clock: FakeClock, user: int, seconds: float) -> str:
    await reply_to(api, user, user, "/daily")
    clock.now += seconds
    return plain_text(await reply_to(api, user, user, answer_of(DAY)))


async def test_the_first_solver_of_the_day_is_told_so(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        solved = await solve_daily(api, clock, ANN, 30)
    assert "You are the first to solve this puzzle." in solved
    assert "Next puzzle in 11 h 59 min." in solved


async def test_a_solver_hears_how_many_solved_and_the_percentile(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 30)
        solved = await solve_daily(api, clock, ANN, 20)
    assert "2 players solved it: you were faster than 100% of the others." in solved
    assert "· faster than 100%" in solved
    assert answer_of(DAY) not in solved


async def test_the_days_solvers_are_counted_again_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, ANN, 20)
    async with running_bot(api, tmp_path, clock=clock):
        solved = await solve_daily(api, clock, BOB, 30)
    assert "🌍 目前已有 2 人解出。" in solved.splitlines()


async def test_a_puzzle_solved_after_midnight_points_to_todays(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON + 12 * 3600 - 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 120  # 00:01, the next day
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(DAY)))
    assert solved.splitlines()[-2:] == [
        "🌍 You are the first to solve this puzzle.",
        f"Today's puzzle, Daily #{daily_number(DAY) + 1}, is out: /daily",
    ]


async def test_the_share_line_shown_again_keeps_the_percentile(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 30)
        await solve_daily(api, clock, ANN, 20)
        again = plain_text(await reply_to(api, ANN, ANN, "/daily"))
    assert again.splitlines()[-1] == (
        f"24点 Daily #{daily_number(DAY)} ✅ 0:20 · 0 misses · 🔥1 · faster than 100%"
    )


async def test_yesterdays_answer_counts_after_todays_puzzle_was_opened(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON + 12 * 3600 - 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 120  # 00:01: Ann asks for the puzzle again, and gets today's
        await reply_to(api, ANN, ANN, "/daily")
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(DAY)))
        today = plain_text(await reply_to(api, ANN, ANN, answer_of(DAY + dt.timedelta(days=1))))
        record = application.user_data[ANN].daily
        assert record.streak(DAY + dt.timedelta(days=1)) == 2
    assert solved.splitlines()[0] == "✅ Solved in 2:00! Streak: 1 (best 1). Share it:"
    assert solved.splitlines()[-1] == (
        f"Today's puzzle, Daily #{daily_number(DAY) + 1}, is open too: its clock runs."
    )
    assert today.startswith("✅ Solved in 0:00! Streak: 2 (best 2).")


async def test_a_reply_to_yesterdays_picture_counts_for_it(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON + 12 * 3600 - 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, BOB, BOB, "/daily")
        yesterdays = api.sent[-1]["message_id"]
        clock.now += 120
        await reply_to(api, BOB, BOB, "/daily")
        solved = plain_text(await reply_to(api, BOB, BOB, answer_of(DAY), reply_to=yesterdays))
    assert solved.splitlines()[0] == "✅ 用时 2:00 解出！连续 1 天（最佳 1）。分享一下："


PAST = DAY - dt.timedelta(days=22)  # 2026-11-01


async def test_a_past_puzzle_by_date_has_its_own_clock(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        shown = plain_text(await reply_to(api, ANN, ANN, "/daily 2026-11-01"))
        clock.now += 42
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(PAST)))
    assert shown.startswith(f"Daily #{daily_number(PAST)} (2026-11-01, from the archive)")
    assert solved == (
        f"✅ Daily #{daily_number(PAST)} (2026-11-01) solved in 0:42. "
        "Archive results count for no streak."
    )


async def test_a_past_puzzle_by_number_is_kept_and_no_streak(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/daily #300")
        await reply_to(api, ANN, ANN, answer_of(dt.date(2026, 10, 27)))
        record = application.user_data[ANN].daily
        assert record.played(dt.date(2026, 10, 27)) is not None
        assert record.streak(DAY) == 0


async def test_a_replay_never_reaches_todays_board(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, BOB, BOB, "/daily 2026-11-22")
        await reply_to(api, BOB, BOB, answer_of(DAY - dt.timedelta(days=1)))
        solved = await solve_daily(api, clock, ANN, 20)
    assert "You are the first to solve this puzzle." in solved


async def test_no_future_puzzle(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily 2026-11-24")
    assert refused == (
        f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily)."
    )


async def test_a_number_past_the_last_date_is_still_to_come(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, BOB, BOB, "/daily #99999999")
    assert refused == f"那道题还没到：今天的是每日一题 #{daily_number(DAY)}（/daily）。"


async def test_no_puzzle_before_daily_1(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily #0")
    assert refused == "Daily #1 was on 2026-01-01: there is no earlier puzzle."


async def test_a_day_that_does_not_exist_is_asked_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily 2026-02-30")
    assert refused == (
        f"Give a past day or number: /daily 2026-11-01 or /daily #{daily_number(DAY) - 1}."
    )


async def test_a_word_daily_does_not_know_starts_no_clock(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        reply = await reply_to(api, ANN, ANN, "/daily " + "x" * 4000)
        assert application.user_data[ANN].daily.started == {}
    assert reply == (
        "/daily alone shows today's puzzle; it also takes top, stats, week, archive, "
        f"a past day (/daily 2026-11-01) or its number (/daily #{daily_number(DAY) - 1})."
    )


async def archive_message(api: LocalBotApi, user: int) -> dict[str, Any]:
    await reply_to(api, user, user, "/daily archive")
    return api.sent[-1]


@pytest.mark.parametrize(
    ("data", "notice"),
    [
        # A client of one's own sends any callback data: today's puzzle would be practised
        # with no clock before /daily started the live one.
        (
            "daily:2026-11-23",
            f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily).",
        ),
        (
            "daily:2026-12-01",
            f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily).",
        ),
        ("daily:2025-12-31", "Daily #1 was on 2026-01-01: there is no earlier puzzle."),
        (
            "daily:2026-02-30",
            f"Give a past day or number: /daily 2026-11-01 or /daily #{daily_number(DAY) - 1}.",
        ),
    ],
)
async def test_an_archive_button_with_data_of_ones_own_plays_nothing(
    tmp_path: Path, data: str, notice: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        message = await archive_message(api, ANN)
        sent = len(api.sent)
        api.press(ANN, message, data)
        await settled(api, application)
        assert application.user_data[ANN].daily.replay_started == {}
    assert api.callback_answers[-1]["text"] == notice
    assert len(api.sent) == sent


async def test_an_archive_button_pressed_after_midnight_plays_its_day(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        message = await archive_message(api, ANN)
        clock.now += 86_400  # the next day: the listing's days are still past
        before = len(api.sent)
        api.press(ANN, message, "daily:2026-11-22")
        shown = (await api.wait_for_sent(before + 1))[before]
    assert plain_text(shown["caption"]).startswith(
        f"Daily #{daily_number(DAY) - 1} (2026-11-22, from the archive)"
    )


async def test_the_archive_lists_missed_days_first_with_buttons_to_play(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON - 86_400)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")  # yesterday's, solved live
        await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=1)))
        clock.now = NOON
        listing = plain_text(await reply_to(api, ANN, ANN, "/daily archive"))
        message = api.sent[-1]
        buttons = [row[0] for row in message["reply_markup"]["inline_keyboard"]]
        assert listing.splitlines()[1] == f"#{daily_number(DAY) - 2} 2026-11-21: missed"
        assert listing.splitlines()[-1] == f"#{daily_number(DAY) - 1} 2026-11-22: ✅ 0:00"
        assert len(buttons) == 6
        assert all(len(b["callback_data"].encode()) <= 64 for b in buttons)
        before = len(api.sent)
        api.press(ANN, message, buttons[0]["callback_data"])
        shown = (await api.wait_for_sent(before + 1))[before]
    assert plain_text(shown["caption"]).startswith(
        f"Daily #{daily_number(DAY) - 2} (2026-11-21, from the archive)"
    )


async def test_the_archive_in_a_group_points_to_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, GROUP, "/daily archive")
    assert reply == "往期题目请在私聊里玩：私聊我发送 /daily archive。"


async def test_the_groups_week_ranks_by_days_then_time(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(503, "Cy", language_code="en")
    clock = FakeClock(NOON - 86_400)  # Sunday: last week
    async with running_bot(api, tmp_path, clock=clock):
        for user in (ANN, BOB, 503):
            await reply_to(api, user, GROUP, "/daily top")  # seen in the group
        await reply_to(api, ANN, ANN, "/daily")  # last week's, solved: not counted
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=1))))
        assert "Solved in 0:00" in solved
        clock.now = NOON  # Monday
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 50
        await reply_to(api, ANN, ANN, answer_of(DAY))
        await reply_to(api, 503, 503, "/daily")
        clock.now += 10
        await reply_to(api, 503, 503, answer_of(DAY))
        week = plain_text(await reply_to(api, ANN, GROUP, "/daily week"))
    assert week.splitlines() == [
        "This week's daily puzzles",
        "1. Cy: 1 day, 0:10",
        "2. Ann: 1 day, 0:50",
    ]


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
        assert application.user_data[ANN].daily.remind_zone == "Asia/Shanghai"


async def test_an_unknown_time_zone_is_named_in_the_reply(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        reply = await reply_to(api, ANN, ANN, "/remind 20:00 Mars/Olympus")
        assert application.user_data[ANN].daily.remind_at is None
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
        assert application.user_data[ANN].daily.remind_at is None
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
        assert application.user_data[ANN].daily.remind_at is None
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
        return saved is not None and saved.daily.remind_at is not None

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
        assert application.user_data[ANN].daily.remind_at is None


async def test_the_day_a_reminder_went_out_is_kept_across_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/remind 20:00")
        await saved_reminder(tmp_path, ANN)
        await reminded(api, application, ANN)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        assert application.user_data[ANN].daily.reminded == DAY.isoformat()


async def test_reminders_off(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/remind 20:00")
        reply = await reply_to(api, ANN, ANN, "/remind off")
    assert reply == "No more reminders."


async def test_the_archive_in_chinese_has_chinese_punctuation(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        listing = plain_text(await reply_to(api, BOB, BOB, "/daily archive"))
    assert listing.splitlines()[1] == f"#{daily_number(DAY) - 1} 2026-11-22：未完成"
