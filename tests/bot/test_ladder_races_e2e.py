"""A race's results on the ladder, through the local Bot API: in a group's round, a duel's
hand and a shared Rush run, the winner's time is an attempt of theirs, and an established
player who answered and had not solved the hand by then is a censored result: it moves the
hand's rating (docs/design-games.md, *The ladder on Telegram*); beside a win after a hint
none is taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.hand_records import hand_key
from bot.rules.ladder.training import prior_of
from bot.rules.rounds import ROUND_SEAT
from bot.rules.rush.chat_run import RUSH_SEAT
from tests.bot.duels import CAROL, DAVE, accept, invite, players, the_duel, win_hand
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    deal,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, ladder_of, round_hand, strong, wrong

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def test_a_groups_round_won_moves_the_hand_by_who_answered(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP)
        hand = round_hand(application, GROUP)
        clock.now += 5
        await reply_to(api, BOB, GROUP, "/a " + wrong(hand))
        clock.now += 35
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        rated = ladder_of(application).hands.get(hand_key(hand, 24))
        ann = ladder_of(application).player(ANN)
    assert rated is not None and rated.results == 1
    assert rated.mu > prior_of(tuple(sorted(hand)))
    assert bob.mu < 40.0
    assert (ann.results, ann.history[-1].seconds) == (1, 40.0)


async def test_a_groups_round_won_under_the_floor_moves_nobody(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP)
        hand = round_hand(application, GROUP)
        await reply_to(api, BOB, GROUP, "/a " + wrong(hand))
        clock.now += 0.5
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        hands = dict(ladder_of(application).hands)
    assert (bob.mu, hands) == (40.0, {})


async def test_a_duel_hand_won_moves_the_hand_by_the_other_player(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        carol = strong(application, CAROL)
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        hand = duel.hand.hand
        clock.now += 3
        api.send(CAROL, GROUP, "/a " + wrong(hand))
        await settled(api, application)
        await win_hand(api, application, clock, ANN, seconds=37.0)
        rated = ladder_of(application).hands.get(hand_key(hand, 24))
        ann = ladder_of(application).player(ANN)
    assert rated is not None and rated.results == 1
    assert carol.mu < 40.0
    assert ann.results == 1


async def test_a_shared_rush_hand_moves_the_hand_by_who_answered(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP, "/rush")
        run = RUSH_SEAT.of(application.chat_data[GROUP].table)
        assert run is not None
        hand = run.hand
        clock.now += 4
        await reply_to(api, BOB, GROUP, "/a " + wrong(hand))
        clock.now += 30
        await deal(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        unrated = ladder_of(application).hands.get(hand_key(hand, 24))
        await reply_to(api, ANN, GROUP, "/stop")  # told at the run's end
        await settled(api, application)
        rated = ladder_of(application).hands.get(hand_key(hand, 24))
        ann = ladder_of(application).player(ANN)
    assert unrated is None
    assert rated is not None and rated.results == 1
    assert bob.mu < 40.0
    assert (ann.results, ann.history[-1].seconds) == (1, 34.0)


async def test_a_duel_hand_nobody_solved_moves_the_hand_by_who_answered(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        carol = strong(application, CAROL)
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        hand = duel.hand.hand
        clock.now += 3
        await reply_to(api, CAROL, GROUP, "/a " + wrong(hand))
        clock.now += 61
        [job] = [j for j in application.job_queue.jobs() if j.name == f"duel-up:{GROUP}"]
        await job.run(application)
        await settled(api, application)
        rated = ladder_of(application).hands.get(hand_key(hand, 24))
        ann = ladder_of(application).players.get(ANN)
    assert rated is not None and rated.results == 1
    assert carol.mu < 40.0
    assert ann is None  # she did not answer: not known to have seen it


async def test_a_group_member_who_only_watched_moves_nothing(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP)
        hand = round_hand(application, GROUP)
        clock.now += 40
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        hands = dict(ladder_of(application).hands)
    assert (bob.mu, bob.sigma, hands) == (40.0, 3.0, {})


async def test_accounts_answering_wrong_in_one_race_move_the_hand_once(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        answered = [strong(application, user) for user in (BOB, CAROL, DAVE)]
        await deal(api, ANN, GROUP)
        hand = round_hand(application, GROUP)
        for user in (BOB, CAROL, DAVE):
            clock.now += 3
            await reply_to(api, user, GROUP, "/a " + wrong(hand))
        clock.now += 30
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        rated = ladder_of(application).hands.get(hand_key(hand, 24))
    assert rated is not None and rated.results == 1
    assert all(player.mu < 40.0 for player in answered)


async def test_a_groups_round_won_after_a_hint_moves_no_hand(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        bob = strong(application, BOB)
        await deal(api, ANN, GROUP)
        game = ROUND_SEAT.of(application.chat_data[GROUP].table)
        assert game is not None
        hand = game.hand
        clock.now += 5
        await reply_to(api, BOB, GROUP, "/a " + wrong(hand))
        clock.now += 5
        await reply_to(api, ANN, GROUP, "/hint")
        clock.now += 30
        await reply_to(api, ANN, GROUP, "/a " + answer(hand))
        await settled(api, application)
        hinted = game.hints
        hands = dict(ladder_of(application).hands)
    assert hinted == 1
    assert (bob.mu, hands) == (40.0, {})
