"""The Mini App's API against hostile players, through real HTTP to the running bot:
practice tokens expire and reveal nothing of a live hand or a daily puzzle, a flood gets
429, odd paths and bodies get a clean 4xx, and launch data is good for an hour."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from pathlib import Path

import httpx
import pytest

from bot.context import services
from bot.games.practice import TOKEN_SECONDS, make_token
from bot.play.miniapp import API_BURST
from bot.rules.rounds import ROUND_SEAT
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
)
from tests.bot.miniapp_data import APP_ENV, HEADER, call, init_data

pytestmark = pytest.mark.asyncio

TODAY = dt.date(2026, 11, 23)  # NOON's day


async def test_a_practice_token_expires(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        dealt = (await call(application, "POST", "practice", body={"difficulty": "easy"})).json()
        answer = {"token": dealt["token"], "expression": solve(tuple(dealt["hand"]))[0].text}
        clock.now += TOKEN_SECONDS - 1
        in_time = await call(application, "POST", "practice/answer", body=answer)
        clock.now += 2
        late = await call(application, "POST", "practice/answer", body=answer)
        late_reveal = await call(
            application, "POST", "practice/reveal", body={"token": dealt["token"]}
        )
    assert in_time.json()["ok"] is True
    assert late.status_code == 400
    assert late_reveal.status_code == 400


async def test_a_token_for_a_hand_a_group_deals_later_reveals_nothing(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        await reply_to(api, BOB, GROUP, "/play")
        table = application.chat_data[GROUP].table
        game = ROUND_SEAT.of(table)
        assert game is not None
        hand = game.hand
        # Ann had a token for that hand from before the round (dealt to her a minute ago).
        token = make_token(ANN, hand, NOON - 60)
        revealed = await call(application, "POST", "practice/reveal", body={"token": token})
        answer = {"token": token, "expression": solve(hand)[0].text}
        answered = await call(application, "POST", "practice/answer", body=answer)
    assert revealed.status_code == 409
    assert revealed.json() == {"error": "spoiler"}
    assert answered.status_code == 409


@pytest.mark.parametrize("shift", [0, 1])
async def test_no_practice_solutions_of_todays_or_tomorrows_daily(
    tmp_path: Path, shift: int
) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        hand = daily(TODAY + dt.timedelta(days=shift))
        token = make_token(ANN, hand, NOON - 60)
        revealed = await call(application, "POST", "practice/reveal", body={"token": token})
        answer = {"token": token, "expression": solve(hand)[0].text}
        answered = await call(application, "POST", "practice/answer", body=answer)
    assert revealed.status_code == 409
    assert answered.status_code == 409


async def test_a_flood_of_calls_gets_429_and_other_players_are_served(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        data = init_data(ANN, services(application).now())
        async with httpx.AsyncClient(base_url=f"{base}/app/api/") as client:
            flood = await asyncio.gather(
                *(client.get("daily", headers={HEADER: data}) for _ in range(3 * API_BURST))
            )
            other = await call(application, "GET", "daily", BOB)
    statuses = [reply.status_code for reply in flood]
    assert statuses.count(200) <= API_BURST + 2  # the burst, and what refilled meanwhile
    assert statuses.count(429) >= API_BURST - 2
    refused = next(reply for reply in flood if reply.status_code == 429)
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.content == b""
    assert other.status_code == 200


async def test_a_nul_in_the_path_is_a_clean_404(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        with caplog.at_level(logging.WARNING):
            async with httpx.AsyncClient() as client:
                reply = await client.get(f"{base}/app/x%00")
    assert reply.status_code == 404
    assert b"Traceback" not in reply.content
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_deeply_nested_json_is_a_clean_400(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        with caplog.at_level(logging.WARNING):
            deep = b"[" * 2000 + b"]" * 2000
            reply = await call(application, "POST", "practice", content=deep)
    assert reply.status_code == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_launch_data_is_good_for_an_hour(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        # Opened 59 minutes ago, and 61.
        fresh = await call(application, "GET", "daily", data=init_data(ANN, NOON - 3540))
        old = await call(application, "GET", "daily", data=init_data(ANN, NOON - 3660))
    assert fresh.status_code == 200
    assert old.status_code == 401


async def test_a_daily_solved_in_the_app_on_a_full_disk_is_not_announced(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        opened = (await call(application, "GET", "daily")).json()
        refuse_writes(application)
        right = solve(daily(TODAY))[0].text
        answer = await call(
            application, "POST", "daily", body={"day": opened["day"], "expression": right}
        )
    assert answer.status_code == 503
    assert answer.json()["reason"] == (
        "⏳ Right! But the bot cannot save results just now (its disk refuses to write), so "
        "this one is not counted yet: open the page again in a while."
    )
