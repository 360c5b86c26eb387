"""Hands of another target on the ladder's ratings, end to end: a chat set to target 10
whose round's result moves that hand's rating (not the player's puzzle rating), and whose
hand's 20th result moves its deal level for four cards and 10 (docs/design-ladder.md,
*Other card counts and targets*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import (
    ESTABLISHED_DAYS,
    ESTABLISHED_RESULTS,
    HandRating,
    PuzzlePlayer,
)
from bot.rules.ladder.training import LEARNED_RESULTS
from bot.rules.rounds import ROUND_SEAT
from solver import solve
from solver.decks import hands
from tests.bot.data_files import kept_levels, rated_levels
from tests.bot.harness import ANN, FakeClock, deal, make_api, reply_to, running_bot, settled, until
from tests.bot.ladder_play import NOON

pytestmark = pytest.mark.asyncio

TARGET = 10


def answer(hand: tuple[int, ...]) -> str:
    return solve(hand, TARGET)[0].pretty


async def test_a_round_for_10_moves_its_hands_rating(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    rated_levels(4, TARGET)
    async with running_bot(api, tmp_path, clock=clock) as application:
        kept_levels(application, 4, TARGET)  # rated in an earlier run (as the bot's job rates)
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        ladder.players[ANN] = PuzzlePlayer(results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS)
        await reply_to(api, ANN, ANN, f"/settings target {TARGET}")
        await deal(api, ANN, ANN, "/play")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
        assert game is not None
        clock.now += 9
        api.send(ANN, ANN, answer(game.hand))
        await settled(api, application)
        rated = ladder.hands.get(hand_key(game.hand, TARGET))
        player = ladder.players[ANN]
    assert rated is not None and rated.results == 1
    assert (player.mu, player.results) == (PuzzlePlayer().mu, ESTABLISHED_RESULTS)


async def test_a_hands_20th_result_for_10_moves_its_deal_level(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    rated_levels(4, TARGET)
    async with running_bot(api, tmp_path, clock=clock) as application:
        kept_levels(application, 4, TARGET)  # rated in an earlier run (as the bot's job rates)
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        ladder.hands = {  # every hand for 10 played as the hardest 19 times
            hand_key(hand, TARGET): HandRating(40.0, results=LEARNED_RESULTS - 1)
            for hand in hands((1, 13), 4)
        }
        ladder.players[ANN] = PuzzlePlayer(results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS)
        await reply_to(api, ANN, ANN, f"/settings target {TARGET}")
        await deal(api, ANN, ANN, "/play easy")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
        assert game is not None
        model = await application.bot_data.solving.levels(4, TARGET)
        clock.now += 9
        api.send(ANN, ANN, answer(game.hand))  # the hand's 20th result
        await settled(api, application)
        solving = application.bot_data.solving
        await until(lambda: not solving.relevelling(4, TARGET), timeout=20)
        table = await solving.dealt_levels(4, TARGET)
    assert model.levels[tuple(sorted(game.hand))] <= 2
    assert table.levels[tuple(sorted(game.hand))] >= 4
