"""The daily puzzle set aside by another game in private, through the running bot: the game's
start says so, its end reminds the player, and then the daily takes answers again, on its
one clock (it never pauses); a give-up with no game on never gives the daily up by chance."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.i18n import date_text
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    dealt,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.trust_data import EVE, with_eve

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
NUMBER = daily_number(DAY)
PAST = dt.date(2026, 11, 20)
PAST_NUMBER = daily_number(PAST)
RIGHT = "(6*6+12)/2"
"""A right answer to the test day's daily puzzle, 2 6 6 12."""

SET_ASIDE = (
    f"Today's Daily #{NUMBER} is set aside, its clock running on: it takes your answers again "
    "when this game ends."
)
"""Not "/daily takes it up again": /daily is refused while the game is on."""
OFFER = (
    f"Your Daily #{NUMBER} is the game waiting, its clock running. Give it up? It counts as a "
    "day missed."
)
WAITING = (
    f"Your Daily #{NUMBER} is waiting, its clock running: type your answer, or /daily to see "
    "it again."
)


async def texts_until_photo(api: LocalBotApi, user: int, command: str) -> list[str]:
    """The texts (captions) the bot sends for ``command`` up to and with its first picture."""
    before = len(api.sent)
    api.send(user, user, command)
    for count in range(before + 1, before + 4):
        sent = (await api.wait_for_sent(count))[before:]
        if "photo" in sent[-1]:
            return [plain_text(m.get("text") or m.get("caption", "")) for m in sent]
    pytest.fail(f"no picture for {command}")


async def two_replies(api: LocalBotApi, user: int, text: str) -> list[str]:
    """The bot's next two messages after ``text``."""
    before = len(api.sent)
    api.send(user, user, text)
    sent = (await api.wait_for_sent(before + 2))[before:]
    return [plain_text(m.get("text") or m.get("caption", "")) for m in sent]


async def test_play_during_the_daily_says_it_is_set_aside(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        texts = await texts_until_photo(api, EVE, "/play")
    assert texts[0] == SET_ASIDE


async def test_a_hunt_during_the_daily_says_it_is_set_aside(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        texts = await texts_until_photo(api, EVE, "/hunt")
    assert texts[0] == SET_ASIDE


async def test_play_during_the_daily_says_it_is_set_aside_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily")
        texts = await texts_until_photo(api, BOB, "/play")
    assert texts[0] == (
        f"今天的每日一题 #{NUMBER} 先放一放，它的计时照走：这局游戏结束后，你发的答案又会算给它。"
    )


async def test_play_in_a_group_says_nothing_of_the_daily(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        before = len(api.sent)
        api.send(ANN, GROUP, "/play")
        first = (await api.wait_for_sent(before + 1))[before]
    assert "photo" in first


async def test_the_end_of_a_round_reminds_of_the_daily(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        await texts_until_photo(api, EVE, "/play")
        texts = await two_replies(api, EVE, "/reveal")
    assert texts[1] == WAITING


async def test_the_end_of_a_round_reminds_of_the_daily_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily")
        await texts_until_photo(api, BOB, "/play")
        texts = await two_replies(api, BOB, "/reveal")
    assert texts[1] == (
        f"每日一题 #{NUMBER} 还在等你，它的计时一直在走：直接发答案，或发 /daily 再看一遍题目。"
    )


async def test_after_the_round_the_daily_takes_its_answer_on_its_one_clock(
    tmp_path: Path,
) -> None:
    """Shown at noon, set aside for a round, answered 90 s after it was shown: 1:30."""
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 30
        await texts_until_photo(api, EVE, "/play")
        await two_replies(api, EVE, "/reveal")
        clock.now += 60
        solved = plain_text(await reply_to(api, EVE, EVE, RIGHT))
        result = DAILY_RECORD.get(application.user_data[EVE]).result(DAY)
    assert solved.split("\n")[0].startswith("✅ Solved in 1:30!")
    assert result is not None
    assert result.seconds == 90


async def test_an_archive_replay_is_set_aside_and_taken_up_again(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, EVE, EVE, f"/daily {PAST.isoformat()}")
        started = await texts_until_photo(api, EVE, "/play")
        ended = await two_replies(api, EVE, "/reveal")
        hand = DAILY_RECORD.get(application.user_data[EVE]).running()
        assert hand == PAST
        answer = solve(tuple(daily(PAST)))[0].text
        solved = plain_text(await reply_to(api, EVE, EVE, answer))
    assert started[0] == (
        f"Daily #{PAST_NUMBER} from the archive is set aside, its clock running on: it takes "
        "your answers again when this game ends."
    )
    assert ended[1] == (
        f"Your Daily #{PAST_NUMBER} from the archive is waiting, its clock running: type your "
        f"answer, or /daily #{PAST_NUMBER} to see it again."
    )
    assert solved.startswith(f"✅ Daily #{PAST_NUMBER} ({date_text(PAST, 'en')}) solved in ")


async def _offered(api: LocalBotApi, user: int, command: str) -> dict:
    """The daily, a round over it that ends with /reveal, then ``command``: its reply."""
    await reply_to(api, user, user, "/daily")
    await texts_until_photo(api, user, "/play")
    await two_replies(api, user, "/reveal")
    before = len(api.sent)
    api.send(user, user, command)
    return (await api.wait_for_sent(before + 1))[before]


async def test_giveup_with_no_game_on_keeps_the_daily(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await _offered(api, EVE, "/giveup")
        record = DAILY_RECORD.get(application.user_data[EVE])
    assert record.running() == DAY
    assert DAY.isoformat() not in record.gave_up


async def test_giveup_with_no_game_on_asks_to_give_the_daily_up(tmp_path: Path) -> None:
    """Not "No game is on": the daily that was just said to wait is the game on."""
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        offer = await _offered(api, EVE, "/giveup")
    assert plain_text(offer["text"]) == OFFER
    assert offer["reply_markup"]["inline_keyboard"][0][0]["text"] == f"🏳 Give up Daily #{NUMBER}"


async def test_the_offers_button_gives_the_daily_up(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        offer = await _offered(api, EVE, "/giveup")
        before = len(api.sent)
        api.press(EVE, offer, offer["reply_markup"]["inline_keyboard"][0][0]["callback_data"])
        gave_up = plain_text((await api.wait_for_sent(before + 1))[before]["text"])
        record = DAILY_RECORD.get(application.user_data[EVE])
    assert gave_up.split("\n")[0] == (
        f"You gave up today's puzzle, Daily #{NUMBER}: it counts as a day missed. Its solutions:"
    )
    assert DAY.isoformat() in record.gave_up


async def test_the_offers_button_pressed_again_gives_nothing_up_twice(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        offer = await _offered(api, EVE, "/giveup")
        data = offer["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        api.press(EVE, offer, data)
        await settled(api, application)
        before = len(api.sent)
        api.press(EVE, offer, data)
        await settled(api, application)
    assert [m for m in api.sent[before:] if "You gave up" in m.get("text", "")] == []


async def test_stop_with_no_game_on_keeps_the_daily_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        offer = await _offered(api, BOB, "/stop")
        assert DAILY_RECORD.get(application.user_data[BOB]).running() == DAY
    assert plain_text(offer["text"]) == (
        f"每日一题 #{NUMBER} 正等着你，它的计时一直在走。要放弃它吗？放弃的话这一天算作错过。"
    )


async def test_giveup_after_taking_the_daily_up_again_gives_it_up(tmp_path: Path) -> None:
    """The explicit way the give-up points to, unchanged: /daily, then /giveup."""
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        await texts_until_photo(api, EVE, "/play")
        await two_replies(api, EVE, "/reveal")
        await texts_until_photo(api, EVE, "/daily")
        gave_up = plain_text(await reply_to(api, EVE, EVE, "/giveup"))
    assert gave_up.split("\n")[0] == (
        f"You gave up today's puzzle, Daily #{NUMBER}: it counts as a day missed. Its solutions:"
    )


async def test_a_friends_challenge_sets_the_daily_aside_and_reminds_of_it(
    tmp_path: Path,
) -> None:
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, ANN, "/play"))
        clock.now += 5
        shared = await share(api, ANN, offer_of(await said(api, ANN, solve(hand)[0].text)))
        await reply_to(api, EVE, EVE, "/daily")
        started = await texts_until_photo(api, EVE, link_of(shared))
        clock.now += 5
        ended = await two_replies(api, EVE, solve(hand)[0].text)
        solved = plain_text(await reply_to(api, EVE, EVE, RIGHT))
        assert DAILY_RECORD.get(application.user_data[EVE]).result(DAY) is not None
    assert started[0] == SET_ASIDE
    assert ended[1] == WAITING
    assert solved.startswith("✅ Solved in ")


async def test_giving_up_an_archive_puzzle_takes_todays_up_again(tmp_path: Path) -> None:
    """Today's set aside by a past puzzle: once that is given up, today's takes answers
    again on its one clock, and a second /giveup does not give today's up."""
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, EVE, EVE, "/daily")
        await texts_until_photo(api, EVE, f"/daily {PAST.isoformat()}")
        gave_up = await two_replies(api, EVE, "/giveup")
        again = plain_text(await reply_to(api, EVE, EVE, "/giveup"))
        clock.now += 75
        solved = plain_text(await reply_to(api, EVE, EVE, RIGHT))
        result = DAILY_RECORD.get(application.user_data[EVE]).result(DAY)
    assert gave_up[0].startswith(f"You gave up Daily #{PAST_NUMBER} ({date_text(PAST, 'en')}")
    assert gave_up[1] == WAITING
    assert again == OFFER
    assert solved.startswith("✅ Solved in 1:15!")
    assert result is not None
    assert result.seconds == 75


@pytest.mark.parametrize(("start", "stop"), [("/hunt", "/hunt stop"), ("/rush", "/stop")])
async def test_the_end_of_another_game_reminds_of_the_daily_once(
    tmp_path: Path, start: str, stop: str
) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, EVE, EVE, "/daily")
        started = await texts_until_photo(api, EVE, start)
        before = len(api.sent)
        api.send(EVE, EVE, stop)
        await settled(api, application)
        ended = [plain_text(m.get("text") or m.get("caption", "")) for m in api.sent[before:]]
    assert started[0] == SET_ASIDE
    assert ended.count(WAITING) == 1
    assert ended[-1] == WAITING
