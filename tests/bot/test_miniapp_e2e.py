"""The Mini App's server, through real HTTP to the running bot: the page, the launch data
check, the daily puzzle as the same attempt as /daily in private, practice (launch points:
``test_miniapp_launch_e2e.py``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import httpx
import pytest

from bot.context import services
from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, NOON, FakeClock, make_api, reply_to, running_bot
from tests.bot.miniapp_data import APP_ENV, call, init_data, user_json

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)


def wrong_for(hand: tuple[int, ...]) -> str:
    """An expression that uses the cards but does not make 24."""
    first, *rest = sorted(hand)
    return "-".join(map(str, [first, *rest]))


async def test_the_page_is_served_with_its_policy(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            page = await client.get(f"{base}/app/")
            script = await client.get(f"{base}/app/app.js")
            bare = await client.get(f"{base}/app")
    assert page.status_code == 200
    assert 'role="status"' in page.text
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert script.status_code == 200
    assert bare.headers["Location"] == "/app/"


async def test_no_web_server_without_the_apps_address(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path) as application:
        assert services(application).web_address is None


async def test_calls_without_good_launch_data_get_401_and_nothing_else(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        missing = await call(application, "GET", "daily", data="")
        # Ann's signed data with Bob's id in it: the hash no longer fits.
        tampered = str(httpx.QueryParams(init_data(ANN, NOON)).set("user", user_json(BOB)))
        forged = await call(application, "GET", "daily", data=tampered)
        old = await call(application, "GET", "daily", data=init_data(ANN, NOON - 86_401))
        other = await call(application, "GET", "daily", data=init_data(ANN, NOON, token="1:X"))
    for refused in (missing, forged, old, other):
        assert refused.status_code == 401
        assert refused.content == b""
    assert BOB not in application.user_data  # the forged call touched nobody's data


async def test_a_large_body_is_refused_unread(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        big = await call(application, "POST", "daily", content=b"{" + b" " * 10_000 + b"}")
        bad = await call(application, "POST", "daily", content=b"[1, 2]")
        unknown = await call(application, "GET", "nothing")
    assert big.status_code == 413
    assert bad.status_code == 400
    assert unknown.status_code == 404


async def test_the_app_goes_on_the_clock_that_daily_in_private_started(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 30
        opened = (await call(application, "GET", "daily")).json()
        clock.now += 12
        wrong = await call(
            application,
            "POST",
            "daily",
            body={"day": opened["day"], "expression": wrong_for(daily(DAY))},
        )
        before = len(api.sent)
        right = solve(daily(DAY))[0].text
        solved = await call(
            application, "POST", "daily", body={"day": opened["day"], "expression": right}
        )
        told = await api.wait_for_sent(before + 1)
        clock.now += 100
        again = await call(
            application, "POST", "daily", body={"day": opened["day"], "expression": right}
        )
        private = plain_text(await reply_to(api, ANN, ANN, "/daily"))
    assert opened["hand"] == list(daily(DAY))
    assert opened["number"] == daily_number(DAY)
    assert opened["state"] == "playing"
    assert opened["elapsed"] == 30
    assert wrong.json()["state"] == "playing"
    assert wrong.json()["reason"].startswith("that makes")
    assert solved.json()["result"]["time"] == "0:42"
    assert solved.json()["result"]["misses"] == 1
    share = f"24点 Daily #{daily_number(DAY)} ✅ 0:42 · 1 miss · 🔥1"
    assert solved.json()["result"]["share"] == share
    # The share line is shown once, on its own, between the line leading to it and the rest.
    assert solved.json()["result"]["lines"] == ["✅ Solved in 0:42! Streak: 1 (best 1). Share it:"]
    assert solved.json()["result"]["after"][0] == "🌍 You are the first to solve this puzzle."
    assert plain_text(told[before]["text"]).startswith("✅ Solved in 0:42!")
    assert told[before]["chat"]["id"] == ANN
    assert again.json()["result"]["time"] == "0:42"  # the first result stands
    assert f"24点 Daily #{daily_number(DAY)} ✅ 0:42 · 1 miss · 🔥1" in private


async def test_the_daily_state_shows_no_hand_and_starts_no_clock(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        new = (await call(application, "GET", "daily/state", BOB)).json()
        started = dict(DAILY_RECORD.get(application.user_data[BOB]).started)
        clock.now += 100
        await reply_to(api, BOB, BOB, "/daily")  # the clock starts here, not at the state
        clock.now += 7
        playing = (await call(application, "GET", "daily/state", BOB)).json()
        solved = plain_text(await reply_to(api, BOB, BOB, solve(daily(DAY))[0].text))
        after = (await call(application, "GET", "daily/state", BOB)).json()
    assert new["state"] == "new"
    assert "hand" not in new
    assert new["number"] == daily_number(DAY)
    assert new["day"] == DAY.isoformat()
    assert new["language"] == "zh"
    assert started == {}
    assert playing["state"] == "playing"
    assert playing["elapsed"] == 7
    assert "hand" not in playing
    assert "0:07" in solved
    assert after["state"] == "solved"
    assert after["result"]["time"] == "0:07"
    assert "hand" not in after


async def test_opening_the_app_starts_the_clock_private_answers_use(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        opened = (await call(application, "GET", "daily", BOB)).json()
        clock.now += 20
        shown = plain_text(await reply_to(api, BOB, BOB, "/daily"))
        clock.now += 5
        solved = plain_text(await reply_to(api, BOB, BOB, solve(daily(DAY))[0].text))
        after = (await call(application, "GET", "daily", BOB)).json()
    assert opened["language"] == "zh"
    assert f"每日一题 #{daily_number(DAY)}" in shown
    assert "0:25" in solved
    assert after["state"] == "solved"
    assert after["result"]["time"] == "0:25"


async def test_the_share_line_follows_the_line_leading_to_it_in_chinese(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily", BOB)
        clock.now += 7
        body = {"day": DAY.isoformat(), "expression": solve(daily(DAY))[0].text}
        result = (await call(application, "POST", "daily", BOB, body)).json()["result"]
    assert result["lines"] == ["✅ 用时 0:07 解出！连续 1 天（最佳 1）。分享一下："]
    assert result["share"] == f"24点 每日一题 #{daily_number(DAY)} ✅ 0:07 · 失误 0 次 · 🔥1"
    assert result["after"][0] == "🌍 你是第一个解出这道题的人。"


async def test_no_answer_without_an_opened_puzzle(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        right = solve(daily(DAY))[0].text
        unopened = await call(
            application, "POST", "daily", body={"day": DAY.isoformat(), "expression": right}
        )
        no_day = await call(application, "POST", "daily", body={"expression": right})
    assert unopened.status_code == 409
    assert no_day.status_code == 400
    assert DAILY_RECORD.get(application.user_data[ANN]).result(DAY) is None


async def test_after_midnight_the_open_attempt_can_still_be_solved(tmp_path: Path) -> None:
    """Within the grace after midnight (see bot.rules.daily.attempts)."""
    clock = FakeClock(NOON + 11 * 3600 + 58 * 60)  # 23:58
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 240  # 00:02
        late = await call(
            application,
            "POST",
            "daily",
            body={"day": DAY.isoformat(), "expression": solve(daily(DAY))[0].text},
        )
    assert late.json()["result"]["time"] == "4:00"
    assert DAILY_RECORD.get(application.user_data[ANN]).result(DAY) is not None


async def test_yesterdays_open_puzzle_counts_beside_todays_as_in_the_chat(
    tmp_path: Path,
) -> None:
    clock = FakeClock(NOON + 11 * 3600 + 58 * 60)  # 23:58
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 240  # 00:02, within the grace
        await call(application, "GET", "daily")  # today's clock runs too
        await call(
            application,
            "POST",
            "daily",
            body={"day": DAY.isoformat(), "expression": solve(daily(DAY))[0].text},
        )
    assert DAILY_RECORD.get(application.user_data[ANN]).result(DAY) is not None


async def test_an_old_opened_puzzle_cannot_fill_a_streak(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 2 * 86_400
        await call(application, "GET", "daily")  # two days on: the old attempt is over
        old = await call(
            application,
            "POST",
            "daily",
            body={"day": DAY.isoformat(), "expression": solve(daily(DAY))[0].text},
        )
    assert old.status_code == 409
    assert DAILY_RECORD.get(application.user_data[ANN]).result(DAY) is None


async def test_a_wrong_answer_is_explained_in_the_players_language(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily", BOB)
        wrong = await call(
            application, "POST", "daily", BOB, {"day": DAY.isoformat(), "expression": "1+2"}
        )
    assert wrong.json()["reason"] == "1 不是发到的牌"


async def test_practice_deals_judges_and_shows_the_other_solutions(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        dealt = (await call(application, "POST", "practice", body={"difficulty": "easy"})).json()
        hand = tuple(dealt["hand"])
        listed = solve(hand)
        mine = listed[0]
        answer = {"token": dealt["token"], "expression": mine.text}
        solved = (await call(application, "POST", "practice/answer", body=answer)).json()
        wrong = (
            await call(
                application,
                "POST",
                "practice/answer",
                body={**answer, "expression": wrong_for(hand)},
            )
        ).json()
        stolen = await call(application, "POST", "practice/answer", BOB, answer)
        forged = await call(
            application,
            "POST",
            "practice/answer",
            body={**answer, "token": "3-3-8-8" + dealt["token"][7:]},
        )
        revealed = (
            await call(application, "POST", "practice/reveal", body={"token": dealt["token"]})
        ).json()
        refused = await call(application, "POST", "practice", body={"difficulty": "insane"})
    assert len(hand) == 4
    assert dealt["difficulty"] == "easy"
    assert solved["ok"] is True
    assert solved["expression"] == mine.pretty
    assert mine.pretty not in solved["solutions"]
    assert solved["count"] == len(listed)
    assert wrong["ok"] is False
    assert stolen.status_code == 400
    assert forged.status_code == 400
    assert revealed["solutions"][0] == mine.pretty
    assert refused.status_code == 400
