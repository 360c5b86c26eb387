"""The page's views as their scripts register them (``registerView``, ``bot/webapp/page.js``),
in a real browser against the running bot: the tabs in the order index.html loads the views,
each view's own elements where the page had them, a tab's view opened with the others'
elements hidden, and the address's mode opening its view (a mode no view opens: the first
tab's).  Skipped where Chromium or Playwright is missing (``tests/bot/browser.py``)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.bot.browser import Pages, SharedContext, playwright_or_skip
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON
from tests.bot.miniapp_data import APP_ENV, app_url, call, init_data, web_address
from tests.bot.page_taps import tap, taps

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

LATE = dt.datetime(2027, 3, 14, 23, 50, tzinfo=dt.UTC).timestamp()
"""Ten minutes before a day's end (its puzzle is answered until five minutes after)."""
TABS = ["tab-daily", "tab-practice", "tab-train", "tab-profile"]
PLACES = [
    "heading",
    "rush-score",
    "levels",
    "gate",
    "profile",
    "cards",
    "ops",
    "tools",
    "status",
    "result",
    "keys",
]
"""The page's elements in their order (an id, else the class), as index.html had them all."""
IDS = "element => [...element.children].map(child => child.id || child.className)"


async def _over_the_tabs(pages: Pages, tmp_path: Path, query: str = "") -> dict[str, Any]:
    """The page opened at ``query``: what it shows at first, then on each tab."""
    expect = playwright.expect
    api = make_api()
    seen: dict[str, Any] = {"errors": []}
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/start")
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        page.on("pageerror", lambda error: seen["errors"].append(str(error)))
        await page.goto(app_url(web_address(application), init_data(ANN, NOON), query=query))
        await expect(page.locator("[role=tab][aria-selected=true]")).to_have_count(1)
        seen["first"] = await page.locator("[role=tab][aria-selected=true]").get_attribute("id")
        seen["tabs"] = await page.locator("[role=tab]").evaluate_all("tabs => tabs.map(t => t.id)")
        seen["names"] = await page.get_by_role("tab").all_inner_texts()
        seen["places"] = await page.locator("main").evaluate(IDS)
        seen["tools"] = await page.locator("#tools").evaluate(IDS)
        await page.locator("#tab-practice").click()
        await expect(page.locator("#levels")).to_be_visible()
        await expect(page.locator("#reveal")).to_be_visible()
        await page.locator("#tab-train").click()
        await expect(page.locator("#train-skip")).to_be_visible()
        seen["train"] = {
            name: await page.locator(f"#{name}").is_visible() for name in ("levels", "reveal")
        }
        await page.locator("#tab-profile").click()
        await expect(page.locator("#profile")).to_be_visible()
        seen["profile"] = {
            name: await page.locator(f"#{name}").is_visible() for name in ("cards", "train-skip")
        }
        await page.locator("#tab-daily").click()
        await expect(page.locator("#tab-daily")).to_have_attribute("aria-selected", "true")
        seen["daily"] = await page.locator("#profile").is_visible()
        await page.close()
    return seen


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def over_the_tabs(
    browser_context: SharedContext, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    async with Pages(browser_context) as pages:
        return await _over_the_tabs(pages, tmp_path_factory.mktemp("views"))


async def test_the_tabs_are_the_views_in_their_scripts_order(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["tabs"] == TABS


async def test_the_tabs_are_named_in_the_pages_language(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["names"] == ["Daily", "Practice", "Train", "Profile"]


async def test_no_mode_opens_the_first_tab(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["first"] == "tab-daily"


async def test_the_views_elements_are_where_the_page_had_them(
    over_the_tabs: dict[str, Any],
) -> None:
    assert over_the_tabs["places"] == PLACES


async def test_the_views_buttons_follow_the_tools(over_the_tabs: dict[str, Any]) -> None:
    """In the order the views' scripts run (one view's show at a time)."""
    assert over_the_tabs["tools"] == [
        "undo",
        "reset",
        "reveal",
        "train-skip",
        "arena-berserk",
        "arena-skip",
        "skip",
    ]


async def test_another_tab_hides_a_views_own_elements(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["train"] == {"levels": False, "reveal": False}


async def test_a_view_without_cards_hides_them(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["profile"] == {"cards": False, "train-skip": False}


async def test_leaving_the_profile_hides_its_section(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["daily"] is False


async def test_the_views_run_with_no_script_error(over_the_tabs: dict[str, Any]) -> None:
    assert over_the_tabs["errors"] == []


@pytest.mark.parametrize(
    ("query", "tab"),
    [
        ("?mode=train", "tab-train"),
        ("?mode=profile", "tab-profile"),
        ("?mode=nothing", "tab-daily"),
    ],
)
async def test_the_mode_opens_its_view(pages: Pages, tmp_path: Path, query: str, tab: str) -> None:
    expect = playwright.expect
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        await page.goto(app_url(web_address(application), init_data(ANN, NOON), query=query))
        await expect(page.locator("[role=tab][aria-selected=true]")).to_have_count(1)
        selected = await page.locator("[role=tab][aria-selected=true]").get_attribute("id")
        await page.close()
    assert selected == tab


async def _hand_tapped(page: Any, hand: list[int], before_last: Any) -> None:
    steps = taps([Fraction(card) for card in hand])
    assert steps is not None
    await tap(page, steps, before_last)


async def test_a_views_refusal_is_its_own_the_daily_of_a_day_closed(
    pages: Pages, tmp_path: Path
) -> None:
    """The daily answered once its day has closed (409): the daily view opens today's."""
    expect = playwright.expect
    clock = FakeClock(LATE)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        await page.goto(app_url(web_address(application), init_data(ANN, LATE)))
        async with page.expect_response(lambda r: r.url.endswith("/api/daily")) as dealt:
            await page.get_by_role("button", name="Start", exact=True).click()
        puzzle = await (await dealt.value).json()

        def next_day() -> None:
            clock.now += 16 * 60  # 00:06: the day closed a minute ago

        await _hand_tapped(page, puzzle["hand"], next_day)
        await expect(page.locator("#gate")).to_be_visible()
        title = await page.locator("#title").inner_text()
        await page.close()
    assert title == f"Daily #{puzzle['number'] + 1}"


async def test_a_views_refusal_is_its_own_a_training_hand_ended_elsewhere(
    pages: Pages, tmp_path: Path
) -> None:
    """A hand skipped on another page of the player's, then answered here (409): the train
    view deals the next."""
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        address = app_url(web_address(application), init_data(ANN, NOON), query="?mode=train")
        async with page.expect_response(lambda r: r.url.endswith("/api/train")) as dealt:
            await page.goto(address)
        first = await (await dealt.value).json()
        await call(application, "POST", "train/skip", body={"number": first["number"]})
        async with page.expect_response(lambda r: r.url.endswith("/api/train")) as following:
            await _hand_tapped(page, first["hand"], lambda: None)
        second = await (await following.value).json()
        await page.close()
    assert second["number"] == first["number"] + 1
