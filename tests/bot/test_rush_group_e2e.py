"""Rush in a group through the local Bot API (privacy mode on): a shared run and its
ranking, answers by /a and by reply, wrong answers in one status message, votes, an admin's
stop, the group's /rush top, and the refusal while a round is on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.rush.chat_run import RUSH_SEAT
from tests.bot.games import start
from tests.bot.harness import (
    ANN,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.rush_play import (
    CAROL,
    DAVE,
    NOON,
    after_last_hand,
    answer,
    next_picture,
    players,
    the_run,
    wrong,
)

pytestmark = pytest.mark.asyncio


async def test_a_shared_run_ranks_its_players(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        clock.now += 2
        await next_picture(api, CAROL, GROUP, f"/a {answer(game)}")
        clock.now += 3
        await next_picture(api, DAVE, GROUP, f"/a {answer(game)}")
        clock.now += 4
        picture = await next_picture(api, CAROL, GROUP, f"/a {answer(game)}")
        clock.now += 1
        end = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
    assert plain_text(picture["caption"]).endswith(
        "Answer with /a and your expression, like /a (8-2)*4, or reply to this picture."
    )
    assert after_last_hand(end) == (
        "🏁 Rush over! 3 hands solved together in 0:10.\n"
        "1. Carol: 2 · best hand 2.0 s · 🏆 new personal best\n"
        "2. Dave: 1 · best hand 3.0 s · 🏆 new personal best\n"
        "3. Ann: 0\n"
        "Share: 24点 Rush 🏁 3 solved · 3 players\n"
        "/rush for another run, /rush top for the best runs.\n"
        "🎖️ Carol earned 3 achievements: ⚡ A hand solved in under 10 seconds · "
        "⚡ A hand solved in under 5 seconds · ⚡ A hand solved in under 3 seconds\n"
        "🎖️ Dave earned 2 achievements: ⚡ A hand solved in under 10 seconds · "
        "⚡ A hand solved in under 5 seconds"
    )


async def test_a_reply_to_the_picture_answers_in_a_group(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        picture = await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        right = answer(game)
        clock.now += 2
        nxt = await next_picture(api, CAROL, GROUP, right, reply_to=picture["message_id"])
    assert plain_text(nxt["caption"]).startswith(f"✅ Carol: {right} · 2.0 s · +10 s\n")


async def test_wrong_answers_in_a_group_gather_in_one_status_message(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        text, value = wrong(game)
        status = await reply_to(api, CAROL, GROUP, f"/a {text}")
        first = api.sent[-1]["message_id"]
        api.send(DAVE, GROUP, f"/a {text}")
        await settled(api, application)
        edited = api.sent[-1]
    assert status == f"Not yet:\nCarol: Not quite: that makes {value}."
    assert edited["message_id"] == first
    assert plain_text(edited["text"]).endswith(f"Dave: Not quite: that makes {value}.")


async def test_a_bystanders_skip_in_a_group_is_a_vote(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP, "/rush")
        game = the_run(application, GROUP)
        hand = game.hand
        await reply_to(api, DAVE, GROUP, f"/a {wrong(game)[0]}")
        vote = await reply_to(api, DAVE, GROUP, "/skip")
        await settled(api, application)
    assert vote == (
        "A vote to skip this hand (−20 s): 1 of 2 players. Another player of this run can "
        "agree with /skip; whoever started it, or an admin, can skip at once."
    )
    assert game.hand == hand


async def test_rush_top_in_a_group_shows_its_members_runs_wherever_played(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, CAROL, CAROL, "/rush")  # in private: Carol is a member of the group
        game = the_run(application, CAROL)
        clock.now += 5
        await next_picture(api, CAROL, CAROL, answer(game))
        await reply_to(api, CAROL, CAROL, "/stop")
        await reply_to(api, CAROL, GROUP, "/start")  # seen in the group
        clock.now += 8 * 24 * 3600  # next week
        top = plain_text(await reply_to(api, DAVE, GROUP, "/rush top"))
    assert top == (
        "Rush: the best runs\n\n"
        "Members of this group, this week\nNo runs yet.\n\n"
        "Members of this group, all time\n1. Carol: 1 · best hand 5.0 s\n\n"
        "Everywhere, this week\nNo runs yet.\n\n"
        "Everywhere, all time\n1. Carol: 1 · best hand 5.0 s"
    )


async def test_a_round_is_on_so_no_run(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/play")
        reply = await reply_to(api, ANN, GROUP, "/rush")
        await settled(api, application)
        table = application.chat_data[GROUP].table
    assert reply == "A round is on here: finish it (or /stop it) before a Rush run."
    assert RUSH_SEAT.of(table) is None


async def test_an_admin_stops_someone_elses_shared_run_at_once(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP, "/rush")  # Carol is no admin; Ann is
        end = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
        live = RUSH_SEAT.on(application.chat_data[GROUP].table)
        jobs = [job.name for job in application.job_queue.jobs()]
    assert after_last_hand(end).startswith("🏁 Rush over! 0 hands solved together in ")
    assert not live
    assert f"rush-up:{GROUP}" not in jobs


async def test_two_players_vote_a_shared_run_to_its_end(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        text, _value = wrong(game)
        for user in (CAROL, DAVE):
            await reply_to(api, user, GROUP, f"/a {text}")
        await settled(api, application)
        vote = await reply_to(api, CAROL, GROUP, "/rush stop")
        end = plain_text(await reply_to(api, DAVE, GROUP, "/stop"))
    assert vote == (
        "A vote to stop the run: 1 of 2 players. Another player of this run can agree with "
        "/stop; whoever started it, or an admin, can stop it at once."
    )
    assert after_last_hand(end).startswith("🏁 Rush over! 0 hands solved together in ")


async def test_a_solve_is_shown_as_the_solver_writes_it_not_as_typed(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        right = answer(game)
        typed = (
            right.replace("×", " * ").replace("−", "-").replace("÷", "/").replace("+", "\u200b+")
        )
        clock.now += 2
        nxt = await next_picture(api, CAROL, GROUP, f"/a {typed}")
    assert plain_text(nxt["caption"]).startswith(f"✅ Carol: {right} · 2.0 s · +10 s\n")
