"""A game's view added as a new game adds it, in a real browser against the running bot: a
game that exists only in this test, its view's script and stylesheet in a folder of its own
(``page_view``), its words declared (``page_texts``), added to ``GAMES`` with nothing else
changed: its tab follows the others', and opens its view, its own element shown and styled by
its own stylesheet.  Skipped where Chromium or Playwright is missing (``tests/bot/browser.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import app
from bot.games import GAMES
from bot.i18n import N_
from bot.play.registry import Game, PageView
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON
from tests.bot.miniapp_data import APP_ENV, app_url, init_data, web_address

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

TOY_SCRIPT = """\
"use strict";
const toyBox = { id: "toy", className: "toy-box", text: "toyHello", hidden: true };
$("cards").before(viewElement("p", toyBox));
function openToy() {
  state.mode = "toy";
  selectTab();
  $("toy").hidden = false;
}
registerView("toy", { tab: "toyTab", parts: ["toy"], cards: false, open: openToy });
"""
TOY_STYLE = ".toy-box { letter-spacing: 3px; }\n"
TOY_WORDS = {"toyTab": N_("Toy"), "toyHello": N_("A toy's view")}


async def test_a_games_own_view_has_its_tab_last_and_opens(
    pages: Pages, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "toy" / "page"
    folder.mkdir(parents=True)
    (folder / "toy.js").write_text(TOY_SCRIPT, encoding="utf-8")
    (folder / "toy.css").write_text(TOY_STYLE, encoding="utf-8")
    view = PageView(folder, "toy.js", style="toy.css")
    toy = Game("toy", (), page_texts=TOY_WORDS, page_view=view)
    monkeypatch.setattr(app, "GAMES", (*GAMES, toy))
    expect = playwright.expect
    api = make_api()
    errors: list[str] = []
    async with running_bot(api, tmp_path / "bot", clock=FakeClock(NOON), env=APP_ENV) as bot:
        await reply_to(api, ANN, ANN, "/start")
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(app_url(web_address(bot), init_data(ANN, NOON)))
        await expect(page.locator("[role=tab][aria-selected=true]")).to_have_count(1)
        tabs = await page.locator("[role=tab]").evaluate_all("tabs => tabs.map(t => t.id)")
        await page.locator("#tab-toy").click()
        await expect(page.locator("#toy")).to_be_visible()
        seen = {
            "text": await page.locator("#toy").inner_text(),
            "styled": await page.locator("#toy").evaluate(
                "element => getComputedStyle(element).letterSpacing"
            ),
            "cards": await page.locator("#cards").is_visible(),
        }
        await page.close()
    assert (tabs[-1], seen, errors) == (
        "tab-toy",
        {"text": "A toy's view", "styled": "3px", "cards": False},
        [],
    )
