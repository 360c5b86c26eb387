"""Rush in the chat through the local Bot API: a private run to its end by the clock, /skip,
a shared run in a group (privacy mode on) and its ranking, /rush top, spoilers, a restart
in the middle of a run, and the refusal while another game is on."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram.ext import Application

from bot.features.rush import play as rush_play
from bot.game.rush_chat import ChatRush
from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.games import start
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    settled,
)

pytestmark = pytest.mark.asyncio

CAROL, DAVE = 503, 504
NOON = 1_795_435_200.0
"""Monday 2026-11-23, noon (UTC)."""


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    return api


def the_run(application: Application, chat: int) -> ChatRush:
    """The Rush run of ``chat`` (failing the test if there is none)."""
    game = application.chat_data[chat].table.rush
    assert game is not None
    return game


def answer(game: ChatRush) -> str:
    """A right answer to the run's current hand."""
    return solve(game.hand, 24)[0].pretty


def wrong(game: ChatRush) -> tuple[str, int]:
    """An answer with the hand's cards that does not make 24, and what it makes."""
    a, b, c, d = game.hand
    for text, value in (
        (f"{a}+{b}+{c}+{d}", a + b + c + d),
        (f"{a}*{b}*{c}*{d}", a * b * c * d),
        (f"{a}+{b}+{c}-{d}", a + b + c - d),
    ):
        if value != 24:
            return text, value
    raise AssertionError(game.hand)  # no hand of four makes 24 all three ways


async def ring(api: LocalBotApi, application: BotApplication, chat: int, game: ChatRush) -> dict:
    """Ring the run's alarm now (as its timer would) and return the message it sends."""
    before = len(api.sent)
    application.job_queue.run_once(rush_play.rush_up, 0, chat_id=chat, data=game.number)
    return (await api.wait_for_sent(before + 1))[-1]


async def next_picture(api: LocalBotApi, user: int, chat: int, text: str, **kwargs: object) -> dict:
    """``user`` says ``text`` in ``chat``; returns the next picture the bot sends."""
    before = len(api.sent)
    api.send(user, chat, text, **kwargs)  # type: ignore[arg-type]
    for _ in range(5):
        sent = await api.wait_for_sent(before + 1)
        for message in sent[before:]:
            if "photo" in message:
                return message
        before = len(sent)
    pytest.fail("no picture")


async def test_a_private_run_shows_its_clock_and_level(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        picture = await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
    cards = " ".join(map(str, sorted(game.hand)))
    assert plain_text(picture["caption"]) == (
        "⏱ Rush · 2:00 left · score 0 · level 1/5\n"
        f"Make 24 from {cards}\n"
        "Each hand solved: +10 s and a point; /skip: −20 s. /stop ends the run.\n"
        "Type your answer, like (8-2)*4."
    )


async def test_a_private_run_ends_by_the_clock_and_is_counted(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        clock.now += 3
        await next_picture(api, ANN, ANN, answer(game))
        clock.now += 5
        await next_picture(api, ANN, ANN, answer(game))
        clock.now = game.deadline
        end = plain_text((await ring(api, application, ANN, game))["text"])
        await settled(api, application)
        user = saved_record(tmp_path, "user", ANN)
    async with running_bot(api, tmp_path, clock=clock):
        top = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
    assert end == (
        "🏁 Rush over! Score: 2\n"
        "2 of 3 hands solved in 2:20, 0 skipped.\n"
        "Best hand: 3.0 s.\n"
        "🏆 Your first personal best.\n"
        "Share: 24点 Rush 🏁 2 solved · ⚡ 3.0 s\n"
        "/rush for another run, /rush top for the best runs."
    )
    assert user.rush.best is not None and user.rush.best.score == 2
    assert "\n\nEverywhere, all time\n1. Ann: 2 · best hand 3.0 s\n\n" in top


async def test_a_run_counted_shows_on_rush_top_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        clock.now += 4
        await next_picture(api, ANN, ANN, answer(game))
        await reply_to(api, ANN, ANN, "/stop")
        await settled(api, application)
    async with running_bot(api, tmp_path, clock=clock):
        top = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
    assert top == (
        "Rush: the best runs\n\n"
        "Everywhere, this week\n1. Ann: 1 · best hand 4.0 s\n\n"
        "Everywhere, all time\n1. Ann: 1 · best hand 4.0 s\n\n"
        "Your best: 1 · best hand 4.0 s."
    )


async def test_a_new_personal_best_is_said_with_the_one_before(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for solves in (1, 2):
            await start(api, ANN, ANN, "/rush")
            game = the_run(application, ANN)
            for _ in range(solves):
                clock.now += 2
                await next_picture(api, ANN, ANN, answer(game))
            end = plain_text(await reply_to(api, ANN, ANN, "/stop"))
    assert "\n🏆 New personal best! Before: 1 · best hand 2.0 s.\n" in end


async def test_a_skip_costs_twenty_seconds_and_deals_the_next_hand(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        skipped = " ".join(map(str, sorted(game.hand)))
        solution = solve(game.hand, 24)[0].pretty
        picture = await next_picture(api, ANN, ANN, "/skip")
        deadline = game.deadline
    assert plain_text(picture["caption"]).startswith(
        f"⏭ Skipped {skipped}: {solution} · −20 s\n⏱ Rush · 1:40 left · score 0 · level 1/5\n"
    )
    assert deadline == NOON + 100


async def test_a_wrong_answer_is_told_why(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        text, value = wrong(game)
        reply = await reply_to(api, ANN, ANN, text)
    assert reply == f"Not quite: that makes {value}."


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
    assert end == (
        "🏁 Rush over! 3 hands solved together in 0:10.\n"
        "1. Carol: 2 · best hand 2.0 s · 🏆 new personal best\n"
        "2. Dave: 1 · best hand 3.0 s · 🏆 new personal best\n"
        "3. Ann: 0\n"
        "Share: 24点 Rush 🏁 3 solved · 3 players\n"
        "/rush for another run, /rush top for the best runs."
    )


async def test_a_reply_to_the_picture_answers_in_a_group(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        picture = await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        right = answer(game)
        nxt = await next_picture(api, CAROL, GROUP, right, reply_to=picture["message_id"])
    assert plain_text(nxt["caption"]).startswith(f"✅ Carol: {right} · 0.0 s · +10 s\n")


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


async def test_rush_top_in_a_group_shows_its_members_runs(tmp_path: Path) -> None:
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
        "This group, this week\nNo runs yet.\n\n"
        "This group, all time\n1. Carol: 1 · best hand 5.0 s\n\n"
        "Everywhere, this week\nNo runs yet.\n\n"
        "Everywhere, all time\n1. Carol: 1 · best hand 5.0 s"
    )


async def test_rush_top_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        top = plain_text(await reply_to(api, BOB, BOB, "/rush top"))
    assert top == (
        "极速挑战：最佳成绩\n\n"
        "全站本周\n还没有成绩。\n\n"
        "全站历来\n还没有成绩。\n\n"
        "你的最佳：还没有。发送 /rush 开始挑战。"
    )


async def test_solve_refuses_the_hand_of_a_live_run(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        cards = " ".join(map(str, the_run(application, ANN).hand))
        reply = await reply_to(api, ANN, ANN, f"/solve {cards}")
    assert reply == "No spoilers: that hand is in a Rush run on now. Ask once it is over."


async def test_the_hand_before_may_be_solved_once_the_run_moved_on(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        first = game.hand
        await next_picture(api, ANN, ANN, "/skip")
        if sorted(game.hand) == sorted(first):
            pytest.skip("the same hand came twice")
        reply = await reply_to(api, ANN, ANN, "/solve " + " ".join(map(str, first)))
    assert not reply.startswith("No spoilers")


async def test_a_run_goes_on_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        await settled(api, application)
    async with running_bot(api, tmp_path, clock=clock) as application:
        game = the_run(application, ANN)
        jobs = [job.name for job in application.job_queue.jobs()]
        clock.now += 6
        picture = await next_picture(api, ANN, ANN, answer(game))
        cards = " ".join(map(str, game.hand))
        spoiler = await reply_to(api, ANN, ANN, f"/solve {cards}")
    assert f"rush-up:{ANN}" in jobs
    assert plain_text(picture["caption"]).startswith("✅ Ann: ")
    assert "· 2:04 left · score 1 ·" in plain_text(picture["caption"])  # 120 s − 6 + 10
    assert spoiler.startswith("No spoilers")


async def test_the_clock_ends_a_run_restored_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        await settled(api, application)
    clock.now += 200  # down while its clock ran out: the alarm rings at once
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        end = plain_text((await api.wait_for_sent(before + 1))[-1]["text"])
        live = application.chat_data[ANN].table.rushing
    assert end.startswith("🏁 Rush over! Score: 0\n0 of 1 hand solved in 2:00")
    assert not live


@pytest.mark.parametrize(("first", "then"), [("/hunt", "/rush"), ("/rush", "/play")])
async def test_one_game_at_a_time(tmp_path: Path, first: str, then: str) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, first)
        reply = await reply_to(api, ANN, ANN, then)
    refusals = {
        "/rush": "A hunt is on: answer with /a, or /hunt stop to end it.",
        "/play": "A Rush run is on: answer its hand, /skip it (−20 s) or /stop the run.",
    }
    assert reply == refusals[then]


async def test_a_round_is_on_so_no_run(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/play")
        reply = await reply_to(api, ANN, GROUP, "/rush")
        await settled(api, application)
        table = application.chat_data[GROUP].table
    assert reply == "A round is on here: finish it (or /stop it) before a Rush run."
    assert table.rush is None


async def test_after_a_run_skip_and_stop_are_the_rounds_again(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, "/rush")
        await reply_to(api, ANN, ANN, "/stop")
        picture = await next_picture(api, ANN, ANN, "/skip")
    assert plain_text(picture["caption"]).startswith("Make 24 from ")


async def test_a_run_has_no_hints(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, "/rush")
        reply = await reply_to(api, ANN, ANN, "/hint")
    assert reply == "Rush has no hints and no reveal: /skip deals another hand (−20 s)."


async def test_help_and_the_menus_tell_of_rush_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        english = plain_text(await reply_to(api, ANN, ANN, "/help"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/help"))
        await settled(api, application)
    group_menu = {
        c["command"]: c["description"] for c in api.commands[('{"type": "all_group_chats"}', "zh")]
    }
    assert (
        "\n\n/rush: Rush, as many hands as you can solve against the clock: 120 seconds, +10 "
        "for each hand solved, −20 for a /skip; hands get harder as you score. In a group "
        "everyone races on the same hands. /rush top: the best runs\n\n"
    ) in english
    assert "\n\n/rush：极速挑战，限时内解出尽可能多的牌：开局 120 秒" in chinese
    assert group_menu["rush"] == "极速挑战：限时内解出尽可能多的牌（/rush top 排行）"


async def test_a_reply_to_a_hand_already_taken_scores_nothing(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        first = await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        right = answer(game)
        await next_picture(api, ANN, ANN, right)
        reply = await reply_to(api, ANN, ANN, right, reply_to=first["message_id"])
        score = game.run.score
    assert reply == "Too late: that hand is gone. Answer the one on the clock now."
    assert score == 1


async def test_a_run_is_told_only_once_the_disk_takes_it(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        await next_picture(api, ANN, ANN, answer(game))
        refuse_writes(application)
        waiting = await reply_to(api, ANN, ANN, "/stop")
        before = len(api.sent)
        refuse_writes(application, False)  # space again: the kept save is retried
        end = plain_text((await api.wait_for_sent(before + 1))[-1]["text"])
    assert waiting.startswith("🏁 Game over! But the bot cannot save scores just now")
    assert end.startswith("🏁 Rush over! Score: 1\n")


async def test_an_admin_stops_someone_elses_shared_run_at_once(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP, "/rush")  # Carol is no admin; Ann is
        end = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
        live = application.chat_data[GROUP].table.rushing
        jobs = [job.name for job in application.job_queue.jobs()]
    assert end.startswith("🏁 Rush over! 0 hands solved together in ")
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
    assert end.startswith("🏁 Rush over! 0 hands solved together in ")


async def test_a_run_ends_in_chinese(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, BOB, BOB, "/rush")
        game = the_run(application, BOB)
        clock.now += 2
        await next_picture(api, BOB, BOB, answer(game))
        clock.now += 1
        end = plain_text(await reply_to(api, BOB, BOB, "/stop"))
    assert end == (
        "🏁 极速挑战结束！得分：1\n"
        "0:03 内解出 1/2 手，跳过 0 手。\n"
        "单手最快：2.0 秒。\n"
        "🏆 你的第一个个人最佳。\n"
        "分享：24点 Rush 🏁 解出 1 手 · ⚡ 单手 2.0 秒\n"
        "发送 /rush 再来一场，/rush top 查看最佳成绩。"
    )
