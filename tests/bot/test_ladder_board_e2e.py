"""The ladder's board and review through the local Bot API: /train top ranks established
players only, named as every board that spans the chats names them; /review deals the hands
missed or solved slowly, the misses first, and changes no rating."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from bot.local_api import plain_text
from bot.rules.ladder.puzzle_rating import PuzzlePlayer
from bot.rules.public_names import handle
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    GROUP,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, hand_on, next_picture, train, training

pytestmark = pytest.mark.asyncio


async def test_the_board_ranks_established_players_by_their_proven_rating(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        ladder.players[ANN] = PuzzlePlayer(mu=30.0, sigma=2.0, results=12)
        ladder.players[BOB] = PuzzlePlayer(mu=33.0, sigma=1.0, results=10)
        ladder.players[CAROL] = PuzzlePlayer(mu=40.0, sigma=1.0, results=3)
        board = plain_text(await reply_to(api, ANN, ANN, "/train top"))
        bob = handle(application.bot_data.global_data.names.key, BOB)
    assert board == f"🪜 Puzzle ratings (10 hands or more)\n1. {bob}: 1820\n2. Ann: 1700"


async def test_a_player_off_the_board_is_told_their_rating_and_what_is_missing(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        ladder.players[ANN] = PuzzlePlayer(mu=26.0, results=4)
        board = plain_text(await reply_to(api, ANN, GROUP, "/train top"))
    assert board == (
        "Nobody has 10 hands counted yet: /train to start.\n\n"
        "You: 1540 (4 of 10 hands to be ranked)"
    )


async def test_review_deals_the_misses_first_then_the_slowest_and_rates_nothing(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        missed = hand_on(application)
        clock.now += 10
        await next_picture(api, "/skip")
        slow = hand_on(application)
        clock.now += 100
        await next_picture(api, answer(slow))
        clock.now += 5
        await next_picture(api, answer(hand_on(application)))
        await reply_to(api, ANN, ANN, "/train stop")
        await settled(api, application)
        before = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN)
        rating, results = before.mu, before.results
        first, told = await next_picture(api, "/review")
        reviewed = [hand_on(application)]
        clock.now += 4
        _, said = await next_picture(api, answer(reviewed[0]))
        reviewed.append(hand_on(application))
        clock.now += 4
        done = plain_text(await reply_to(api, ANN, ANN, answer(reviewed[1]), timeout=10))
        await settled(api, application)
        after = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN)
        over = not training(application).live
    assert plain_text(told[0]["text"]) == (
        "🔁 2 hands to review, the misses first: reviews change no rating."
    )
    assert reviewed == [missed, slow]
    assert plain_text(first["caption"]).startswith("🔁 Review · a hand you missed or solved slowly")
    assert plain_text(said[-1]["text"]) == "✅ 4.0 s · a review: no rating change"
    assert done == "✅ 4.0 s · a review: no rating change"
    assert plain_text(api.sent[-1]["text"]) == (
        "🔁 Review done. /train deals hands at your level, each moving your rating."
    )
    assert (after.mu, after.results) == (rating, results)
    assert over


async def test_review_with_nothing_missed_says_so(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        said = plain_text(await reply_to(api, ANN, ANN, "/review"))
    assert said == (
        "Nothing to review: no hand missed or solved slowly in the last 30 days. /train "
        "deals hands at your level."
    )
