"""Difficulty from play: once a hand has enough results on the ladder, a round's
difficulty line (and its points) follow its learned rating; until then, the model's."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import prior_of_level
from bot.rules.ladder.puzzle_rating import HandRating
from bot.rules.ladder.training import LEARNED_RESULTS, level_of, pool
from bot.rules.rounds import ROUND_SEAT
from tests.bot.harness import ANN, FakeClock, deal, make_api, running_bot
from tests.bot.ladder_play import NOON, difficulty_line

pytestmark = pytest.mark.asyncio


def _other(hand: tuple[int, ...]) -> int:
    """A level the model does not give ``hand``."""
    return 1 if (level_of(hand) or 3) >= 3 else 5


@pytest.mark.parametrize("level", [1, 5])
async def test_a_hand_rated_by_play_shows_its_learned_level(tmp_path: Path, level: int) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        LADDER_RATINGS.get(application.bot_data.global_data).hands = {
            hand_key(hand, 24): HandRating(prior_of_level(level), results=LEARNED_RESULTS)
            for hand, _prior in pool()
        }
        picture = await deal(api, ANN, ANN)
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
    assert difficulty_line(picture["caption"]) == f"Difficulty: {level}/5."
    assert game is not None and game.level == level


async def test_a_hand_with_too_few_results_keeps_the_models_level(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        LADDER_RATINGS.get(application.bot_data.global_data).hands = {
            hand_key(hand, 24): HandRating(
                prior_of_level(_other(hand)), results=LEARNED_RESULTS - 1
            )
            for hand, _prior in pool()
        }
        picture = await deal(api, ANN, ANN)
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
    assert game is not None
    assert difficulty_line(picture["caption"]) == f"Difficulty: {level_of(game.hand)}/5."
