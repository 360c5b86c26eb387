"""The page in a real browser in Persian (right to left: the page mirrors) and in Spanish,
its words from the bot's catalogues (a throwaway catalogue where the real one is not there
yet: tests/bot/languages.py).  Skipped where Chromium or Playwright is missing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.i18n import translations
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.languages import with_languages
from tests.bot.miniapp_data import app_url, init_data, web_address

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

NOON = dt.datetime(2027, 3, 14, 12, 0, tzinfo=dt.UTC).timestamp()
APP_ENV = {"TWENTYFOUR_WEBAPP_URL": "https://games.example/app/", "TWENTYFOUR_WEB_PORT": "0"}


async def _page_in(pages: Pages, tmp_path: Path, code: str, language: str) -> dict[str, str]:
    """The page opened by a player whose Telegram speaks ``code``: its direction, language
    tag and the words of its Start button and status line."""
    api = make_api()
    api.add_user(ANN + 100, "Ana", language_code=code)
    with with_languages(tmp_path, language):
        start = translations(language).gettext("Start")
        pick = translations(language).gettext("Tap a card, an operator, then another card.")
        async with running_bot(api, tmp_path / "data", clock=FakeClock(NOON), env=APP_ENV) as app:
            await reply_to(api, ANN + 100, ANN + 100, "/start")
            page = await pages.new_page(viewport={"width": 360, "height": 740})
            data = init_data(ANN + 100, NOON, language=code, first_name="Ana")
            await page.goto(app_url(web_address(app), data))
            await page.get_by_role("button", name=start, exact=True).click()
            await playwright.expect(page.get_by_role("status")).to_have_text(pick)
            seen = await page.evaluate(
                "() => ({dir: document.documentElement.dir, lang: document.documentElement.lang,"
                " direction: getComputedStyle(document.body).direction})"
            )
            await page.close()
    return seen


async def test_the_page_in_persian_reads_right_to_left(pages: Pages, tmp_path: Path) -> None:
    seen = await _page_in(pages, tmp_path, "fa", "fa")
    assert seen == {"dir": "rtl", "lang": "fa", "direction": "rtl"}


async def test_the_page_in_spanish_reads_left_to_right(pages: Pages, tmp_path: Path) -> None:
    seen = await _page_in(pages, tmp_path, "es-419", "es")
    assert seen == {"dir": "ltr", "lang": "es", "direction": "ltr"}
