"""The daily puzzle as a habit, through the local Bot API with a fixed clock: /stats, everyone's
day, the archive, reminders and the group's week."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import daily, solve
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, make_api, reply_to, running_bot

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
    assert "Days played: 1 · solved: 100 %" in caption
    assert "Streak: 🔥1 (best 1) · freezes held: 🧊0" in caption
    assert "Best time: 1:05 · median: 1:05" in caption
    assert "Misses per day: 0.0" in caption


async def test_daily_stats_is_stats_in_the_users_language(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        caption = plain_text(await reply_to(api, BOB, BOB, "/daily stats"))
    assert "参与天数：0 · 完成率：0 %" in caption
    assert "最快：– · 中位数：–" in caption


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


async def solve_daily(api: object, clock: FakeClock, user: int, seconds: float) -> str:
    await reply_to(api, user, user, "/daily")  # type: ignore[arg-type]
    clock.now += seconds
    return plain_text(await reply_to(api, user, user, answer_of(DAY)))  # type: ignore[arg-type]


async def test_the_first_solver_of_the_day_is_told_so(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        solved = await solve_daily(api, clock, ANN, 30)
    assert "You are the first to solve this puzzle today." in solved
    assert "Next puzzle in 11 h 59 min." in solved


async def test_a_solver_hears_how_many_solved_and_the_percentile(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 30)
        solved = await solve_daily(api, clock, ANN, 20)
    assert "2 players solved it: you were faster than 100 % of them." in solved
    assert "· faster than 100%" in solved
    assert answer_of(DAY) not in solved


async def test_the_days_solvers_are_counted_again_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, ANN, 20)
    async with running_bot(api, tmp_path, clock=clock):
        solved = await solve_daily(api, clock, BOB, 30)
    assert "已有 2 人解出：你比其中 0 % 的人快。" in solved
