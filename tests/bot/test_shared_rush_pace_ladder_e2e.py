"""A shared Rush run's hands on the ladder, through the local Bot API: they are told at the
run's end, once it is known whose run counts; a runner off the boards in that run (an answer
under a person's pace) moves no hand's rating and no puzzle rating, while the others' results
of the same run still count (docs/fair-play.md, *A person's pace*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import ESTABLISHED_RESULTS
from bot.rules.rush.chat_run import RUSH_SEAT
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    deal,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, ladder_of, strong, wrong
from tests.bot.rush_play import CAROL, players

pytestmark = pytest.mark.asyncio


def the_hand(application: BotApplication) -> tuple[int, ...]:
    run = RUSH_SEAT.of(application.chat_data[GROUP].table)
    assert run is not None
    return run.hand


async def test_a_shared_run_won_by_a_runner_too_fast_rates_no_hand(tmp_path: Path) -> None:
    """The attack: an established alt answers a hand under the floor once (the run is off
    the boards for it), then wins hands at a person's pace with wrong answers from a second
    account behind it, to drag those hands to "easy"."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        carol = strong(application, CAROL)
        await deal(api, ANN, GROUP, "/rush")
        first = the_hand(application)
        clock.now += 0.3
        await reply_to(api, CAROL, GROUP, "/a " + answer(first))  # under the floor: void
        clock.now += 4
        await reply_to(api, BOB, GROUP, "/a " + wrong(first))
        clock.now += 20
        await deal(api, CAROL, GROUP, "/a " + answer(first))
        await settled(api, application)
        await reply_to(api, ANN, GROUP, "/stop")
        await settled(api, application)
        hands = dict(ladder_of(application).hands)
    assert hands == {}
    assert (bob.mu, bob.sigma) == (40.0, 3.0)
    assert carol.results == ESTABLISHED_RESULTS


async def test_a_shared_run_counts_for_a_runner_at_a_persons_pace(tmp_path: Path) -> None:
    """Beside a runner off the boards, another runner's win in the same run still counts."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        strong(application, CAROL)
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP, "/rush")
        first = the_hand(application)
        clock.now += 0.3
        await reply_to(api, CAROL, GROUP, "/a " + answer(first))  # under the floor: void
        clock.now += 25
        await deal(api, BOB, GROUP, "/a " + answer(first))
        await settled(api, application)
        await reply_to(api, ANN, GROUP, "/stop")
        await settled(api, application)
        rated = ladder_of(application).hands.get(hand_key(first, 24))
    assert rated is not None and rated.results == 1
    assert bob.results == ESTABLISHED_RESULTS + 1
