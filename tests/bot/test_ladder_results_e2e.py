"""Other games' timed attempts on the ladder, heard as game results: a private round won
or missed moves the player's puzzle rating (and the hand's, once established), and so does
a group's round or Rush hand won (a race: test_ladder_races_e2e); a solve under the pace
floor moves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import ESTABLISHED_DAYS, ESTABLISHED_RESULTS, PuzzlePlayer
from bot.rules.rush.chat_run import RUSH_SEAT
from tests.bot.harness import (
    ANN,
    GROUP,
    FakeClock,
    deal,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, round_hand
from tests.bot.rush_play import ring

pytestmark = pytest.mark.asyncio


async def test_a_private_round_won_is_an_attempt_on_the_ladder(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN)
        hand = round_hand(application, ANN)
        clock.now += 9
        await reply_to(api, ANN, ANN, answer(hand))
        await settled(api, application)
        player = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN)
    assert player.results == 1
    assert (player.history[-1].key, player.history[-1].seconds) == (hand_key(hand, 24), 9.0)


async def test_a_private_round_skipped_is_a_miss_on_the_ladder(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN)
        hand = round_hand(application, ANN)
        clock.now += 9
        await reply_to(api, ANN, ANN, "/skip")
        await settled(api, application)
        player = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN)
    assert (player.history[-1].key, player.history[-1].seconds) == (hand_key(hand, 24), None)


async def test_an_established_players_round_moves_the_hands_rating(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        ladder.players[ANN] = PuzzlePlayer(results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS)
        await deal(api, ANN, ANN)
        hand = round_hand(application, ANN)
        clock.now += 9
        await reply_to(api, ANN, ANN, answer(hand))
        await settled(api, application)
        rated = ladder.hands.get(hand_key(hand, 24))
    assert rated is not None and rated.results == 1


async def test_a_groups_round_won_is_the_winners_attempt(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, GROUP)
        hand = round_hand(application, GROUP)
        clock.now += 9
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
    assert (list(ladder.players), ladder.player(ANN).results, ladder.hands) == ([ANN], 1, {})


async def test_a_round_won_under_the_floor_moves_nothing(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN)
        hand = round_hand(application, ANN)
        clock.now += 0.5
        await reply_to(api, ANN, ANN, answer(hand))
        await settled(api, application)
        players = dict(LADDER_RATINGS.get(application.bot_data.global_data).players)
    assert players == {}


async def test_a_private_rush_runs_hands_are_attempts_on_the_ladder(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN, "/rush")
        run = RUSH_SEAT.of(application.chat_data[ANN].table)
        assert run is not None
        solved = run.hand
        clock.now += 6
        await deal(api, ANN, ANN, answer(solved))
        skipped = run.hand
        clock.now += 4
        await deal(api, ANN, ANN, "/skip")
        await settled(api, application)
        during = list(LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).history)
        clock.now = run.run.deadline
        await ring(api, application, ANN, run)
        await settled(api, application)
        history = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).history
    assert during == []  # told at the run's end, once it is known to count
    assert [(a.key, a.seconds) for a in history] == [
        (hand_key(solved, 24), 6.0),
        (hand_key(skipped, 24), None),
    ]


async def test_a_private_rush_run_off_the_boards_moves_no_rating(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, ANN, "/rush")
        run = RUSH_SEAT.of(application.chat_data[ANN].table)
        assert run is not None
        clock.now += 0.3
        await reply_to(api, ANN, ANN, answer(run.hand))  # under the pace floor: off the boards
        for seconds in (6, 7, 8):  # then at a person's pace
            clock.now += seconds
            await deal(api, ANN, ANN, answer(run.hand))
        clock.now = run.run.deadline
        await ring(api, application, ANN, run)
        await settled(api, application)
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
        player = ladder.players.get(ANN)
        hands = dict(ladder.hands)
    assert player is None or player.history == []
    assert hands == {}


async def test_a_groups_rush_hand_won_is_the_winners_attempt(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, ANN, GROUP, "/rush")
        run = RUSH_SEAT.of(application.chat_data[GROUP].table)
        assert run is not None
        clock.now += 6
        await deal(api, ANN, GROUP, "/a " + answer(run.hand))
        await reply_to(api, ANN, GROUP, "/stop")  # a shared run's hands: told at its end
        await settled(api, application)
        ladder = LADDER_RATINGS.get(application.bot_data.global_data)
    assert (list(ladder.players), ladder.player(ANN).results, ladder.hands) == ([ANN], 1, {})
