"""What a newcomer reads, through the local Bot API: the wording of answers, ends of games,
pictures and the daily's numbers, in English and in Chinese."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.games.daily import chart_labels
from bot.i18n import language_name
from bot.local_api import LocalBotApi, plain_text
from bot.rules.hunt import HUNT_SEAT
from bot.services.pictures import bar_chart
from bot.services.pictures.cards import render_hand
from solver import solve
from tests.bot.games import daily, one_or_many
from tests.bot.harness import (
    ANN,
    BOB,
    NOON,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
    untimed_deal,
)
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
DEALS = 40
"""Deals at most while looking for a hand of some kind (each is a fraction of a second)."""


def keep_uploads(api: LocalBotApi) -> list[bytes]:
    """The pictures the bot uploads to ``api`` from now on, as Telegram receives them."""
    uploads: list[bytes] = []
    original = api.call

    async def call_keeping(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method == "sendPhoto" and isinstance(params.get("photo"), bytes):
            uploads.append(params["photo"])
        return await original(method, params)

    api.call = call_keeping  # type: ignore[method-assign]
    return uploads


async def test_an_ellipsis_is_not_read_as_a_decimal(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await untimed_deal(api, application, ANN)
        alone = await reply_to(api, ANN, ANN, "...")
        after = await reply_to(api, ANN, ANN, "4...")
    assert alone == "Not quite: “...” (column 1) is not part of an answer."
    assert after == "Not quite: “...” (column 2) is not part of an answer."


async def test_a_card_dealt_once_is_dealt_only_once(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        for _attempt in range(DEALS):
            hand = await untimed_deal(api, application, ANN)
            once = [card for card, count in Counter(hand).items() if count == 1]
            if once:
                break
            await reply_to(api, ANN, ANN, "/stop")
        else:
            pytest.fail("every hand had pairs only")
        reply = await reply_to(api, ANN, ANN, f"{once[0]}+{once[0]}")
    assert reply == f"Not quite: {once[0]} is used 2 times but dealt only once."


async def test_one_solution_is_the_solution(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.cards = 3  # most such hands have one
        for _attempt in range(DEALS):
            hand = await untimed_deal(api, application, ANN)
            reply = plain_text(await reply_to(api, ANN, ANN, "/reveal"))
            if len(solve(hand)) == 1:
                break
        else:
            pytest.fail("no hand with one solution")
    assert reply == f"The solution:\n{solve(hand)[0].pretty}"


async def test_stop_shows_the_solutions_then_says_the_game_stopped(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, ANN)
        reply = plain_text(await reply_to(api, ANN, ANN, "/stop"))
    lines = reply.splitlines()
    assert lines[0] == one_or_many(hand, "The solution was:", "The solutions were:")
    assert lines[1] == solve(hand)[0].pretty
    assert lines[-1] == "Game stopped. /play to start again."


async def test_stop_with_nothing_on_says_so_rather_than_game_stopped(tmp_path: Path) -> None:
    """/stop after a Rush run (or before any game) stops nothing, and says that."""
    api = make_api()
    async with running_bot(api, tmp_path):
        english = await reply_to(api, ANN, ANN, "/stop")
        chinese = await reply_to(api, BOB, BOB, "/stop")
    assert english == "No round is running: /play deals a hand."
    assert chinese == "现在没有进行中的一局：发送 /play 发牌。"


async def test_a_hunts_repeat_quotes_the_solution_as_the_list_writes_it(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANN, ANN, "/hunt")
        await api.wait_for_sent(before + 1, timeout=20)
        hunt = HUNT_SEAT.of(application.chat_data[ANN].table)
        assert hunt is not None
        pretty = hunt.solutions[0]
        typed = re.sub(r"([×÷−+])", r" \1 ", pretty).translate(str.maketrans("×÷−", "*/-"))
        first = plain_text(await reply_to(api, ANN, ANN, typed))
        again = plain_text(await reply_to(api, ANN, ANN, typed))
    assert first.startswith(f"#1 {pretty}, Ann")
    assert again == f"You found it already: {pretty}"


async def test_countdowns_picture_shows_its_target(tmp_path: Path) -> None:
    api = make_api()
    uploads = keep_uploads(api)
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(1)  # 2 2 5 8 10 50, target 880
        before = len(api.sent)
        api.send(ANN, ANN, "/countdown 1")
        picture = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    numbers = (2, 2, 5, 8, 10, 50)
    assert uploads == [render_hand(numbers, tiles=True, target=880)]
    assert uploads[0] != render_hand(numbers, tiles=True, target=881)
    assert plain_text(picture["caption"]).endswith("Type your answer, like (75-5)*8+3.")


async def test_a_solo_countdown_with_no_answers_says_so_once(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(1)
        before = len(api.sent)
        api.send(ANN, ANN, "/countdown 1")
        await api.wait_for_sent(before + 1, timeout=20)
        await settled(api, application)
        end = plain_text(await reply_to(api, ANN, ANN, "/countdown stop"))
    assert end == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\nNo answers.\nSolver: 880 = (50+5)×8×2"
    )


async def solve_daily(api: LocalBotApi, clock: FakeClock, user: int, seconds: float) -> str:
    await reply_to(api, user, user, "/daily")
    clock.now += seconds
    return plain_text(await reply_to(api, user, user, solve(daily(DAY))[0].text))


async def test_the_slowest_solver_is_faster_than_nobody_and_it_is_not_said(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 20)
        slower = await solve_daily(api, clock, ANN, 40)
    assert slower.splitlines()[1] == "24点 Daily #327 ✅ 0:40 · 0 misses · 🔥1"
    assert slower.splitlines()[2] == "🌍 2 players solved it so far."


async def test_the_slowest_solver_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, ANN, 20)
        slower = await solve_daily(api, clock, BOB, 40)
    assert slower.splitlines()[1] == "24点 每日一题 #327 ✅ 0:40 · 失误 0 次 · 🔥1"
    assert slower.splitlines()[2] == "🌍 目前已有 2 人解出。"


async def test_percentages_are_written_one_way(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, BOB, 40)
        faster = await solve_daily(api, clock, ANN, 20)
        stats = plain_text(await reply_to(api, ANN, ANN, "/stats"))
    assert faster.splitlines()[1].endswith(" · faster than 100%")
    assert faster.splitlines()[2] == (
        "🌍 2 players solved it: you were faster than 100% of the others."
    )
    assert "Days played: 1 · solved: 100%" in stats


async def test_the_stats_chart_has_a_title_axes_and_ranges(tmp_path: Path) -> None:
    api = make_api()
    uploads = keep_uploads(api)
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await solve_daily(api, clock, ANN, 65)
        del uploads[:]  # the daily's picture
        await reply_to(api, ANN, ANN, "/stats")
    labels = ["<0:30", "0:30-1:00", "1:00-2:00", "2:00-5:00", "5:00-10:00", "10:00+"]
    assert chart_labels() == labels
    assert uploads == [bar_chart(labels, [0, 0, 1, 0, 0, 0], 2, unit="m:ss")]


async def test_the_mini_app_shows_the_answer_as_the_chat_writes_it(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 9
        right = solve(daily(DAY))[0]
        built = f"(({right.text}))"  # the app brackets each step it built
        body = {"day": DAY.isoformat(), "expression": built}
        reply = (await call(application, "POST", "daily", body=body)).json()
    assert reply["state"] == "solved"
    assert reply["expression"] == right.pretty


async def test_missing_cards_are_listed_the_chinese_way(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, BOB)
        a, b, c, d = sorted(hand)
        reply = await reply_to(api, BOB, BOB, f"{a}+{b}")
    assert reply == f"还不对：没有用到 {c}、{d}。"


async def test_the_chinese_settings_name_the_language_and_tell_rows_apart(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, BOB, "/language zh")
        text = plain_text(await reply_to(api, BOB, BOB, "/settings"))
        rows = api.sent[-1]["reply_markup"]["inline_keyboard"]
    assert "语言：" + language_name("zh") in text.splitlines()
    firsts = [row[0]["text"].removeprefix("• ") for row in rows]
    assert len(set(firsts)) == len(firsts), firsts
    assert firsts[2] == "不计时"
