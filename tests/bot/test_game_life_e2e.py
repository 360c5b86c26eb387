"""Every timed game lives one life (bot.play.game_life), end to end through the local
Bot API: a deal Telegram refuses ends the game with the same apology, and a game asked for
while a hand is dealt gets the same answer, whatever the game; the daily puzzle's clock, as
every game's, runs from when its picture is sent."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import plain_text
from bot.rules.daily.puzzle import DailyResult
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot, settled, until

pytestmark = pytest.mark.asyncio

SORRY = "Sorry, something went wrong. Please try again."


@pytest.mark.parametrize("command", ["/play", "/hunt", "/countdown"])
async def test_a_deal_telegram_refuses_gets_the_apology(tmp_path: Path, command: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendPhoto", 400, "Bad Request: something unexpected")
        assert await reply_to(api, ANN, ANN, command) == SORRY


@pytest.mark.parametrize("command", ["/play", "/hunt", "/countdown"])
async def test_a_deal_telegram_refuses_leaves_no_game_on(tmp_path: Path, command: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.fail_next("sendPhoto", 400, "Bad Request: something unexpected")
        await reply_to(api, ANN, ANN, command)
        await settled(api, application)
        assert not application.chat_data[ANN].table.game_on


@pytest.mark.parametrize("command", ["/play", "/hunt", "/countdown"])
async def test_a_game_asked_while_a_hand_is_dealt_is_told_it_is_on_its_way(
    tmp_path: Path, command: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        # A target never played before: the first deal waits for its table to be rated in a
        # worker (three cards: 20 ms of its CPU, where four took a second).
        settings = application.chat_data[ANN].table.settings
        settings.cards, settings.target = 3, 30
        before = len(api.sent)
        api.send(ANN, ANN, "/play")
        api.send(ANN, ANN, command)
        sent = await api.wait_for_sent(before + 2, timeout=60)  # rating: slow on a busy machine
    texts = sorted("photo" if "photo" in m else plain_text(m["text"]) for m in sent[before:])
    assert texts == ["A hand is on its way: one moment.", "photo"]


async def test_the_daily_clock_runs_from_when_its_picture_is_sent(tmp_path: Path) -> None:
    api = make_api()
    noon = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
    clock = FakeClock(noon.timestamp())
    async with running_bot(api, tmp_path, clock=clock) as application:
        api.fail_next("sendPhoto", 502, "Bad Gateway")  # tried again a second later
        before = len(api.sent)
        api.send(ANN, ANN, "/daily")
        await until(lambda: "sendPhoto" in api.calls)
        clock.now += 30  # the player waits 30 s for the picture
        await api.wait_for_sent(before + 1)
        await reply_to(api, ANN, ANN, solve(daily(noon.date()))[0].text)
        result = DAILY_RECORD.get(application.user_data[ANN]).result(noon.date())
    assert result == DailyResult(seconds=0.0, misses=0, too_fast=True)  # on no board


async def test_a_daily_telegram_refuses_leaves_no_clock_running(tmp_path: Path) -> None:
    api = make_api()
    noon = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
    async with running_bot(api, tmp_path, clock=FakeClock(noon.timestamp())) as application:
        api.fail_next("sendPhoto", 400, "Bad Request: something unexpected")
        sorry = await reply_to(api, ANN, ANN, "/daily")
        await settled(api, application)
        running = DAILY_RECORD.get(application.user_data[ANN]).running()
        answered = await reply_to(api, ANN, ANN, solve(daily(noon.date()))[0].text)
    assert sorry == SORRY
    assert running is None
    assert answered == "Send /play for a hand, or /solve 3 3 8 8."
