"""``/admin fairplay``: one run taken off the boards by its code, ids and codes the bot does
not know refused with a clear reply, and ``undo`` putting the last removal back (a run, or
a player with their hands' records)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.local_api import plain_text
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    OWNER,
    BotApplication,
    FakeClock,
    deal,
    dealt,
    reply_to,
    running_bot,
)
from tests.bot.rush_play import (
    CAROL,
    NOON,
    players,
    private_run,
)

pytestmark = pytest.mark.asyncio


def _code(review: str, name: str) -> str:
    found = re.search(rf"\d+\. {name} \(\d+\): .* · (r[0-9a-f]{{5}})$", review, re.M)
    assert found is not None, review
    return found.group(1)


def _on_board(application: BotApplication) -> list[int]:
    return [entry.user_id for entry in RUSH_BOARD.get(application.bot_data.global_data).all_time]


async def test_one_run_off_by_its_code_and_back_by_undo(tmp_path: Path) -> None:
    api, clock = players(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=OWNER) as application:
        await private_run(api, application, clock, BOB, 2)
        await private_run(api, application, clock, CAROL, 1)
        code = _code(plain_text(await reply_to(api, ANN, ANN, "/admin fairplay")), "Bob")
        off = plain_text(await reply_to(api, ANN, ANN, f"/admin fairplay run {code}"))
        while_off = _on_board(application)
        marked = RUSH_RECORDS.get(application.user_data[BOB]).best
        back = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay undo"))
        after = _on_board(application)
        unmarked = RUSH_RECORDS.get(application.user_data[BOB]).best
        nothing = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay undo"))
    assert off.startswith(f"Run {code} of player 502 is off the boards")
    assert while_off == [CAROL]
    assert marked is not None and marked.off_boards
    assert back == "Player 502's runs are back on the boards."
    assert after == [BOB, CAROL]
    assert unmarked is not None and not unmarked.off_boards
    assert nothing.startswith("Nothing to undo")


async def test_unknown_ids_and_codes_are_refused(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, env=OWNER) as application:
        player = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay player 999"))
        run = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay run r00000"))
        off = set(application.bot_data.global_data.off_boards.players)
    assert player == "I know no player 999: check the number in /admin fairplay."
    assert run == "No run r00000 is on the boards: /admin fairplay lists them."
    assert off == set()  # nobody was taken off


async def test_a_player_taken_off_comes_back_with_their_records(tmp_path: Path) -> None:
    api, clock = players(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=OWNER) as application:
        await private_run(api, application, clock, BOB, 2)
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 4
        await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}")  # a hand's record: 4 s
        await reply_to(api, ANN, ANN, "/admin fairplay player 502")
        back = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay undo"))
        data = application.bot_data.global_data
        record = data.hand_records.get(hand, 24)
        board = _on_board(application)
        off = set(data.off_boards.players)
    assert back == "Player 502 is back on every board."
    assert (record.holder, record.best) == (BOB, 4.0)
    assert board == [BOB]
    assert off == set()
