"""Fixtures the bot's tests ask for by name."""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.games.duel import play as duel_play
from bot.games.rounds import group_status
from bot.services import outbox as outbox_module
from tests.bot.browser import ARGS, CHROMIUM, Pages, SharedContext


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three messages per 0.3 s in a group, so that tests see the limit quickly."""
    monkeypatch.setattr(outbox_module, "GROUP_LIMIT", 3)
    monkeypatch.setattr(outbox_module, "GROUP_PERIOD", 0.3)


@pytest.fixture
def late_named_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Right answers after a win are named half a second later, not three (a wait of a test
    whose fact is that they are named, not when)."""
    monkeypatch.setattr(group_status, "LATE_DELAY", 0.5)


@pytest.fixture
def no_duel_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """A duel's next hand comes at once (the pause to read a result is for people)."""
    monkeypatch.setattr(duel_play, "NEXT_HAND_SECONDS", 0.0)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Any]:
    """One headless Chromium for the test process's browser tests (their modules skip where
    it is missing: :func:`tests.bot.browser.playwright_or_skip`)."""
    playwright = importlib.import_module("playwright.async_api")
    async with playwright.async_playwright() as driver:
        chromium = await driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        await chromium.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser_context(browser: Any) -> AsyncIterator[SharedContext]:
    """The one browser context of the test process's browser tests, with its kept page
    (:class:`tests.bot.browser.SharedContext`)."""
    shared = await SharedContext.open(browser)
    yield shared
    await shared.context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def pages(browser_context: SharedContext) -> AsyncIterator[Pages]:
    """The test's new pages; after it, the context is left as clean as a new one
    (:class:`tests.bot.browser.Pages`)."""
    async with Pages(browser_context) as opened:
        yield opened
