"""The Mini App's Profile tab in a real browser (headless Chromium, driven by Playwright),
against the running bot: /me's card as a picture, of its size, above /me's lines.

Skipped where Chromium or Playwright is missing (``tests/bot/browser.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.services.pictures.profile_card import WIDTH
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON
from tests.bot.miniapp_data import APP_ENV, app_url, init_data, web_address

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_profile_tab_shows_the_card_of_me(pages: Pages, tmp_path: Path) -> None:
    expect = playwright.expect
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/name Annie")
        before = len(api.sent)
        api.send(ANN, ANN, "/me")
        card = (await api.wait_for_sent(before + 1))[before]
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        await page.goto(app_url(web_address(application), init_data(ANN, NOON)))
        await page.get_by_role("tab", name="Profile", exact=True).click()
        picture = page.locator("#profile img.profile-picture")
        await expect(picture).to_be_visible()
        await expect(picture).to_have_attribute("alt", "🪪 Annie")
        width = await picture.evaluate("image => image.naturalWidth")
        lines = await page.locator("#profile .profile-card p").all_inner_texts()
        await page.close()
    assert width == WIDTH
    assert lines == plain_text(card["caption"]).splitlines()
