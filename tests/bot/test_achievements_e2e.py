"""Achievements through the local Bot API: earned once each and told once (a line of the
group's win message), never from a result the fair-play rules refuse, saved (a restart
keeps them), a daily streak's from the daily's result, told in private when the game tells
no chat, and /achievements with the progress towards the next tier."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.context import BotContext
from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import LocalBotApi, plain_text
from bot.play.result_listeners import publish
from bot.rules.achievements import every
from bot.rules.countdown import CountdownExact
from bot.rules.daily.puzzle import DailyResult
from bot.rules.pace import floor_of
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from solver import solve
from tests.bot.games import TEST_DAY, daily
from tests.bot.harness import (
    ANN,
    BOB,
    EVE,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    settled,
    until,
)

ALL = len(every())
"""Every achievement of every game registered (a new game's family adds to them)."""
pytestmark = pytest.mark.asyncio

FAST = "⚡ A hand solved in under 10 seconds"
TOLD_IN_GROUP = f"🎖️ Ann earned 1 achievement: {FAST}"
GROUP_TOO_FAST = (
    "⏱ That answer came within {floor:g} s of the hand, quicker than anyone reads four cards and "
    "types: the point stands in this group, but it counts nowhere else (no hand record, no "
    "achievement)."
)
PRIVATE_TOO_FAST = (
    "⏱ That answer came within {floor:g} s of the hand reaching you, quicker than anyone reads "
    "four cards and types: the win is yours here, but it counts nowhere else (no hand record, "
    "no achievement, no challenge to send)."
)


async def win(api: LocalBotApi, clock: FakeClock, chat: int, seconds: float) -> str:
    """Ann deals in ``chat`` and wins ``seconds`` later; the win's text."""
    hand = dealt(await deal(api, ANN, chat))
    clock.now += seconds
    return plain_text(await reply_to(api, ANN, chat, f"/a {solve(hand)[0].text}"))


async def test_an_achievement_is_told_once_in_the_groups_win_and_kept(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await win(api, clock, GROUP, 5)
        second = await win(api, clock, GROUP, 5)
        await settled(api, application)
        on_disk = saved_record(tmp_path, "user", ANN)
        texts = [plain_text(m.get("text") or m.get("caption") or "") for m in api.sent]
    async with running_bot(api, tmp_path, clock=clock):
        listed = plain_text(await reply_to(api, ANN, ANN, "/achievements"))
    assert TOLD_IN_GROUP in first.splitlines()
    assert "🎖️" not in second
    assert sum(FAST in text for text in texts) == 1  # told once, nowhere else
    assert set(on_disk.achievements.earned) == {"fast_10"}
    assert listed.splitlines()[:2] == [f"🎖️ Achievements of Ann: 1 of {ALL}", FAST]
    assert "🧮 10 hands solved: 2/10" in listed.splitlines()
    assert "⚡ A hand solved in under 5 seconds: your best 5.0 s" in listed.splitlines()


async def test_an_achievement_the_disk_refuses_is_told_once_it_takes_it(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 5
        refuse_writes(application)
        waiting = plain_text(await reply_to(api, ANN, GROUP, f"/a {solve(hand)[0].text}"))
        await settled(api, application)
        told_before = [m for m in api.sent if TOLD_IN_GROUP in plain_text(m.get("text", ""))]
        refuse_writes(application, False)  # space again: the kept saves are retried
        await until(lambda: any(TOLD_IN_GROUP in plain_text(m.get("text", "")) for m in api.sent))
        on_disk = saved_record(tmp_path, "user", ANN)
    assert "🎖️" not in waiting
    assert told_before == []
    assert set(on_disk.achievements.earned) == {"fast_10"}


async def test_a_result_too_fast_to_count_earns_nothing(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 0.5  # under the hand's floor: a script's pace
        won = plain_text(await reply_to(api, ANN, GROUP, f"/a {solve(hand)[0].text}"))
        listed = plain_text(await reply_to(api, ANN, ANN, "/achievements"))
        mine = application.user_data[ANN].achievements
    assert "wins in" in won
    assert "🎖️" not in won
    assert won.splitlines()[-1] == GROUP_TOO_FAST.format(floor=floor_of(hand))
    assert mine is None
    assert "None yet: every game here earns them, as the next ones below show." in (
        listed.splitlines()
    )


async def test_a_private_win_too_fast_says_once_what_it_does_not_earn(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        before = len(api.sent)
        first_hand = dealt(await deal(api, ANN, ANN))
        clock.now += 0.5
        first = plain_text(await reply_to(api, ANN, ANN, f"/a {solve(first_hand)[0].text}"))
        offers = [m.get("reply_markup") for m in api.sent[before:] if m["chat"]["id"] == ANN]
        hand = dealt(await deal(api, ANN, ANN))
        records = application.bot_data.global_data.hand_records
        records.note(hand, 24, BOB, 9.0, ROUND_SOURCE)  # a hand seen before: a record's line
        clock.now += 0.5
        again = plain_text(await reply_to(api, ANN, ANN, f"/a {solve(hand)[0].text}"))
    assert first.splitlines()[-1] == PRIVATE_TOO_FAST.format(floor=floor_of(first_hand))
    assert offers[-1] is None  # no challenge to send
    assert "the record is 9.0 s" in again
    assert again.count(f"{floor_of(hand):g} s") == 1  # once: the record's line does not repeat it
    assert again.splitlines()[-1] == PRIVATE_TOO_FAST.format(floor=floor_of(hand))


async def test_a_daily_streak_of_seven_days_is_earned_with_the_seventh(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        record = DAILY_RECORD.get(application.user_data[ANN])
        for back in range(1, 7):  # six days solved before today
            record.results[(TEST_DAY - dt.timedelta(days=back)).isoformat()] = DailyResult(30, 0)
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 30
        solved = plain_text(await reply_to(api, ANN, ANN, solve(daily(TEST_DAY))[0].text))
    assert "🎖️ New achievement: 🔥 The daily puzzle 7 days in a row" in solved.splitlines()


async def test_a_result_told_in_no_chat_is_told_in_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/start")
        await reply_to(api, BOB, GROUP, "/score")  # Bob has no private chat with the bot
        before = len(api.sent)
        context = BotContext(application)
        told = publish(context, None, [CountdownExact(player=ANN, name="Ann")])
        told += publish(context, None, [CountdownExact(player=BOB, name="Bob")])
        await settled(api, application)
        sent = api.sent[before:]
        bob = application.user_data[BOB].achievements
    assert told == []
    assert [(m["chat"]["id"], plain_text(m["text"])) for m in sent] == [
        (ANN, "🎖️ New achievement: 🎯 1 Countdown target reached exactly")
    ]
    assert bob is not None and set(bob.earned) == {"exact_1"}  # kept for /achievements


async def test_a_player_off_the_boards_earns_nothing(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/start")
        application.bot_data.global_data.off_boards.add(ANN, application.bot_data.now())
        told = publish(BotContext(application), ANN, [CountdownExact(player=ANN, name="Ann")])
        mine = application.user_data[ANN].achievements
    assert told == []
    assert mine is None


async def test_a_name_is_escaped_in_the_line_and_achievements_as_a_reply_are_theirs(
    tmp_path: Path,
) -> None:
    api = make_api()
    api.add_user(EVE, "<b>Eve</b> & co", language_code="en")
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        hand = dealt(await deal(api, EVE, GROUP))
        clock.now += 5
        won = await reply_to(api, EVE, GROUP, f"/a {solve(hand)[0].text}")
        said = api.send(EVE, GROUP, "gg")  # unseen by the bot: privacy mode
        theirs = plain_text(
            await reply_to(api, ANN, GROUP, "/achievements", reply_to=said["message_id"])
        )
    assert f"🎖️ &lt;b&gt;Eve&lt;/b&gt; &amp; co earned 1 achievement: {FAST}" in won.splitlines()
    assert theirs.splitlines()[:2] == [f"🎖️ Achievements of <b>Eve</b> & co: 1 of {ALL}", FAST]
    assert "⚡ A hand solved in under 5 seconds: best 5.0 s" in theirs.splitlines()  # not "your"


async def test_achievements_and_me_of_a_member_by_their_username(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(EVE, "Eve", language_code="en", username="eve_24")
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        hand = dealt(await deal(api, EVE, GROUP))  # the group sees Eve (and her username)
        clock.now += 5
        await reply_to(api, EVE, GROUP, f"/a {solve(hand)[0].text}")
        theirs = plain_text(await reply_to(api, ANN, GROUP, "/achievements @Eve_24"))
        card = plain_text(await reply_to(api, ANN, GROUP, "/me @eve_24"))
        unknown = plain_text(await reply_to(api, ANN, GROUP, "/me @bob_24"))
        in_private = plain_text(await reply_to(api, ANN, ANN, "/achievements @eve_24"))
    assert theirs.startswith(f"🎖️ Achievements of Eve: 1 of {ALL}")
    assert f"🎖️ Achievements: 1 of {ALL} (/achievements)" in card.splitlines()
    assert unknown == (
        "I haven't seen @bob_24 in this chat (a bot cannot look a username up): reply to one "
        "of their messages with the command to see theirs. Alone, it shows yours."
    )
    assert in_private.startswith("I haven't seen @eve_24 in this chat")
