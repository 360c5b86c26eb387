"""An arena played by tapping in a real browser (headless Chromium, driven by Playwright),
against the running bot: the page opened from the group's Play by tapping link joins the
arena, a hand solved by tapping scores and deals the next, berserk is asked for the next
hand, and a skip deals it at half the time.

Skipped where Chromium or Playwright is missing (as ``test_miniapp_browser.py``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.bot.arena_play import announce, join_payload, the_arena
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import FakeClock, running_bot
from tests.bot.miniapp_data import APP_ENV, PLAIN, app_url, init_data, web_address
from tests.bot.page_taps import tap, taps
from tests.bot.rush_play import CAROL, NOON, players

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_an_arena_by_tapping_scores_then_plays_berserk(pages: Pages, tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        payload = join_payload(await announce(api))
        data = init_data(CAROL, NOON, first_name="Carol", start_param=payload)
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        async with page.expect_response(lambda r: r.url.endswith("/api/arena")) as dealt:
            await page.goto(app_url(web_address(application), data, PLAIN))
        first = await (await dealt.value).json()
        await expect(page.locator("#title")).to_have_text("🏟 Arena #1 · Friends")
        status = page.get_by_role("status")
        await expect(status).to_have_text("🏟 Hand 1 · 60 s · 0 points · place 1 of 1")
        steps = taps([Fraction(card) for card in first["hand"]])
        assert steps is not None

        def later() -> None:
            clock.now += 9

        await tap(page, steps, later)
        built = page.locator("#built")
        await expect(built).to_contain_text("✅ +2 points in 9.0 s")
        await expect(status).to_have_text("🏟 Hand 2 · 60 s · 2 points · place 1 of 1")
        berserk = page.locator("#arena-berserk")
        await berserk.click()
        await expect(berserk).to_have_text("⚡ Berserk is on: full time from the next hand")
        await page.locator("#arena-skip").click()
        await expect(built).to_have_text("⏭ Skipped: your streak ends.")
        await expect(status).to_have_text("⚡ Hand 3 · 30 s (berserk) · 2 points · place 1 of 1")
        await page.close()
        player = the_arena(application).entries[CAROL]
    assert (player.index, player.score, player.skipped) == (2, 2, 1)
