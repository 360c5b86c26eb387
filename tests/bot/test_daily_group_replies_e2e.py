"""Answers replying to a group's daily post (privacy mode on): the player is sent to
private without a word on whether the answer was right, and the answer is taken down where
the bot is an admin allowed to delete; chat about the post is left alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_CHAT
from bot.local_api import LocalBotApi, plain_text
from solver import daily, solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
SENT_TO_PRIVATE = (
    "🤫 The daily puzzle is answered in private, so nobody here is spoiled: send your answer "
    "to me there."
)
SENT_TO_PRIVATE_ZH = "🤫 每日一题请在私聊里作答，免得剧透给群里的其他人：把答案私聊发给我吧。"


async def post_daily(api: LocalBotApi) -> int:
    """Ann asks for the daily puzzle in the group; returns its post's message id."""
    await reply_to(api, ANN, GROUP, "/daily")
    return int(api.sent[-1]["message_id"])


async def test_an_answer_to_the_daily_post_is_sent_to_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        post = await post_daily(api)
        answer = solve(daily(DAY))[0].text
        told = await reply_to(api, ANN, GROUP, answer, reply_to=post)
        reply = api.sent[-1]
    assert plain_text(told) == SENT_TO_PRIVATE
    assert reply["reply_markup"]["inline_keyboard"][0][0]["url"] == (
        "https://t.me/TwentyFourBot?start=daily"
    )


async def test_a_wrong_answer_is_told_the_same(tmp_path: Path) -> None:
    # A reply that said "wrong" would tell the group which answers are right.
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        post = await post_daily(api)
        told = await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
    assert plain_text(told) == SENT_TO_PRIVATE


async def test_the_answer_stays_where_the_bot_may_not_delete(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = await post_daily(api)
        sent = api.send(ANN, GROUP, solve(daily(DAY))[0].text, reply_to=post)
        await api.wait_for_sent(len(api.sent) + 1)
        await settled(api, application)
    assert (GROUP, sent["message_id"]) in api.messages


async def test_an_admin_bot_takes_the_answer_down(tmp_path: Path) -> None:
    api = make_api()
    api.chats[GROUP].bot_is_admin = True
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = await post_daily(api)
        sent = api.send(ANN, GROUP, solve(daily(DAY))[0].text, reply_to=post)
        await api.wait_for_sent(len(api.sent) + 1)
        await settled(api, application)
    assert (GROUP, sent["message_id"]) not in api.messages


async def test_chat_about_the_post_gets_no_reply(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = await post_daily(api)
        before = len(api.sent)
        api.send(BOB, GROUP, "good luck everyone", reply_to=post)
        await settled(api, application)
    assert len(api.sent) == before


async def test_a_player_replying_again_is_not_told_again(tmp_path: Path) -> None:
    # Each reply told anew let one member make the bot post the same message into the
    # group as often as they liked (griefing, and the group's 20 messages a minute spent).
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = await post_daily(api)
        await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
        before = len(api.sent)
        for wrong in ("1+2", "1+3", "1+4"):
            api.send(ANN, GROUP, wrong, reply_to=post)
        await settled(api, application)
    assert len(api.sent) == before


async def test_an_answer_replying_again_is_still_taken_down(tmp_path: Path) -> None:
    api = make_api()
    api.chats[GROUP].bot_is_admin = True
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        post = await post_daily(api)
        await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
        again = api.send(ANN, GROUP, solve(daily(DAY))[0].text, reply_to=post)
        await settled(api, application)
    assert (GROUP, again["message_id"]) not in api.messages


async def test_each_player_is_told_once(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        post = await post_daily(api)
        await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
        told = await reply_to(api, BOB, GROUP, "1+1", reply_to=post)
    assert plain_text(told) == SENT_TO_PRIVATE_ZH  # Bob's Telegram speaks Chinese


async def test_a_new_post_tells_the_player_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        post = await post_daily(api)
        await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
        post = await post_daily(api)
        told = await reply_to(api, ANN, GROUP, "1+1", reply_to=post)
    assert plain_text(told) == SENT_TO_PRIVATE


async def test_a_player_who_solved_the_daily_is_told_so_not_sent_to_private(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        answer = solve(daily(DAY))[0].text
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, answer)
        post = await post_daily(api)
        told = await reply_to(api, ANN, GROUP, answer, reply_to=post)
        reply = api.sent[-1]
        await reply_to(api, BOB, BOB, "/daily")
        await reply_to(api, BOB, BOB, answer)
        told_zh = await reply_to(api, BOB, GROUP, answer, reply_to=post)
    assert plain_text(told) == (
        "🤫 You have solved this daily puzzle already. Answers stay in private, so nobody "
        "here is spoiled."
    )
    assert "reply_markup" not in reply
    assert plain_text(told_zh) == (
        "🤫 这道每日一题你已经解出来了。答案都留在私聊里，免得剧透给群里的其他人。"
    )


SOLVED_ALREADY = (
    "🤫 You have solved this daily puzzle already. Answers stay in private, so nobody here is "
    "spoiled."
)


async def test_a_reply_to_an_earlier_post_of_the_same_day_knows_it_is_solved(
    tmp_path: Path,
) -> None:
    # Two posts of one day (a subscription's, then a /daily) show the same puzzle: the
    # earlier one is not yesterday's.
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        answer = solve(daily(DAY))[0].text
        earlier = await post_daily(api)
        await post_daily(api)
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, answer)
        told = await reply_to(api, ANN, GROUP, answer, reply_to=earlier)
    assert plain_text(told) == SOLVED_ALREADY


async def test_a_reply_after_midnight_to_yesterdays_post_knows_it_is_solved(
    tmp_path: Path,
) -> None:
    # Until today's puzzle is posted, the group's latest post is yesterday's.
    api = make_api()
    clock = FakeClock(dt.datetime(2026, 11, 23, 23, 50, tzinfo=dt.UTC).timestamp())
    async with running_bot(api, tmp_path, clock=clock):
        answer = solve(daily(DAY))[0].text
        post = await post_daily(api)
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, answer)
        clock.now += 20 * 60
        told = await reply_to(api, ANN, GROUP, answer, reply_to=post)
    assert plain_text(told) == SOLVED_ALREADY


async def test_a_post_saved_without_its_day_is_taken_as_todays(tmp_path: Path) -> None:
    # Releases before the posts' days were kept: their latest post is today's, as then.
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        answer = solve(daily(DAY))[0].text
        post = await post_daily(api)
        DAILY_CHAT.get(application.chat_data[GROUP]).day = None
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, answer)
        told = await reply_to(api, ANN, GROUP, answer, reply_to=post)
    assert plain_text(told) == SOLVED_ALREADY
