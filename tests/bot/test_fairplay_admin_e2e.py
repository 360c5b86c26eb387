"""``/admin fairplay``: the owner sees the week's fastest runs, duels and records with their
per-hand times, and takes a run or a player off the boards; the player's own history keeps
them, marked, and a player taken off stays off across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS, RATINGS
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.local_api import plain_text
from bot.rules.duel.lobby import PastDuel
from bot.rules.duel.race import End, HandResult
from bot.rules.duel.rating import PlayerRating
from solver import solve
from tests.bot.handles import tag
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    OWNER,
    FakeClock,
    deal,
    dealt,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.rush_play import (
    CAROL,
    NOON,
    players,
    private_run,
)

pytestmark = pytest.mark.asyncio


async def test_the_owner_reviews_the_weeks_fastest_and_takes_them_off(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=OWNER) as application:
        await private_run(api, application, clock, BOB, 2)
        await private_run(api, application, clock, CAROL, 1)
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 4
        await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}")  # a hand's record: 4 s
        data = application.bot_data.global_data
        DUELS.get(data).history.append(
            PastDuel(
                "t0k3n",
                (ANN, BOB),
                (3, 1),
                End.WINS,
                ANN,
                True,
                NOON - 600,
                NOON - 60,
                (
                    HandResult(ANN, 2.5),
                    HandResult(BOB, 6.0),
                    HandResult(None),
                    HandResult(ANN, 3.1),
                ),
            )
        )
        RATINGS.get(data).players[BOB] = PlayerRating(rated=12)
        review = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay"))
        run_off = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay run 502"))
        board = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
        own = plain_text(await reply_to(api, BOB, BOB, "/rush top"))
        player_off = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay player 502"))
        again = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay player 502"))
        record = data.hand_records.get(hand, 24)
        await settled(api, application)
    assert "1. Bob (502): 2 solved, best 3.0 · 3.0 5.0" in review
    assert "1. 501 – 502: 3–1 · 2.5 (501), 6.0 (502), –, 3.1 (501)" in review
    assert f"1. {' '.join(map(str, sorted(hand)))}=24: 4.0 s (502)" in review
    assert run_off.startswith("Player 502's runs are off the boards")
    assert f"Everywhere, all time\n1. {tag(application, CAROL)}: 1 · best hand 3.0 s\n\n" in board
    assert "你的最佳：2 · 单手最快 3.0 秒（因公平竞赛原因，不计入排行榜）。" in own
    assert player_off.startswith("Player 502 is off every board from now on")
    assert "(1 hand record cleared)" in player_off
    assert again == "Player 502 is off the boards already."
    assert record.holder is None
    async with running_bot(api, tmp_path, clock=clock, env=OWNER) as application:
        clock.now += 3600
        await private_run(api, application, clock, BOB, 3)  # a run after: on no board
        rating = plain_text(await reply_to(api, BOB, BOB, "/rating"))
        board_after = RUSH_BOARD.get(application.bot_data.global_data).all_time
        best = RUSH_RECORDS.get(application.user_data[BOB]).best
    assert [entry.user_id for entry in board_after] == [CAROL]
    assert best is not None and best.off_boards
    assert "因公平竞赛原因，已移出排行榜。" in rating


async def test_fairplay_words_the_owner_gets_wrong(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, env=OWNER):
        wrong = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay ban 502"))
        nobody = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay run 999"))
        empty = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay"))
        other = plain_text(await reply_to(api, ANN, ANN, "/admin nonsense"))
    assert wrong.startswith("Say /admin fairplay run ID")
    assert nobody == "Player 999 has no Rush run."
    assert empty.count("None this week.") == 3
    assert other.startswith("/admin: who is active")
