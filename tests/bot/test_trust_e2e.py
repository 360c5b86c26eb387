"""Trust before ratings, through the local Bot API (a group with privacy mode on): a member
who only reads the group (a lurker, never seen writing in it) wins nothing with solutions
the bot gave them; today's daily is kept before its clock starts; a daily attempt closes;
every deal reads the same and a wrong "no solution" costs its claimer the round; a daily
attempt can be given up."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest
from telegram.ext import Application

from bot.features import daily as daily_feature
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

EVE = 505
"""A member of the group who only reads it: the bot has never seen her write there."""

NOON = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC).timestamp()
DAY = dt.date(2026, 11, 23)
NUMBER = daily_number(DAY)

PEEKED_ROUND = (
    "You were given this hand's solutions while it was being played (/solve or inline "
    "mode): your answers to it score nothing."
)
PEEKED_ROUND_ZH = "这手牌进行时你向我要过它的解法（/solve 或内联模式）：你对它的答案不计分。"


def with_eve() -> LocalBotApi:
    api = make_api()
    api.add_user(EVE, "Eve", language_code="en")
    return api


def hand_of(day: dt.date) -> str:
    return " ".join(map(str, daily(day)))


def answer_of(hand: tuple[int, ...] | list[int]) -> str:
    return solve(tuple(hand))[0].text


# --- lurkers --------------------------------------------------------------------------------


async def test_a_lurker_answered_inline_wins_no_round(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        inline = await api.wait_for_inline_answer(api.inline_query(EVE, " ".join(map(str, hand))))
        assert inline["results"], inline  # she is given the solutions: nothing tells her apart
        reply = await reply_to(api, EVE, GROUP, f"/a {answer_of(hand)}")
        assert reply == PEEKED_ROUND
        assert application.chat_data[GROUP].table.playing  # the round goes on


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
        hunt = application.chat_data[GROUP].table.hunt
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
        game = application.chat_data[GROUP].table.countdown
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
        assert application.chat_data[GROUP].table.playing
    assert won.startswith("🎉 Eve wins")


# --- today's daily before its clock starts ---------------------------------------------------


async def test_todays_daily_with_another_number_is_refused_before_the_clock(
    tmp_path: Path,
) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)} 1")
    assert reply == "No spoilers: that is today's daily puzzle. Solve it first: /daily"


async def test_todays_daily_with_another_number_is_refused_inline(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        answer = await api.wait_for_inline_answer(api.inline_query(EVE, f"{hand_of(DAY)} 1"))
    assert answer["results"][0]["title"] == (
        "No spoilers: that is today's daily puzzle. Solve it first: /daily"
    )


async def test_todays_daily_with_another_number_is_refused_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, BOB, f"/solve {hand_of(DAY)} 1")
    assert reply == "不能剧透：这是今天的每日一题。先自己解出来吧：/daily"


async def test_todays_daily_with_another_number_is_refused_in_a_group(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, ANN, GROUP, f"/solve {hand_of(DAY)} 1")
    assert reply == "No spoilers: that is today's daily puzzle, and others here may be on it."


async def test_yesterdays_open_attempt_is_kept_just_after_midnight(tmp_path: Path) -> None:
    """Opened at 23:58, today's opened at 00:02: yesterday's still takes answers."""
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 58 * 60)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 240
        await reply_to(api, EVE, EVE, "/daily")
        reply = await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)} 1")
    assert reply == "No spoilers: that is your daily puzzle, and your clock is running."


async def test_a_running_archive_puzzle_is_refused_in_a_group_too(tmp_path: Path) -> None:
    api = with_eve()
    past = DAY - dt.timedelta(days=3)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, f"/daily {past.isoformat()}")
        reply = await reply_to(api, ANN, GROUP, f"/solve {hand_of(past)}")
    assert reply == "No spoilers: that is your daily puzzle, and your clock is running."


# --- a daily attempt closes ----------------------------------------------------------------


def closed_text(day: dt.date, today: dt.date) -> str:
    return (
        f"Sorry, Daily #{daily_number(day)} has closed: its day ended at midnight, and answers "
        "were taken until 00:05. Its solutions are out now, so this one cannot count. "
        f"Today's puzzle is Daily #{daily_number(today)}: /daily"
    )


async def test_an_attempt_answered_two_days_later_counts_for_nothing(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60 + 30)  # 23:59:30
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 36 * 3600  # noon, two days later
        reply = await reply_to(api, EVE, EVE, answer_of(daily(DAY)))
        assert reply == closed_text(DAY, DAY + dt.timedelta(days=2))
        assert application.user_data[EVE].daily.result(DAY) is None


async def test_an_attempt_closes_five_minutes_after_midnight(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 6 * 60  # 00:05
        reply = await reply_to(api, EVE, EVE, answer_of(daily(DAY)))
    assert reply == closed_text(DAY, DAY + dt.timedelta(days=1))


async def test_a_closed_attempt_is_told_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, BOB, BOB, "/daily")
        clock.now += 86_400
        reply = await reply_to(api, BOB, BOB, answer_of(daily(DAY)))
    assert reply == (
        f"抱歉，每日一题 #{NUMBER} 已经关闭：它那一天在午夜结束，答案只收到 00:05。"
        f"现在它的解法已经公开，这个答案不能算了。今天的是每日一题 #{NUMBER + 1}：/daily"
    )


async def test_the_mini_app_refuses_an_attempt_that_closed(tmp_path: Path) -> None:
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60 + 30)  # 23:59:30
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 36 * 3600
        late = await call(
            application,
            "POST",
            "daily",
            body={"day": DAY.isoformat(), "expression": answer_of(daily(DAY))},
        )
        assert late.status_code == 409
        assert application.user_data[ANN].daily.result(DAY) is None


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
        assert not application.chat_data[ANN].table.playing


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


# --- giving a daily attempt up -------------------------------------------------------------


async def test_giving_up_a_past_puzzle_shows_its_solutions(tmp_path: Path) -> None:
    api = with_eve()
    past = DAY - dt.timedelta(days=3)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, f"/daily {past.isoformat()}")
        gave_up = plain_text(await reply_to(api, EVE, EVE, "/giveup"))
        after = await reply_to(api, EVE, EVE, answer_of(daily(past)))
        solved = plain_text(await reply_to(api, EVE, EVE, f"/solve {hand_of(past)}"))
    assert gave_up.split("\n")[0] == (
        f"You gave up Daily #{daily_number(past)} ({past.isoformat()}, from the archive). "
        "Its solutions:"
    )
    assert gave_up.split("\n")[1] == solve(daily(past))[0].pretty
    assert after == "Send /play for a hand, or /solve 3 3 8 8."
    assert solved.startswith(f"{hand_of(past)} → 24")


async def test_giving_up_todays_puzzle_is_a_day_missed(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, EVE, EVE, "/daily")
        gave_up = plain_text(await reply_to(api, EVE, EVE, "/reveal"))
        again = await reply_to(api, EVE, EVE, "/daily")
        by_number = await reply_to(api, EVE, EVE, f"/daily #{NUMBER}")
        solved = plain_text(await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)}"))
        assert application.user_data[EVE].daily.result(DAY) is None
    assert gave_up.split("\n")[0] == (
        f"You gave up today's puzzle, Daily #{NUMBER}: it counts as a day missed. Its solutions:"
    )
    assert again == (
        f"You gave up today's puzzle, Daily #{NUMBER}. The next one comes in 12 h 00 min."
    )
    assert by_number == again
    assert solved.startswith(f"{hand_of(DAY)} → 24")


async def test_stop_gives_up_the_daily_attempt_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily")
        gave_up = plain_text(await reply_to(api, BOB, BOB, "/stop"))
    assert gave_up.split("\n")[0] == f"你放弃了今天的每日一题 #{NUMBER}：这一天算作错过。解法："


async def opened(api: LocalBotApi, user: int, command: str) -> list[str]:
    """The texts (captions) of the two messages opening a puzzle sends when it sets
    another aside: the note and the picture."""
    before = len(api.sent)
    api.send(user, user, command)
    sent = (await api.wait_for_sent(before + 2))[before:]
    return [plain_text(m.get("text") or m.get("caption", "")) for m in sent]


async def test_opening_a_past_puzzle_says_todays_is_set_aside(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        texts = await opened(api, EVE, "/daily 2026-11-20")
    assert (
        f"Today's Daily #{NUMBER} is set aside, its clock running on: /daily takes it up again."
        in texts
    )


async def test_opening_todays_puzzle_says_the_archives_is_set_aside_in_chinese(
    tmp_path: Path,
) -> None:
    api = with_eve()
    past = daily_number(dt.date(2026, 11, 20))
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily 2026-11-20")
        texts = await opened(api, BOB, "/daily")
    assert f"往期的每日一题 #{past} 先放一放，它的计时照走：发 /daily #{past} 接着做。" in texts


async def test_a_post_just_after_midnight_keeps_yesterdays_solutions(tmp_path: Path) -> None:
    """A group subscribed at 00:00: yesterday's attempts still take answers till 00:05."""
    api = with_eve()
    midnight = NOON + 12 * 3600
    async with running_bot(api, tmp_path, clock=FakeClock(midnight + 60)) as application:
        before = len(api.sent)
        application.job_queue.run_once(daily_feature.post_daily, 0, chat_id=GROUP)
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert plain_text(post["caption"]).split("\n")[-1] == (
        f"Yesterday (#{NUMBER}): 0 solved; /solve shows its solutions after 00:05."
    )


async def test_a_hint_on_a_hand_with_no_solution_says_so_at_a_hints_cost(tmp_path: Path) -> None:
    """A free "no more hints" would tell an unsolvable hand apart (Bob reads Chinese)."""
    api = with_eve()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(8)  # 1 6 10 11: no solution
        application.chat_data[BOB].table.settings.unsolvable = True
        assert not solve(dealt(await deal(api, BOB, BOB)))
        hint = await reply_to(api, BOB, BOB, "/hint")
        won = plain_text(await reply_to(api, BOB, BOB, "/a 无解"))
    assert hint == "提示：这手牌无解。"
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
        playing = application.chat_data[GROUP].table.playing
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
        playing = application.chat_data[ANN].table.playing
        out = application.chat_data[ANN].table.round.out
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
