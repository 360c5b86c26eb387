"""The Mini App's Train tab in a real browser (headless Chromium, driven by Playwright),
against the running bot: a ladder hand at the player's rating, solved by tapping with the
rating change shown, then a skip (a miss, with a solution) and the next hand.

Skipped where Chromium or Playwright is missing (as ``test_miniapp_browser.py``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import ANN, FakeClock, make_api, running_bot
from tests.bot.ladder_play import NOON
from tests.bot.miniapp_data import APP_ENV, PLAIN, app_url, init_data, web_address
from tests.bot.page_taps import tap, taps

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_train_by_tapping_tells_the_change_then_skips_to_the_next(
    pages: Pages, tmp_path: Path
) -> None:
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        async with page.expect_response(lambda r: r.url.endswith("/api/train")) as dealt:
            await page.goto(
                app_url(web_address(application), init_data(ANN, NOON), PLAIN, "?mode=train")
            )
        first = await (await dealt.value).json()
        await expect(page.locator("#title")).to_have_text("🪜 Training · your puzzle rating: 1500")
        status = page.get_by_role("status")
        await expect(status).to_have_text(f"This hand is rated {first['hand_rating']} · 120 s.")
        steps = taps([Fraction(card) for card in first["hand"]])
        assert steps is not None

        def later() -> None:
            clock.now += 9

        await tap(page, steps, later)
        built = page.locator("#built")
        await expect(built).to_contain_text("✅ 9.0 s · +")
        rating = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).shown
        await expect(page.locator("#title")).to_have_text(
            f"🪜 Training · your puzzle rating: {rating}"
        )
        async with page.expect_response(lambda r: r.url.endswith("/api/train")) as following:
            await page.get_by_role("button", name="New hand", exact=True).click()
        second = await (await following.value).json()
        clock.now += 5
        await page.get_by_role("button", name="⏭ Skip (a miss)", exact=True).click()
        await expect(built).to_contain_text("⏭ skipped · −")
        await expect(built).to_contain_text("A solution: ")
        await page.close()
    assert second["number"] == first["number"] + 1
