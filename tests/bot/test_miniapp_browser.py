"""The Mini App in a real browser (headless Chromium, driven by Playwright), against the
running bot: the daily solved by tapping is the daily of the private chat, a fraction on the
way, Undo, and launch data with a changed user id refused.

Skipped where Chromium or Playwright is missing (``.ci/run`` installs both: Debian's
``chromium`` and the ``playwright`` package of the ``test`` extra; no browser is downloaded).
One browser serves the whole session.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.context import services
from bot.games.daily.parts import DAILY_RECORD
from bot.games.practice import TOKEN_SECONDS
from bot.local_api import plain_text
from solver import daily_number
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, FakeClock, make_api, reply_to, running_bot
from tests.bot.miniapp_data import app_url, init_data, user_json, web_address

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

DAY = dt.date(2027, 3, 14)
"""A day whose daily puzzle is 3 3 8 8: 8/(3-8/3) needs a fraction on the way."""
NOON = dt.datetime(2027, 3, 14, 12, 0, tzinfo=dt.UTC).timestamp()
APP_ENV = {"TWENTYFOUR_WEBAPP_URL": "https://games.example/app/", "TWENTYFOUR_WEB_PORT": "0"}
LIGHT = {"bg_color": "#ffffff", "text_color": "#000000", "button_color": "#2481cc"}


def card(page: Any, name: str) -> Any:
    return page.locator("#cards").get_by_role("button", name=name, exact=True).first


async def test_the_day_has_the_fraction_puzzle() -> None:
    assert daily(DAY) == (3, 3, 8, 8)


async def test_the_daily_solved_by_tapping_is_the_private_daily(
    pages: Pages, tmp_path: Path
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/start")  # Ann has a private chat with the bot
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        base = web_address(application)
        await page.goto(app_url(base, init_data(ANN, NOON), LIGHT))
        await page.get_by_role("button", name="Start", exact=True).click()
        status = page.get_by_role("status")
        await expect(status).to_have_text("Tap a card, an operator, then another card.")
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
        # A fraction on the way, then Undo.
        await card(page, "8").click()
        await page.get_by_role("button", name="÷", exact=True).click()
        await card(page, "3").click()
        await expect(card(page, "8/3")).to_be_visible()
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(3)
        await page.get_by_role("button", name="Undo", exact=True).click()
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
        await expect(card(page, "8/3")).to_have_count(0)
        # The same with the keyboard: the 1st card, +, the 2nd card; Backspace undoes.
        for key in ("1", "+", "2"):
            await page.keyboard.press(key)
        await expect(card(page, "6")).to_be_visible()
        await page.keyboard.press("Backspace")
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
        # 8 ÷ 3, 3 − 8/3, 8 ÷ 1/3.
        await card(page, "8").click()
        await page.get_by_role("button", name="÷", exact=True).click()
        await card(page, "3").click()
        await card(page, "3").click()
        await page.get_by_role("button", name="−", exact=True).click()
        await card(page, "8/3").click()
        await expect(card(page, "1/3")).to_be_visible()
        clock.now += 42
        before = len(api.sent)
        await card(page, "8").click()
        await page.get_by_role("button", name="÷", exact=True).click()
        await card(page, "1/3").click()
        await expect(status).to_have_text("Solved!")
        await expect(page.locator("#share")).to_contain_text("✅ 0:42")
        # Written as the chat writes it, not as the taps built it: (8 ÷ (3 − (8 ÷ 3))).
        await expect(page.locator("#built")).to_have_text("Your solution: 8÷(3−8÷3)")
        shown = [line for line in (await page.locator("#result").inner_text()).splitlines() if line]
        leads = shown.index("✅ Solved in 0:42! Streak: 1 (best 1). Share it:")
        assert shown[leads + 1].startswith(f"24点 Daily #{daily_number(DAY)} ✅ 0:42")
        told = await api.wait_for_sent(before + 1)
        private = plain_text(await reply_to(api, ANN, ANN, "/daily"))
        # Opened again: the result, not only its share line.
        await page.reload()
        await expect(status).to_have_text("You solved today's puzzle already.")
        await expect(page.locator("#lines")).to_have_text("Solved in 0:42. Streak: 1 (best 1).")
        await page.close()
    assert plain_text(told[before]["text"]).startswith("✅ Solved in 0:42!")
    assert f"You solved Daily #{daily_number(DAY)} already" in private
    assert f"24点 Daily #{daily_number(DAY)} ✅ 0:42 · 0 misses · 🔥1" in private


async def test_opening_the_app_starts_no_clock_until_start(pages: Pages, tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        base = web_address(application)
        # As the chat's menu button opens it: the app's address, no mode.
        page = await pages.new_page()
        await page.goto(app_url(base, init_data(ANN, NOON), LIGHT))
        await expect(page.locator("#gate")).to_have_text(
            f"Daily #{daily_number(DAY)} — the clock starts when you see the cards. Start"
        )
        await expect(page.get_by_role("button", name="Start", exact=True)).to_be_visible()
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(0)
        opened = dict(DAILY_RECORD.get(application.user_data[ANN]).started)
        # Practice is there without the daily's clock.
        await page.get_by_role("tab", name="Practice", exact=True).click()
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
        practised = dict(DAILY_RECORD.get(application.user_data[ANN]).started)
        await page.close()
        chinese = await pages.new_page()
        await chinese.goto(
            app_url(base, init_data(BOB, NOON, first_name="Bob", language="zh"), LIGHT)
        )
        await expect(chinese.get_by_role("button", name="开始", exact=True)).to_be_visible()
        await expect(chinese.locator("#gate-text")).to_have_text(
            f"每日一题 #{daily_number(DAY)}：看到牌时开始计时。"
        )
        await chinese.close()
    assert opened == {}
    assert practised == {}
    assert DAILY_RECORD.get(application.user_data[BOB]).started == {}


async def test_launch_data_with_another_user_id_gets_401(pages: Pages, tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        page = await pages.new_page()
        tampered = str(httpx.QueryParams(init_data(ANN, NOON)).set("user", user_json(BOB)))
        async with page.expect_response(lambda r: "/app/api/daily" in r.url) as answered:
            await page.goto(app_url(web_address(application), tampered, LIGHT))
        response = await answered.value
        await expect(page.get_by_role("status")).to_have_text(
            "Open this page from the bot in Telegram: it could not check who you are."
        )
        await page.close()
    assert response.status == 401
    assert BOB not in application.user_data


async def _practice_page(pages: Pages, base: str, data: str) -> Any:
    """A page on the Practice tab, with a hand dealt."""
    page = await pages.new_page()
    await page.goto(app_url(base, data, LIGHT))
    await page.locator("#tab-practice").click()
    await playwright.expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
    return page


async def test_an_expired_practice_hand_is_dealt_anew_saying_why(
    pages: Pages, tmp_path: Path
) -> None:
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        page = await _practice_page(pages, web_address(application), init_data(ANN, NOON))
        clock.now += TOKEN_SECONDS + 1
        async with page.expect_response(lambda r: r.url.endswith("/api/practice")) as dealt:
            await page.get_by_role("button", name="Show solutions", exact=True).click()
        await expect(page.get_by_role("status")).to_have_text(
            "That hand has expired: here is a new one."
        )
        await page.close()
    assert (await dealt.value).status == 200


@dataclass
class _LiveRound:
    """A round being played in a group (as far as the spoiler check looks)."""

    hand: tuple[int, ...]
    live: bool = True
    peeked: list[int] = field(default_factory=list)


async def test_a_hand_withdrawn_as_a_spoiler_is_dealt_anew_saying_why_in_chinese(
    pages: Pages, tmp_path: Path
) -> None:
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        data = init_data(BOB, NOON, first_name="Bob", language="zh")
        page = await pages.new_page()
        async with page.expect_response(lambda r: r.url.endswith("/api/practice")) as dealt:
            await page.goto(app_url(web_address(application), data, LIGHT))
            await page.locator("#tab-practice").click()
        hand = tuple((await (await dealt.value).json())["hand"])
        # A group deals the same hand meanwhile.
        services(application).live_hands.add(-100_777, _LiveRound(hand))
        async with page.expect_response(lambda r: "/api/practice/reveal" in r.url) as refused:
            await page.get_by_role("button", name="看答案", exact=True).click()
        await expect(page.get_by_role("status")).to_have_text(
            "这手牌正在别处对局，或者是每日一题：不能看它的解法。换一手新的。"
        )
        await expect(page.locator("#cards").get_by_role("button")).to_have_count(4)
        await page.close()
    assert (await refused.value).status == 409
