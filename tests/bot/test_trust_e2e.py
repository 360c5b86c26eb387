"""Trust before ratings, through the local Bot API (a group with privacy mode on): a member
who only reads the group (a lurker, never seen writing in it) wins nothing with solutions
the bot gave them; today's daily is kept before its clock starts; a daily attempt closes;
every deal reads the same and a wrong "no solution" costs its claimer the round; a daily
attempt can be given up."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from telegram.ext import Application

from bot.local_api import LocalBotApi, plain_text
from bot.rules.countdown import COUNTDOWN_SEAT
from bot.rules.hunt import HUNT_SEAT
from bot.rules.rounds import ROUND_SEAT
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.trust_data import EVE, answer_of, with_eve

pytestmark = pytest.mark.asyncio

PEEKED_ROUND = (
    "You were given this hand's solutions while it was being played (/solve or inline "
    "mode): your answers to it score nothing."
)
PEEKED_ROUND_ZH = "这手牌进行时你向我要过它的解法（/solve 或内联模式）：你对它的答案不计分。"


# --- lurkers --------------------------------------------------------------------------------


async def test_a_lurker_answered_inline_wins_no_round(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        inline = await api.wait_for_inline_answer(api.inline_query(EVE, " ".join(map(str, hand))))
        assert inline["results"], inline  # she is given the solutions: nothing tells her apart
        reply = await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}")
        assert reply == PEEKED_ROUND
        assert ROUND_SEAT.on(application.chat_data[GROUP].table)  # the round goes on


async def test_the_round_goes_on_for_the_others_after_a_lurkers_answer(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, ANN, GROUP))
        await reply_to(api, EVE, EVE, "/solve " + " ".join(map(str, hand)))
        await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}")
        won = plain_text(await reply_to(api, ANN, GROUP, f"/a {answer_of(hand)}"))
    assert re.match(r"🎉 Ann wins in \d+\.\d s", won), won


async def test_a_lurker_is_told_in_chinese(tmp_path: Path) -> None:
    """Bob (Chinese) has never written in the group."""
    api = with_eve()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, ANN, GROUP))
        await reply_to(api, BOB, BOB, "/solve " + " ".join(map(str, hand)) + " 1")
        reply = await reply_to(api, BOB, GROUP, f"/a {answer_of(hand)}")
    assert reply == PEEKED_ROUND_ZH


async def test_a_lurker_finds_nothing_in_a_hunt(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        api.send(ANN, GROUP, "/hunt")
        await api.wait_for_sent(1, timeout=20)
        hunt = HUNT_SEAT.of(application.chat_data[GROUP].table)
        assert hunt is not None
        await reply_to(api, EVE, EVE, "/solve " + " ".join(map(str, hunt.hand)))
        reply = await reply_to(api, EVE, GROUP, f"/a {hunt.solutions[0]}")
        assert reply == (
            "You were given this hand's solutions while this hunt was on (/solve or inline "
            "mode): your finds score nothing."
        )
        assert hunt.found == {}


async def test_a_lurker_has_no_best_in_a_countdown(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(1)  # 2 2 5 8 10 50 → 880
        api.send(ANN, GROUP, "/countdown 1")
        await api.wait_for_sent(1, timeout=20)
        await settled(api, application)
        await reply_to(api, EVE, EVE, "/solve 2 2 5 8 10 50 = 880")
        reply = await reply_to(api, EVE, GROUP, "/a (50+5)*8*2")
        game = COUNTDOWN_SEAT.of(application.chat_data[GROUP].table)
        assert game is not None
        assert reply == (
            "You were given solutions of these numbers while this game was on (/solve or "
            "inline mode): your answers to it score nothing."
        )
        assert game.best == {}


async def test_a_stranger_playing_elsewhere_keeps_their_own_win(tmp_path: Path) -> None:
    """Eve asks while the group plays the hand, then deals in private: her own round's
    hand is another game, and she wins it."""
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        await reply_to(api, EVE, EVE, "/solve " + " ".join(map(str, hand)))
        mine = dealt(await deal(api, EVE, EVE))
        won = plain_text(await reply_to(api, EVE, EVE, answer_of(mine)))
        assert ROUND_SEAT.on(application.chat_data[GROUP].table)
    assert won.startswith("🎉 Eve wins")


# --- every deal reads the same; a wrong "no solution" costs the claimer the round -----------


async def solvable_deal(api: LocalBotApi, application: Application, chat: int) -> dict:
    """With unsolvable hands allowed: deal until a hand has a solution (bounded)."""
    application.chat_data[chat].table.settings.unsolvable = True
    application.bot_data.rng = random.Random(3)
    for _ in range(10):
        message = await deal(api, ANN, chat)
        if solve(dealt(message)):
            return message
        await reply_to(api, ANN, chat, "/reveal")
    raise AssertionError("no solvable hand in ten deals")


async def test_a_solvable_deal_reads_as_an_unsolvable_one(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        message = await solvable_deal(api, application, ANN)
    assert plain_text(message["caption"]).split("\n")[1:] == [
        "Time: 120 s.",
        "This hand may have no solution: then answer /a none (if it has one, that puts you "
        "out of the round).",
        "Type your answer, like (8-2)*4.",
    ]


async def test_a_wrong_claim_in_private_loses_the_round(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await solvable_deal(api, application, ANN))
        lost = plain_text(await reply_to(api, ANN, ANN, "/a none"))
        header = "The solutions:" if len(solve(hand)) > 1 else "The solution:"
        assert lost.startswith(f"There is a solution, so this round is lost. {header}\n")
        assert not ROUND_SEAT.on(application.chat_data[ANN].table)


async def test_a_wrong_claim_in_a_group_puts_the_claimer_out(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await solvable_deal(api, application, GROUP))
        first = plain_text(await reply_to(api, ANN, GROUP, "/a none"))
        api.send(ANN, GROUP, f"/a {answer_of(hand)}")
        await settled(api, application)
        status = plain_text(api.sent[-1]["text"])
        won = plain_text(await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}"))
    assert first.endswith("Ann: there is a solution: out of this round")
    assert status.endswith("Ann: out of this round (you said it had no solution)")
    assert won.startswith("🎉 Eve wins")


async def test_a_wrong_claim_is_told_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[BOB].table.settings.unsolvable = True
        application.bot_data.rng = random.Random(3)
        for _ in range(10):
            if solve(dealt(await deal(api, BOB, BOB))):
                break
            await reply_to(api, BOB, BOB, "/reveal")
        lost = plain_text(await reply_to(api, BOB, BOB, "/a 无解"))
    assert lost.startswith("其实有解，这一轮输了。解法：\n")


async def test_a_hint_on_a_hand_with_no_solution_says_so_at_a_hints_cost(tmp_path: Path) -> None:
    """A free "no more hints" would tell an unsolvable hand apart (Bob reads Chinese)."""
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(8)  # 1 6 10 11: no solution
        application.chat_data[BOB].table.settings.unsolvable = True
        assert not solve(dealt(await deal(api, BOB, BOB)))
        hint = await reply_to(api, BOB, BOB, "/hint")
        won = plain_text(await reply_to(api, BOB, BOB, "/a 无解"))
    assert hint == "提示：这手牌无解。\n（每条提示扣除四分之一的分数：现在答对可得 15 分。）"
    assert "+15" in won


async def test_a_lurkers_mark_survives_a_restart(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, ANN, GROUP))
        await reply_to(api, EVE, EVE, "/solve " + " ".join(map(str, hand)))
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}")
    assert reply == PEEKED_ROUND


async def test_another_target_whose_closest_value_is_the_rounds_marks_the_asker(
    tmp_path: Path,
) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        numbers = " ".join(map(str, hand))
        # Just above 24: the closest value below is 24 itself, with how to make it.
        near = plain_text(await reply_to(api, EVE, EVE, f"/solve {numbers} = 24001/1000"))
        reply = await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}")
        playing = ROUND_SEAT.on(application.chat_data[GROUP].table)
    assert "Closest below: 24 = " in near
    assert reply == PEEKED_ROUND
    assert playing


async def test_no_solution_where_only_solvable_hands_are_dealt_costs_nothing(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await deal(api, ANN, ANN)  # unsolvable hands are off: every deal has a solution
        reply = await reply_to(api, ANN, ANN, "/a none")
        playing = ROUND_SEAT.on(application.chat_data[ANN].table)
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
        out = None if game is None else game.out
    assert reply == "Every hand here has a solution (this chat deals no others): keep looking!"
    assert playing
    assert out == []


async def test_no_solution_where_only_solvable_hands_are_dealt_in_chinese(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, BOB, BOB)
        reply = await reply_to(api, BOB, BOB, "无解")
    assert reply == "这里的每一手牌都有解（这个聊天只发有解的牌）：再找找看！"
