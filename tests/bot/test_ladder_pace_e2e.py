"""The ladder against a script's steady pace, through the local Bot API with a fixed clock:
training answered just above each hand's floor moves no rating (the player's nor the
hand's), on /train and on the Mini App's Train, and says why; a player half or more of
whose last 10 solves came within 3 s is on no /train top, and told so."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import Attempt, PuzzlePlayer
from bot.rules.pace import RECENT_KEPT, floor_of
from tests.bot.harness import ANN, BOB, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import DAY, NOON, answer, hand_on, next_picture, train
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

STEADY = (
    "no rating change: half or more of your last 10 solves came within 3 s, a script's "
    "steady pace. Ratings move again, and /train top shows you, once more than half of them "
    "take 3 s or more."
)


def scripted_player(mu: float) -> PuzzlePlayer:
    """An established player whose last ten solves each took 1.9 s."""
    solves = [Attempt(hand_key((1, 2, 3, 4), 24), DAY.isoformat(), 1.9)] * RECENT_KEPT
    return PuzzlePlayer(mu=mu, sigma=1.0, results=40, history=list(solves), solve_days=3)


async def test_training_just_above_each_floor_moves_no_rating(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        told = []
        for _ in range(RECENT_KEPT):
            hand = hand_on(application)
            clock.now += floor_of(hand) + 0.1
            _picture, said = await next_picture(api, answer(hand))
            told.append(plain_text(said[-1]["text"]))
        ladder = application.bot_data.global_data.ladder
        me = ladder.player(ANN)
    assert (me.results, me.shown) == (0, 1500)
    assert ladder.hands == {}
    assert all(line.endswith(STEADY) for line in told)


async def test_a_player_at_a_scripts_pace_is_on_no_board(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        ladder = application.bot_data.global_data.ladder
        ladder.players[BOB] = scripted_player(40.0)
        ladder.players[ANN] = PuzzlePlayer(mu=30.0, sigma=2.0, results=12)
        board = plain_text(await reply_to(api, ANN, ANN, "/train top"))
    assert board == "🪜 Puzzle ratings (10 hands or more)\n1. Ann: 1700"


async def test_a_player_at_a_scripts_pace_is_told_why_they_are_off_the_board(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        application.bot_data.global_data.ladder.players[ANN] = scripted_player(30.0)
        board = plain_text(await reply_to(api, ANN, ANN, "/train top"))
    assert board.endswith(
        "You: 1700 (off the board while half or more of your last 10 solves come within 3 s, "
        "a script's steady pace)"
    )


async def test_the_pages_script_just_above_each_floor_moves_no_rating(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        replies = []
        for _ in range(RECENT_KEPT):
            dealt = (await call(app, "POST", "train", body={})).json()
            clock.now += floor_of(tuple(dealt["hand"])) + 0.1
            body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
            replies.append((await call(app, "POST", "train/answer", body=body)).json())
        me = app.bot_data.global_data.ladder.player(ANN)
    assert (me.results, me.shown) == (0, 1500)
    assert not any(reply["counted"] for reply in replies)
    assert all(reply["line"].endswith(STEADY) for reply in replies)
