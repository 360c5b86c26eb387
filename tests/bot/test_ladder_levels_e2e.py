"""Difficulty from play in the deal: once a hand has enough results on the ladder,
``/play easy|medium|hard`` deals it under the level of its learned rating (kept across a
restart, the table rebuilt in a worker; the result that gives a hand its 20th result, on the
ladder or in a private round, moves it at once); until then under the model's."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import prior_of_level
from bot.rules.ladder.puzzle_rating import HandRating, PuzzlePlayer
from bot.rules.ladder.training import LEARNED_RESULTS, level_of, pool
from bot.rules.rounds import ROUND_SEAT
from tests.bot.harness import (
    ANN,
    BotApplication,
    FakeClock,
    deal,
    make_api,
    running_bot,
    settled,
    until,
)
from tests.bot.ladder_play import NOON, answer, difficulty_line, hand_on, next_picture, train

pytestmark = pytest.mark.asyncio


def swapped(results: int) -> dict[str, HandRating]:
    """Every ladder hand rated by play the other way round from the model: the model's easy
    hands hard (level 5), its hard ones easy (level 1), with ``results`` results each."""
    return {
        hand_key(hand, 24): HandRating(
            prior_of_level(5 if (level_of(hand) or 3) <= 2 else 1), results=results
        )
        for hand, _prior in pool()
        if level_of(hand) != 3
    }


async def rated_then_restarted(tmp_path: Path, results: int) -> None:
    """A first run whose ladder holds :func:`swapped` ratings, saved as the ladder saves."""
    async with running_bot(make_api(), tmp_path, clock=FakeClock(NOON)) as application:
        ladder = application.bot_data.global_data.ladder
        ladder.hands = swapped(results)
        write_now = application.bot_data.write_now
        assert write_now is not None
        assert write_now({("ladder-hand", (key,)): rated for key, rated in ladder.hands.items()})


async def relevelled(application: BotApplication) -> None:
    """Until the table with the learned levels is in use."""
    solving = application.bot_data.solving
    await until(lambda: not solving.relevelling(4, 24), timeout=20)


async def test_a_hand_learned_hard_is_no_longer_dealt_as_easy(tmp_path: Path) -> None:
    await rated_then_restarted(tmp_path, LEARNED_RESULTS)
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await relevelled(application)
        picture = await deal(api, ANN, ANN, "/play easy")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
    assert game is not None
    assert (level_of(game.hand) or 0) >= 4  # the model's hard, learned easy
    assert difficulty_line(picture["caption"]) == "Difficulty: 1/5."


async def test_a_hand_learned_easy_is_no_longer_dealt_as_hard(tmp_path: Path) -> None:
    await rated_then_restarted(tmp_path, LEARNED_RESULTS)
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await relevelled(application)
        await deal(api, ANN, ANN, "/play hard")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
    assert game is not None
    assert (level_of(game.hand) or 9) <= 2


async def test_too_few_results_keep_the_models_level_in_the_deal(tmp_path: Path) -> None:
    await rated_then_restarted(tmp_path, LEARNED_RESULTS - 1)
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await relevelled(application)
        await deal(api, ANN, ANN, "/play easy")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
    assert game is not None
    assert (level_of(game.hand) or 9) <= 2


async def test_the_result_that_makes_a_hand_learned_moves_its_deal_level(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        ladder = application.bot_data.global_data.ladder
        # The model's hardest hands, played as easy 19 times; every other far from Ann.
        ladder.hands = {
            hand_key(hand, 24): HandRating(
                prior_of_level(1) if level_of(hand) == 5 else 40.0, results=LEARNED_RESULTS - 1
            )
            for hand, _prior in pool()
        }
        ladder.players[ANN] = PuzzlePlayer(
            mu=prior_of_level(1), results=10, solve_days=3
        )  # established
        await train(api)
        hand = hand_on(application)
        await next_picture(api, "/skip")  # its 20th result
        await relevelled(application)
        table = await application.bot_data.solving.dealt_levels(4, 24)
    assert level_of(hand) == 5
    assert table.levels[tuple(sorted(hand))] <= 2


async def test_a_private_rounds_result_that_makes_a_hand_learned_moves_it(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        ladder = application.bot_data.global_data.ladder
        ladder.hands = {  # every hand played as the hardest 19 times
            hand_key(hand, 24): HandRating(40.0, results=LEARNED_RESULTS - 1)
            for hand, _prior in pool()
        }
        ladder.players[ANN] = PuzzlePlayer(results=10, solve_days=3)  # established
        await deal(api, ANN, ANN, "/play easy")
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
        assert game is not None
        clock.now += 9
        api.send(ANN, ANN, answer(game.hand))  # the hand's 20th result
        await settled(api, application)
        await relevelled(application)
        table = await application.bot_data.solving.dealt_levels(4, 24)
    assert (level_of(game.hand) or 9) <= 2
    assert table.levels[tuple(sorted(game.hand))] >= 4
