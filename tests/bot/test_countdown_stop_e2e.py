"""Countdown's end through the local Bot API: who may stop it (a vote, the starter, an admin),
answers too late or from another chat, no other game meanwhile, hostile arguments, and a
restart in the middle."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.countdown import COUNTDOWN_SEAT
from bot.rules.rounds import ROUND_SEAT
from tests.bot.countdown_data import (
    CAROL,
    DAVE,
    ERIN,
    NOON,
    SOLVER_880,
    players,
    start,
    the_game,
    time_up,
)
from tests.bot.harness import (
    ANN,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def test_a_bystander_cannot_stop_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        reply = await reply_to(api, DAVE, GROUP, "/countdown stop")
        game = the_game(application, GROUP)
    assert reply == (
        "Only players of this Countdown can vote to stop it: try an answer with its numbers "
        "first. Whoever started it, or an admin, can stop it at once."
    )
    assert game.live


async def test_two_bystanders_answering_nonsense_do_not_stop_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        for user in (DAVE, ERIN):
            await reply_to(api, user, GROUP, "/a x")
        await reply_to(api, DAVE, GROUP, "/countdown stop")
        reply = await reply_to(api, ERIN, GROUP, "/countdown stop")
        game = the_game(application, GROUP)
    assert reply == (
        "Only players of this Countdown can vote to stop it: try an answer with its numbers "
        "first. Whoever started it, or an admin, can stop it at once."
    )
    assert game.live


async def test_two_players_stop_a_countdown_by_a_vote(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        await reply_to(api, DAVE, GROUP, "/a 50*(10+8)")
        await reply_to(api, ERIN, GROUP, "/a 50+10")
        vote = await reply_to(api, DAVE, GROUP, "/countdown stop")
        live = the_game(application, GROUP).live
        end = plain_text(await reply_to(api, ERIN, GROUP, "/countdown stop"))
    assert vote == (
        "A vote to stop the Countdown: 1 of 2 players. Another player of this Countdown can "
        "agree with /countdown stop; whoever started it, or an admin, can stop it at once."
    )
    assert live
    assert end.startswith("🏁 Countdown over: 880 from 2 2 5 8 10 50.\n1. Dave: 900, 20 away\n")


@pytest.mark.parametrize("who", [CAROL, ANN], ids=["starter", "admin"])
async def test_the_starter_or_an_admin_stops_a_countdown_at_once(tmp_path: Path, who: int) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        end = plain_text(await reply_to(api, who, GROUP, "/countdown stop"))
        game = the_game(application, GROUP)
        jobs = [job.name for job in application.job_queue.jobs()]
    assert end == (f"🏁 Countdown over: 880 from 2 2 5 8 10 50.\nNo answers.\n{SOLVER_880}")
    assert game.ended
    assert f"countdown-up:{GROUP}" not in jobs


async def test_answers_after_the_end_are_told_they_came_too_late(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, application, ANN, GROUP)
        await time_up(api, application, clock, GROUP)
        await settled(api, application)
        by_reply = await reply_to(api, DAVE, GROUP, "(50+5)*8*2", reply_to=deal["message_id"])
        by_command = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        clock.now += 120
        later = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    too_late = "Too late: this Countdown is over. /countdown starts another."
    assert by_reply == too_late
    assert by_command == too_late
    assert later == "No round is running: /play deals a hand."
    assert not game.best


async def test_an_answer_after_the_deadline_is_too_late_before_the_timer(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        clock.now += 31
        reply = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    assert reply == "Too late: this Countdown is over. /countdown starts another."
    assert not game.best


async def test_an_answer_in_another_chat_is_not_the_groups(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        reply = await reply_to(api, CAROL, CAROL, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    assert reply == "No round is running: /play deals a hand."
    assert not game.best


async def test_no_other_game_during_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        replies = [
            await reply_to(api, CAROL, CAROL, command)
            for command in ("/play", "/hunt", "/countdown", "/skip")
        ]
        table = application.chat_data[CAROL].table
    expected = "A Countdown game is on: just type your answer, or /stop to end it."
    assert replies == [expected] * 4
    assert ROUND_SEAT.of(table) is None
    assert COUNTDOWN_SEAT.on(table)


@pytest.mark.parametrize("command", ["/stop", "/giveup"])
async def test_a_solo_countdown_game_ends_with_a_rounds_stop_or_give_up(
    tmp_path: Path, command: str
) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        await reply_to(api, CAROL, CAROL, command)
        counting = COUNTDOWN_SEAT.on(application.chat_data[CAROL].table)
    assert not counting


async def test_no_countdown_between_two_rounds_of_a_match(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, CAROL, CAROL, "/play 3")
        await reply_to(api, CAROL, CAROL, "/reveal")  # the match waits for its next deal
        reply = await reply_to(api, CAROL, CAROL, "/countdown")
        table = application.chat_data[CAROL].table
    assert reply == "A round is on: finish it (or /stop it) first."
    assert COUNTDOWN_SEAT.of(table) is None


async def test_hostile_arguments_are_refused(tmp_path: Path) -> None:
    api = players()
    hostile = ["5", "1 5", "1 301", "-1", "two", "1 30 9", "99999999999999999999", "²", "1 ³⁰"]
    async with running_bot(api, tmp_path) as application:
        replies = [await reply_to(api, CAROL, CAROL, f"/countdown {words}") for words in hostile]
        table = application.chat_data[CAROL].table
    usage = (
        "Use /countdown, or /countdown 2 60 for two large numbers (0 to 4) "
        "and 60 seconds (10 to 300)."
    )
    assert replies == [usage] * len(hostile)
    assert COUNTDOWN_SEAT.of(table) is None


async def test_a_countdown_and_its_best_answers_survive_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 50*(10+8)")
    async with running_bot(api, tmp_path, clock=clock) as application:
        jobs = [job.name for job in application.job_queue.jobs()]
        status = plain_text(await reply_to(api, DAVE, GROUP, "/a (50+5)*8*2"))
        spoiler = await reply_to(api, CAROL, CAROL, "/solve 2 2 5 8 10 50 = 880 countdown")
        end = await time_up(api, application, clock, GROUP)
    assert f"countdown-up:{GROUP}" in jobs
    assert status == "Countdown: 880\nCarol: 900, 20 away\nDave: 880, exactly!"
    assert spoiler.startswith("No spoilers: those are numbers of a Countdown game")
    assert end == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Dave: 880, exactly! · 10 points\n"
        "2. Carol: 900, 20 away\n"
        "Winner: Dave\n"
        f"{SOLVER_880}\n"
        "Matched by Dave."
    )
