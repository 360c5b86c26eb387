"""/score and /top: counts in the right grammar, and the right words for who asks."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from bot.games.countdown.parts import COUNTDOWN_POINTS
from bot.games.hunt.parts import HUNT_POINTS
from bot.local_api import LocalBotApi, plain_text, utf16_len
from bot.rules.chat_stats import PlayerStats, week_of
from solver import solve
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def _bob_wins_a_round(api: LocalBotApi) -> int:
    """Bob (whose Telegram is Chinese) deals in the group and wins: his points."""
    before = len(api.sent)
    api.send(BOB, GROUP, "/play")
    caption = plain_text((await api.wait_for_sent(before + 1))[before]["caption"])
    hand = re.search(r"用 ([\d ]+) 算出", caption)
    assert hand, caption
    answer = solve([int(n) for n in hand.group(1).split()])[0].text
    won = plain_text(await reply_to(api, BOB, GROUP, f"/a {answer}"))
    points = re.search(r"\+(\d+) 分", won)
    assert points, won
    return int(points.group(1))


async def test_nobody_has_won_in_a_new_chat(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        score = plain_text(await reply_to(api, ANN, GROUP, "/score"))
    assert score == "No wins here yet: /play and be first!"


async def test_a_player_without_wins_where_someone_leads_is_not_told_to_be_first(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await _bob_wins_a_round(api)
        score = plain_text(await reply_to(api, ANN, GROUP, "/score"))
    assert score == "You have no wins here yet: /play to get on the board!"


async def test_one_win_is_singular(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await _bob_wins_a_round(api)
        score = plain_text(await reply_to(api, BOB, GROUP, "/score")).split("\n")
    assert re.fullmatch(r"Bob：1 胜，\d+ 分", score[0]), score


@pytest.mark.parametrize(("user", "colon"), [(BOB, "："), (ANN, ": ")], ids=["zh", "en"])
async def test_the_leaderboard_uses_the_readers_colon(
    tmp_path: Path, user: int, colon: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        points = await _bob_wins_a_round(api)
        top = plain_text(await reply_to(api, user, GROUP, "/top"))
    assert top.split("\n")[1] == f"1. Bob{colon}{points}"


async def test_top_fits_one_message_with_the_longest_names_on_all_four_boards(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC).timestamp())
    async with running_bot(api, tmp_path, clock=clock) as application:
        week = week_of(dt.date(2026, 11, 25))
        chat = application.chat_data[GROUP]
        players = chat.table.stats.players
        for i in range(12):  # the longest names Telegram allows, in characters counting twice
            players[1000 + i] = PlayerStats(
                f"{i:02}" + "🦄" * 127, wins=1, points=50 - i, weekly_points={week: 50 - i}
            )
            HUNT_POINTS.get(chat).points[1000 + i] = 30 - i
            COUNTDOWN_POINTS.get(chat).points[1000 + i] = 20 - i
        top = plain_text(await reply_to(api, ANN, GROUP, "/top"))
    boards = top.split("\n\n")
    assert [board.split("\n")[0] for board in boards] == [
        "All time",
        "This week",
        "Solution Hunt",
        "Countdown",
    ]
    assert boards[3].split("\n")[1] == "1. 00" + "🦄" * 37 + "…: 20"
    assert utf16_len(top) <= 4096
