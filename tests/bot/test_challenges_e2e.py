"""Challenges through the local Bot API: a solve's "Challenge a friend" button, the shared
message sent through inline mode into a group, friends playing it from its Play link, and
the shared message edited with everyone's times."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    NOON,
    FakeClock,
    FaultyBotApi,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

CAT, DAN = 503, 504
DAY = dt.date(2026, 11, 23)
NUMBER = daily_number(DAY)
ANSWER = solve(daily(DAY))[0].text


def friends() -> FaultyBotApi:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")
    api.add_user(DAN, "Dan", language_code="en")
    return api


def shown(api: LocalBotApi, shared: dict[str, Any]) -> str:
    """The shared message's text as the chat shows it now."""
    return plain_text(api.inline_messages[shared["inline_message_id"]]["text"])


async def ann_solves_the_daily(api: LocalBotApi, clock: FakeClock) -> dict[str, Any]:
    await said(api, ANN, "/daily")
    clock.now += 42
    return await said(api, ANN, ANSWER)


async def test_a_daily_challenge_shared_in_a_group_is_played_by_two_friends(
    tmp_path: Path,
) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        solved = await ann_solves_the_daily(api, clock)
        shared = await share(api, ANN, offer_of(solved))
        head = f"⚔️ Ann solved 24点 Daily #{NUMBER} in 0:42: can you beat it?"
        assert plain_text(shared["text"]) == head
        assert ANSWER not in shared["text"]
        await settled(api, application)
        # Cat has not played today's puzzle: the challenge is her daily attempt.
        told = await said(api, CAT, link_of(shared))
        assert plain_text(told["text"]) == (
            f"Ann's challenge is today's puzzle, Daily #{NUMBER}, which you have not played "
            "yet: this is your daily attempt, on its one clock."
        )
        await settled(api, application)
        assert f"Daily #{NUMBER}" in plain_text(api.sent[-1]["caption"])
        clock.now += 30
        done = plain_text((await said(api, CAT, ANSWER))["text"])
        assert "✅ Solved in 0:30!" in done
        assert "⚔️ On Ann's challenge: your 0:30 against Ann's 0:42." in done
        assert DAILY_RECORD.get(application.user_data[CAT]).result(DAY) is not None
        await settled(api, application)
        assert shown(api, shared) == f"{head}\n\nCat: 0:30"
        # Dan gives his up.
        await said(api, DAN, link_of(shared))
        await settled(api, application)
        given = plain_text((await said(api, DAN, "/giveup"))["text"])
        assert given.startswith("⚔️ Ann's challenge is given up with it.\nYou gave up")
        await settled(api, application)
    assert shown(api, shared) == f"{head}\n\nCat: 0:30\nDan: gave up"


async def test_a_friend_who_played_todays_daily_plays_the_challenge_on_its_own_clock(
    tmp_path: Path,
) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        shared = await share(api, ANN, offer_of(await ann_solves_the_daily(api, clock)))
        await said(api, CAT, "/daily")
        clock.now += 100
        await said(api, CAT, ANSWER)
        result = DAILY_RECORD.get(application.user_data[CAT]).result(DAY)
        deal = await said(api, CAT, link_of(shared))
        assert plain_text(deal["caption"]) == (
            f"Ann's challenge: make 24 from {' '.join(map(str, daily(DAY)))}\n"
            "Ann took 0:42. Your clock is running: type your answer, or /giveup."
        )
        clock.now += 5
        assert "Not quite" in plain_text((await said(api, CAT, "1+2"))["text"])
        clock.now += 5
        done = plain_text((await said(api, CAT, ANSWER))["text"])
        assert done == (
            "✅ Solved in 0:10: you beat Ann (0:42)!\n"
            "Your time is on the challenge for everyone who shared it.\n"
            # Today's puzzle: its cards are public, it sets no record.
            "Solved 3 times, no record yet. "
            "A daily puzzle sets no record: its cards are public before a clock starts."
        )
        assert (
            DAILY_RECORD.get(application.user_data[CAT]).result(DAY) == result
        )  # the daily's unchanged
        await settled(api, application)
    assert shown(api, shared).endswith("\n\nCat: 0:10")


async def test_no_second_play_and_not_the_setters_own(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        shared = await share(api, ANN, offer_of(await ann_solves_the_daily(api, clock)))
        own = plain_text((await said(api, ANN, link_of(shared)))["text"])
        assert own == (
            "That is your own challenge: your friends play it against your time. "
            "Share it in more chats with its button."
        )
        await said(api, CAT, link_of(shared))
        await said(api, CAT, ANSWER)
        again = plain_text((await said(api, CAT, link_of(shared)))["text"])
        assert again == (
            "You have played this challenge already: one try each, so that every time "
            "on it is a first try."
        )


async def test_an_unknown_challenge_gets_a_friendly_reply(tmp_path: Path) -> None:
    api = friends()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, CAT, CAT, "/start ch_nosuchthng")
    assert reply == (
        "I can't find this challenge: it may be too old, or the link is wrong. "
        "/play deals you a hand, /daily shows today's puzzle."
    )


async def test_a_practice_solve_offers_a_challenge_in_the_players_language(
    tmp_path: Path,
) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await said(api, BOB, "/play")
        hand = dealt(deal)
        clock.now += 8.25
        win = await said(api, BOB, solve(hand)[0].text)
        shared = await share(api, BOB, offer_of(win), "group")
        head = "⚔️ Bob 用 8.2 秒 解出了一手 24点：你能更快吗？"
        assert plain_text(shared["text"]) == head
        await settled(api, application)
        deal = await said(api, CAT, link_of(shared))
        assert dealt(deal) == hand
        clock.now += 3.5
        done = plain_text((await said(api, CAT, solve(hand)[0].text))["text"])
        assert done.endswith(
            # A challenge's cards are known before the clock: seen, no record.  Cat played
            # Bob's challenge: Bob is named to her.
            "\nSolved 2 times; the record is 8.2 s by Bob. "
            "A challenge sets no record: its cards are known before a clock starts."
        )
        await settled(api, application)
    assert shown(api, shared) == f"{head}\n\nCat：3.5 秒"


async def test_someone_elses_challenge_button_shares_nothing(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        query = offer_of(await ann_solves_the_daily(api, clock))
        answer = await api.wait_for_inline_answer(api.inline_query(CAT, query, "group"))
    assert answer["results"] == []
    assert answer["button"]["text"] == (
        "This challenge button no longer works: solve a hand to make a new one"
    )


async def test_the_live_hand_of_a_challenge_is_refused_to_its_player(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        deal = await said(api, BOB, "/play")
        hand = " ".join(map(str, dealt(deal)))
        clock.now += 5
        await said(api, BOB, solve(dealt(deal))[0].text)
        shared = await share(api, BOB, offer_of(api.sent[-1]), "group")
        await said(api, CAT, link_of(shared))
        refused = await reply_to(api, CAT, CAT, f"/solve {hand}")
        answered = await reply_to(api, DAN, DAN, f"/solve {hand}")
        inline = await api.wait_for_inline_answer(api.inline_query(CAT, hand))
    assert refused.startswith("No spoilers")
    assert not answered.startswith("No spoilers")
    assert inline["results"][0]["title"].startswith("No spoilers")


async def test_a_restart_keeps_the_challenge_and_an_open_play(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        shared = await share(api, ANN, offer_of(await ann_solves_the_daily(api, clock)))
        await said(api, CAT, "/daily")
        await said(api, CAT, ANSWER)  # her daily done: the challenge is a replay
        await said(api, CAT, link_of(shared))
        await settled(api, application)
    clock.now += 20
    async with running_bot(api, tmp_path, clock=clock) as application:
        done = plain_text((await said(api, CAT, ANSWER))["text"])
        assert done.startswith("✅ Solved in 0:20: you beat Ann (0:42)!")
        await settled(api, application)
        again = plain_text((await said(api, CAT, link_of(shared)))["text"])
        assert again.startswith("You have played this challenge already")
    assert shown(api, shared).endswith("\n\nCat: 0:20")


async def test_a_daily_attempt_left_at_midnight_ends_the_play_as_given_up(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        shared = await share(api, ANN, offer_of(await ann_solves_the_daily(api, clock)))
        await said(api, CAT, link_of(shared))  # her daily attempt, never answered
        await settled(api, application)
        clock.now += 86_400
        again = plain_text((await said(api, CAT, link_of(shared)))["text"])
        assert again.startswith("You have played this challenge already")
        await settled(api, application)
    assert shown(api, shared).endswith("\n\nCat: gave up")


async def test_a_failing_edit_of_a_shared_message_stops_nothing(tmp_path: Path) -> None:
    api = friends()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        query = offer_of(await ann_solves_the_daily(api, clock))
        first = await share(api, ANN, query)
        second = await share(api, ANN, query, "private")  # the same challenge, twice shared
        await said(api, CAT, "/daily")
        await said(api, CAT, ANSWER)
        await said(api, CAT, link_of(first))
        api.fail_next("editMessageText", 400, "Bad Request: MESSAGE_ID_INVALID")
        clock.now += 2
        done = plain_text((await said(api, CAT, ANSWER))["text"])
        assert done.startswith("✅ Solved in 0:02: you beat Ann (0:42)!")
        await settled(api, application)
        assert link_of(first) == link_of(second)
        # One of the two edits was refused; the other went through.
        edited = [shown(api, m).endswith("\n\nCat: 0:02") for m in (first, second)]
        assert sorted(edited) == [False, True]
        await said(api, DAN, "/daily")
        await said(api, DAN, ANSWER)
        await said(api, DAN, link_of(first))
        clock.now += 3
        await said(api, DAN, ANSWER)
        await settled(api, application)
    assert shown(api, first).endswith("\n\nCat: 0:02\nDan: 0:03")
    assert shown(api, second).endswith("\n\nCat: 0:02\nDan: 0:03")


async def test_help_tells_how_to_challenge(tmp_path: Path) -> None:
    api = friends()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        text = await reply_to(api, CAT, CAT, "/help")
    assert '⚔️ Challenges: after you solve the daily puzzle or a hand in private, "Challenge' in (
        plain_text(text)
    )
