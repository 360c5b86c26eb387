"""Replies in an outage: a game message (deal, win, hint, time-up, daily result) whose send
meets a 5xx or a dropped connection is sent again, with backoff, for up to a minute; a cheap
reply is given up at once and holds up nothing; a send that hangs until the read timeout
(Telegram had it, and may have posted it) is logged with what may be lost, and a game whose
deal it was goes on.  End to end through the local Bot API."""

from __future__ import annotations

import datetime as dt
import logging
import time
from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.rounds import ROUND_SEAT
from solver import solve
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

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize(
    ("code", "description"),
    [(500, "Internal Server Error"), (502, "Bad Gateway"), (503, "Service Unavailable")],
)
async def test_a_deal_that_meets_a_server_error_is_sent_again(
    tmp_path: Path, code: int, description: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendPhoto", code, description)
        await deal(api, ANN, GROUP)  # a picture comes: the one that failed, sent again
    assert api.calls.count("sendPhoto") == 2


async def test_a_win_whose_connection_dropped_is_sent_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        answer = solve(dealt(await deal(api, ANN, ANN)))[0].text
        api.drop_next("sendMessage")
        won = plain_text(await reply_to(api, ANN, ANN, f"/a {answer}"))
    assert won.startswith("🎉 Ann wins in ")


async def test_a_daily_result_that_meets_a_server_error_is_sent_again(tmp_path: Path) -> None:
    api = make_api()
    noon = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
    async with running_bot(api, tmp_path, clock=FakeClock(noon.timestamp())):
        await reply_to(api, ANN, ANN, "/daily")
        api.fail_next("sendMessage", 502, "Bad Gateway")
        solved = await reply_to(api, ANN, ANN, solve(daily(noon.date()))[0].text)
    assert "✅" in solved


async def test_a_hint_and_a_time_up_that_meet_server_errors_are_sent_again(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        application.chat_data[GROUP].table.settings.time_limit = 1
        hand = dealt(await deal(api, ANN, GROUP))
        before = len(api.sent)
        api.fail_next("sendMessage", 502, "Bad Gateway")  # the half-time hint's first try
        api.fail_next("sendMessage", 500, "Internal Server Error")  # its second, or the time-up
        # Someone is trying (a hint is sent where it serves someone); the wrong answer's
        # status waits a moment, and then the round is over: it sends nothing.
        api.send(BOB, GROUP, "/a " + "-".join(map(str, sorted(hand, reverse=True))))
        await api.wait_for_sent(before + 2, timeout=15)
        await settled(api, application)
    texts = [plain_text(m["text"])[:6] for m in api.sent[before:]]
    assert texts == ["⏳ Half", "⏰ Time"]


async def test_a_cheap_reply_that_meets_a_server_error_is_given_up_at_once(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.fail_next("sendMessage", 502, "Bad Gateway")
        api.send(ANN, ANN, "/help")
        await settled(api, application)
    assert api.sent == []  # not sent again: a cheap reply is not worth a minute of retries


async def test_a_cheap_reply_given_up_holds_up_nothing(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 502, "Bad Gateway")
        api.send(ANN, ANN, "/help")
        started = time.monotonic()
        await reply_to(api, ANN, ANN, "/start")
        answered = time.monotonic() - started
    assert answered < 1


async def test_a_deal_lost_to_a_hanging_send_is_logged_and_its_round_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    clock = FakeClock(1_795_435_200.0)
    async with running_bot(api, tmp_path, clock=clock) as application:
        api.time_out_next("sendPhoto")  # the deal's picture hangs, then drops
        with caplog.at_level(logging.INFO):
            api.send(ANN, ANN, "/play")
            await settled(api, application)
        game = ROUND_SEAT.of(application.chat_data[ANN].table)
        assert game is not None
        clock.now += 4
        won = plain_text(await reply_to(api, ANN, ANN, solve(list(game.hand))[0].text))
    [lost] = [r.getMessage() for r in caplog.records if "may be lost" in r.getMessage()]
    assert lost == (
        f"A game letter (sendPhoto) to chat {ANN} timed out at Telegram: it may be lost "
        "(not sent again)"
    )
    assert won.startswith("🎉 Ann wins in 4.0 s")  # its clock started: not left waiting


async def test_a_cheap_reply_lost_to_a_hanging_send_is_logged_without_its_text(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.time_out_next("sendMessage")
        with caplog.at_level(logging.DEBUG):
            api.send(ANN, ANN, "/help")
            await settled(api, application)
    [lost] = [r for r in caplog.records if "may be lost" in r.getMessage()]
    assert lost.getMessage().startswith(f"A cheap letter (sendMessage) to chat {ANN} timed out")
