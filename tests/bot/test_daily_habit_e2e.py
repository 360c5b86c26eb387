"""The daily puzzle as a habit, through the local Bot API with a fixed clock: /stats and
everyone's day (the archive and the group's week: ``test_daily_archive_e2e.py``; reminders:
``test_daily_reminders_e2e.py``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import plain_text
from solver import daily_number
from tests.bot.daily_habit_data import DAY, NOON, answer_of, solve_daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
)

pytestmark = pytest.mark.asyncio


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
    assert caption.splitlines()[-1] == "The chart: your 1 solve by time, today's bar in orange."


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
    assert caption.splitlines()[-1] == "图表：你的 1 次解题按用时分布，今天的柱子是橙色。"


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
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, ANN, 30)
        line = plain_text(await reply_to(api, ANN, GROUP, "/stats"))
    button = api.sent[-1]["reply_markup"]["inline_keyboard"][0][0]
    assert line.startswith("Ann: Days played: 1")
    assert "Your chart is in our private chat." in line
    assert "photo" not in api.sent[-1]
    assert button["url"] == "https://t.me/TwentyFourBot?start=stats"


async def test_stats_in_a_group_offer_no_chart_before_a_solve_time(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        line = plain_text(await reply_to(api, ANN, GROUP, "/stats"))
    assert line == (
        "Ann: Days played: 0 · solved: 0% · Streak: 🔥0 (best 0) · freezes held: 🧊0 · "
        "Best time: – · median: – · Misses per day: 0.0"
    )
    assert "reply_markup" not in api.sent[-1]


async def test_the_stats_link_opens_the_chart_in_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        caption = plain_text(await reply_to(api, ANN, ANN, "/start stats"))
    assert caption.startswith("Your daily puzzles")


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
        record = DAILY_RECORD.get(application.user_data[ANN])
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
