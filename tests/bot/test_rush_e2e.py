"""Rush in a private chat through the local Bot API: a run to its end by the clock, /skip,
a wrong answer, /rush top, spoilers, a restart in the middle of a run, the refusal while
another game is on, and its words in both languages (the shared runs of groups:
``test_rush_group_e2e.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.rush.parts import RUSH_RECORDS
from bot.local_api import plain_text
from bot.rules.rush.chat_run import RUSH_SEAT
from bot.rules.spoilers import shares
from solver import check, solve
from tests.bot.games import start
from tests.bot.harness import (
    ANN,
    BOB,
    FakeClock,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    settled,
)
from tests.bot.rush_play import (
    NOON,
    after_last_hand,
    answer,
    next_picture,
    players,
    ring,
    the_run,
    wrong,
)

pytestmark = pytest.mark.asyncio


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
    assert after_last_hand(end) == (
        "🏁 Rush over! Score: 2\n"
        "2 of 3 hands solved in 2:20.\n"
        "Best hand: 3.0 s.\n"
        "🏆 Your first personal best.\n"
        "Share: 24点 Rush 🏁 2 solved · ⚡ 3.0 s\n"
        "/rush for another run, /rush top for the best runs.\n"
        "🎖️ New achievements: ⚡ A hand solved in under 10 seconds · "
        "⚡ A hand solved in under 5 seconds"
    )
    best = RUSH_RECORDS.get(user).best
    assert best is not None and best.score == 2
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


async def test_rush_top_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        top = plain_text(await reply_to(api, BOB, BOB, "/rush top"))
    assert top == "极速挑战：最佳成绩\n还没有成绩：/rush 开始一局。"


async def test_solve_refuses_the_hand_of_a_live_run(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        cards = " ".join(map(str, the_run(application, ANN).hand))
        reply = await reply_to(api, ANN, ANN, f"/solve {cards}")
    assert reply == (
        "No spoilers: that hand is being played in a Rush run right now. Ask again once that "
        "hand is solved or skipped."
    )


async def test_the_hand_before_may_be_solved_once_the_run_moved_on(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        first = game.hand
        for _skip in range(5):  # to a hand that shares no three cards with the first
            await next_picture(api, ANN, ANN, "/skip")
            if not shares(game.hand, first):
                break
        else:
            pytest.skip("five hands in a row shared three cards with the first")
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
        live = RUSH_SEAT.on(application.chat_data[ANN].table)
    assert after_last_hand(end).startswith("🏁 Rush over! Score: 0\n0 of 1 hand solved in 2:00")
    assert not live


@pytest.mark.parametrize(("first", "then"), [("/hunt", "/rush"), ("/rush", "/play")])
async def test_one_game_at_a_time(tmp_path: Path, first: str, then: str) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, first)
        reply = await reply_to(api, ANN, ANN, then)
    refusals = {
        "/rush": "A hunt is on: just type your answer, or /stop to end it.",
        "/play": "A Rush run is on: answer its hand, /skip it (−20 s) or /stop the run.",
    }
    assert reply == refusals[then]


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
        "\n/rush: Rush, as many hands as you can solve against the clock: 120 seconds, +10 "
        "for each hand solved, −20 for a /skip; hands get harder as you score. In a group "
        "everyone races on the same hands. /rush top: the best runs\n"
    ) in english
    assert "\n/rush：极速挑战，限时内解出尽可能多的牌：开局 120 秒" in chinese
    assert group_menu["rush"] == "极速挑战：限时内解出尽可能多的牌（/rush top 排行）"


async def test_a_reply_to_a_hand_already_taken_scores_nothing(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        right = answer(game)
        clock.now += 2
        await next_picture(api, ANN, ANN, right)
        clock.now += 2
        reply = await reply_to(api, ANN, ANN, right, reply_to=first["message_id"])
        score = game.run.score
    assert reply == "Too late: that hand is gone. Answer the one on the clock now."
    assert score == 1


async def test_a_run_is_told_only_once_the_disk_takes_it(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        clock.now += 2
        await next_picture(api, ANN, ANN, answer(game))
        refuse_writes(application)
        waiting = await reply_to(api, ANN, ANN, "/stop")
        before = len(api.sent)
        refuse_writes(application, False)  # space again: the kept save is retried
        # (the run's end first; the achievements it earned, held with it, come after it)
        end = plain_text((await api.wait_for_sent(before + 1))[before]["text"])
    assert waiting.startswith("🏁 Game over! But the bot cannot save scores just now")
    assert after_last_hand(end).startswith("🏁 Rush over! Score: 1\n")


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
    assert after_last_hand(end) == (
        "🏁 极速挑战结束！得分：1\n"
        "0:03 内解出 1/2 手。\n"
        "单手最快：2.0 秒。\n"
        "🏆 你的第一个个人最佳。\n"
        "分享：24点 极速挑战 🏁 解出 1 手 · ⚡ 单手 2.0 秒\n"
        "发送 /rush 再来一场，/rush top 查看最佳成绩。\n"
        "🎖️ 新成就：⚡ 10 秒内解出一题 · ⚡ 5 秒内解出一题 · ⚡ 3 秒内解出一题"
    )


async def _stopped(tmp_path: Path, user: int) -> tuple[str, str]:
    """``user`` starts a run in private and stops it: the hand that was on (its cards as the
    caption writes them) and the first line of the run's end."""
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, user, user, "/rush")
        hand = the_run(application, user).hand
        end = plain_text(await reply_to(api, user, user, "/stop"))
    return " ".join(map(str, sorted(hand))), end.split("\n")[0]


async def test_stop_shows_the_hand_that_was_on_with_a_solution(tmp_path: Path) -> None:
    cards, first = await _stopped(tmp_path, ANN)
    assert first.startswith(f"⏹ The last hand, {cards}: ")
    assert check(first.split(": ", 1)[1], [int(card) for card in cards.split()]).ok


async def test_stop_shows_the_hand_that_was_on_in_chinese(tmp_path: Path) -> None:
    cards, first = await _stopped(tmp_path, BOB)
    assert first.startswith(f"⏹ 最后一手牌是 {cards}，解法之一：")
