"""The daily puzzle is never started over another game in a private chat, through the
running bot: it would hide that game, and its /hint and /giveup would go to the hidden game
while answers went to the daily (a wrong one, or a give-up, a day missed).  The refusal
says how to end that game; the daily's clock is not started."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.challenges.parts import CHALLENGES
from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import LocalBotApi, plain_text
from bot.rules.rounds import ROUND_SEAT
from solver import daily_number, solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    BotApplication,
    FakeClock,
    deal,
    dealt,
    reply_to,
    running_bot,
    settled,
    until,
)
from tests.bot.miniapp_data import APP_ENV, call
from tests.bot.trust_data import EVE, with_eve

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
PAST = dt.date(2026, 11, 20)
PAST_NUMBER = daily_number(PAST)
RIGHT = "(6*6+12)/2"
"""A right answer to the test day's daily puzzle, 2 6 6 12."""

BUSY = "A game is on here: answer it or /giveup first, then /daily."


async def test_daily_over_a_round_is_refused(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await deal(api, EVE, EVE)
        told = plain_text(await reply_to(api, EVE, EVE, "/daily"))
    assert told == BUSY


async def test_daily_over_a_round_is_refused_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await deal(api, BOB, BOB)
        told = plain_text(await reply_to(api, BOB, BOB, "/daily"))
    assert told == "这里还有一局游戏在进行：先答出来或发 /giveup，再发 /daily。"


async def test_refused_daily_starts_no_clock(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await deal(api, EVE, EVE)
        await reply_to(api, EVE, EVE, "/daily")
        await settled(api, application)
        running = DAILY_RECORD.get(application.user_data[EVE]).running()
    assert running is None


async def test_giveup_after_a_refused_daily_ends_the_round_only(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await deal(api, EVE, EVE)
        await reply_to(api, EVE, EVE, "/daily")
        await reply_to(api, EVE, EVE, "/giveup")
        await settled(api, application)
        await reply_to(api, EVE, EVE, "/giveup")  # a second one: no daily to give up
        await settled(api, application)
        record = DAILY_RECORD.get(application.user_data[EVE])
    assert DAY.isoformat() not in record.gave_up


async def test_daily_after_the_round_is_over_starts(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await deal(api, EVE, EVE)
        await reply_to(api, EVE, EVE, "/giveup")
        await settled(api, application)
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 20
        solved = plain_text(await reply_to(api, EVE, EVE, RIGHT))
    assert solved.startswith("✅ Solved in 0:20!")


async def test_archive_daily_over_a_round_is_refused(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await deal(api, EVE, EVE)
        told = plain_text(await reply_to(api, EVE, EVE, f"/daily #{PAST_NUMBER}"))
        await settled(api, application)
        running = DAILY_RECORD.get(application.user_data[EVE]).running()
    assert told == f"A game is on here: answer it or /giveup first, then /daily #{PAST_NUMBER}."
    assert running is None


async def test_daily_set_aside_is_not_taken_up_over_the_round(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, EVE, EVE, "/daily")
        api.send(EVE, EVE, "/play")  # the set-aside note, then the deal
        await until(lambda: "photo" in api.sent[-1], timeout=10)
        await settled(api, application)
        told = plain_text(await reply_to(api, EVE, EVE, "/daily"))
    assert told == BUSY


async def test_a_daily_challenge_over_a_round_is_refused(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await said(api, ANN, "/daily")
        clock.now += 42
        solved = await said(api, ANN, RIGHT)
        shared = await share(api, ANN, offer_of(solved))
        await settled(api, application)
        await deal(api, EVE, EVE)
        told = plain_text((await said(api, EVE, link_of(shared)))["text"])
        await settled(api, application)
        running = DAILY_RECORD.get(application.user_data[EVE]).running()
    assert told == BUSY
    assert running is None


async def test_daily_in_a_group_over_its_round_is_unchanged(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await deal(api, ANN, GROUP)
        told = plain_text(await reply_to(api, ANN, GROUP, "/daily"))
    assert "A game is on here" not in told


async def _shared(api: LocalBotApi, clock: FakeClock) -> dict:
    """Ann solves a hand in private (a practice one, no daily) and shares its challenge."""
    hand = dealt(await said(api, ANN, "/play"))
    clock.now += 9
    solved = await said(api, ANN, solve(hand)[0].text)
    return await share(api, ANN, offer_of(solved))


async def _opened_over(tmp_path: Path, user: int, command: str) -> tuple[str, BotApplication]:
    """Ann shares a challenge; ``user`` starts a game with ``command`` in private, then
    presses the challenge's Play: what the bot says, and the bot as it is then."""
    api = with_eve()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        shared = await _shared(api, clock)
        await settled(api, application)
        await deal(api, user, user, command)
        told = plain_text((await said(api, user, link_of(shared)))["text"])
        await settled(api, application)
    return told, application


async def test_a_friends_challenge_over_a_round_is_refused(tmp_path: Path) -> None:
    """It would hide the round (its answers would go to the challenge)."""
    told, _application = await _opened_over(tmp_path, EVE, "/play")
    assert told == "A game is on here: answer it or /giveup first, then open the challenge again."


async def test_a_challenge_refused_over_a_round_leaves_the_round_on_and_is_not_played(
    tmp_path: Path,
) -> None:
    _told, application = await _opened_over(tmp_path, EVE, "/play")
    plays = [c.plays for c in CHALLENGES.get(application.bot_data.global_data).challenges.values()]
    assert ROUND_SEAT.on(application.chat_data[EVE].table)
    assert [EVE in p for p in plays] == [False]


async def test_a_friends_challenge_over_a_rush_run_says_how_to_end_the_run(
    tmp_path: Path,
) -> None:
    told, _application = await _opened_over(tmp_path, EVE, "/rush")
    assert told == "A Rush run is on here: /stop it first, then open the challenge again."


async def test_a_friends_challenge_over_a_round_is_refused_in_chinese(tmp_path: Path) -> None:
    told, _application = await _opened_over(tmp_path, BOB, "/play")
    assert told == "这里还有一局游戏在进行：先答出来或发 /giveup，再重新打开这个挑战。"


async def test_the_daily_over_a_match_says_to_stop_the_match(tmp_path: Path) -> None:
    """/giveup would end the round only: the match would deal its next."""
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await deal(api, EVE, EVE, "/play 3")
        told = plain_text(await reply_to(api, EVE, EVE, "/daily"))
    assert told == "A match is on here: /stop it first, then /daily."


async def test_the_mini_apps_daily_over_a_round_starts_no_clock(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        await deal(api, ANN, ANN)
        opened = await call(application, "GET", "daily")
        started = DAILY_RECORD.get(application.user_data[ANN]).started
    assert opened.status_code == 409
    assert opened.json() == {
        "error": "busy",
        "reason": "A game of yours is on in our private chat: finish it there first, then tap "
        "Start again.",
    }
    assert started == {}
