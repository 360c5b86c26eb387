"""Screenshots of the Mini App for the README, light and dark: ``docs/miniapp-light.png`` and
``docs/miniapp-dark.png``; and of its page in Rush mode, as the Telegram game opens it:
``docs/rush-game.png``.

    .venv/bin/python docs/screenshots.py

It runs the real bot against the local Bot API (as the console does), opens the page in
headless Chromium (Debian's ``chromium``, driven by Playwright: ``pip install -e ".[test]"``)
with launch data signed for a player and Telegram's theme colours, on the day whose puzzle
is 3 3 8 8, taps Start (the daily's clock starts only then) and 8 ÷ 3 so that a fraction
shows.  For Rush it sends ``/game``, presses Play, opens the address the bot answers with,
taps Start and solves the first hand in four seconds (by the bot's clock).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import secrets
import shutil
import sys
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from bot.app import build_application, run_polling
from bot.context import services
from bot.local_api import LocalBotApi, LocalTransport
from bot.services.web import launch_hash, sign_init_data
from bot.settings import Settings

DOCS = Path(__file__).resolve().parent
DAY = dt.datetime(2027, 3, 14, 12, 0, 42, tzinfo=dt.UTC)
THEMES = {
    "light": {
        "bg_color": "#ffffff",
        "secondary_bg_color": "#f1f1f4",
        "text_color": "#000000",
        "hint_color": "#8e8e93",
        "link_color": "#2481cc",
        "button_color": "#2481cc",
        "button_text_color": "#ffffff",
    },
    "dark": {
        "bg_color": "#17212b",
        "secondary_bg_color": "#232e3c",
        "section_bg_color": "#232e3c",
        "text_color": "#f5f5f5",
        "hint_color": "#708499",
        "link_color": "#6ab3f3",
        "button_color": "#5288c1",
        "button_text_color": "#ffffff",
    },
}
OPS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


async def main() -> int:
    chromium = shutil.which("chromium")
    if chromium is None:
        print("Chromium is missing: apt-get install -y chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as data_dir:
        api = LocalBotApi()
        api.add_user(501, "Ann", language_code="en")
        token = f"1:{secrets.token_hex(16)}"
        settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": data_dir, "TWENTYFOUR_WEB_PORT": "0"})
        settings = Settings(**{**settings.__dict__, "game_short_name": "rush"})
        api.games.register("rush", "Rush", "Make 24 against the clock")
        start = DAY.timestamp()
        clock = [start]
        application = build_application(
            settings, token=token, transport=LocalTransport(api), clock=lambda: clock[0]
        )
        stop = asyncio.Event()
        runner = asyncio.create_task(run_polling(application, stop, timeout=1, serve_app=True))
        while services(application).web_address is None and not runner.done():
            await asyncio.sleep(0.05)
        user = {"id": 501, "first_name": "Ann", "language_code": "en"}
        fields = {"auth_date": str(int(start)), "user": json.dumps(user, separators=(",", ":"))}
        data = sign_init_data(token, fields)
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=chromium, args=ARGS)
            for index, (name, theme) in enumerate(THEMES.items()):
                page = await browser.new_page(viewport={"width": 360, "height": 620})
                await page.goto(
                    f"{services(application).web_address}/app/{launch_hash(data, theme)}"
                )
                if index == 0:  # Ann's clock starts here; the next page goes on with it
                    await page.get_by_role("button", name="Start", exact=True).click()
                cards = page.locator("#cards")
                await cards.get_by_role("button", name="8", exact=True).first.click()
                await page.get_by_role("button", name="÷", exact=True).click()
                await cards.get_by_role("button", name="3", exact=True).first.click()
                await cards.get_by_role("button", name="8/3", exact=True).wait_for()
                await page.screenshot(path=str(DOCS / f"miniapp-{name}.png"))
                await page.close()
            await rush_screenshot(api, application, browser, clock)
            await browser.close()
        stop.set()
        return await runner


def taps(cards: list[Fraction]) -> list[tuple[int, str, int]] | None:
    """Card, operator, card (positions on the page) that make 24, as the page combines
    them: the result takes the second card's place, the first card goes."""
    if len(cards) == 1:
        return [] if cards[0] == 24 else None
    for first, second in itertools.permutations(range(len(cards)), 2):
        a, b = cards[first], cards[second]
        made = {"+": a + b, "-": a - b, "*": a * b, **({"/": a / b} if b else {})}
        for op, value in made.items():
            rest = [*cards]
            rest[second] = value
            del rest[first]
            found = taps(rest)
            if found is not None:
                return [(first, op, second), *found]
    return None


async def rush_screenshot(
    api: LocalBotApi, application: Any, browser: Any, clock: list[float]
) -> None:
    """The Telegram game's page in Rush mode, a hand solved."""
    before = len(api.sent)
    api.send(501, 501, "/game")
    message = (await api.wait_for_sent(before + 1))[before]
    query_id = api.games.press_play(501, message)
    while not any(a["callback_query_id"] == query_id for a in api.callback_answers):
        await asyncio.sleep(0.05)
    url = next(a["url"] for a in api.callback_answers if a["callback_query_id"] == query_id)
    page = await browser.new_page(viewport={"width": 360, "height": 620})
    await page.goto(url)
    async with page.expect_response(lambda r: r.url.endswith("/api/rush/start")) as started:
        await page.get_by_role("button", name="Start", exact=True).click()
    hand = (await (await started.value).json())["hand"]
    clock[0] += 4
    cards = page.locator("#cards button")
    for first, op, second in taps([Fraction(card) for card in hand]) or []:
        await cards.nth(first).click()
        await page.get_by_role("button", name=OPS[op], exact=True).click()
        await cards.nth(second).click()
    await page.get_by_text("Solved in 4 s! +10 s").wait_for()
    await page.screenshot(path=str(DOCS / "rush-game.png"))
    await page.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
