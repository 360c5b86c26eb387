"""Headless Chromium for the page's browser tests, driven by Playwright: Debian's
``chromium`` and the ``playwright`` package of the ``test`` extra (``.ci/run`` installs
both; no browser is downloaded).  A test module calls :func:`playwright_or_skip` as it is
imported, and asks for the ``pages`` fixture (``tests/bot/conftest.py``): new pages in the
test process's one browser context, which :class:`Pages` leaves clean for the next test
(``tests/bot/test_page_isolation_browser.py`` holds it to that)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    # Chromium on a closed network: no sandbox (root), no GPU, nothing fetched in the background.
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def playwright_or_skip() -> ModuleType:
    """``playwright.async_api``; skips the calling module where it or Chromium is missing."""
    playwright = pytest.importorskip(
        "playwright.async_api",
        reason="the playwright package is not installed (pip install -e '.[test]')",
    )
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "Chromium is not installed (apt-get install -y chromium)", allow_module_level=True
        )
    return playwright


class SharedContext:
    """One browser context for a test process's browser tests, and a blank page kept open in
    it.  A page in a context of its own cost about 1.5 s of CPU here (a context whose last
    page closes lets its renderer go, and the next page starts another); a new page beside
    the kept one about 0.7 s.  The context's own state (cookies, storage, cache,
    permissions) outlives a page: :meth:`Pages.close` clears it."""

    def __init__(self, context: Any, keeper: Any, session: Any) -> None:
        self.context = context
        self.keeper = keeper
        self.session = session  # the keeper's DevTools session: storage and cache commands

    @classmethod
    async def open(cls, browser: Any) -> SharedContext:
        context = await browser.new_context()
        keeper = await context.new_page()
        return cls(context, keeper, await context.new_cdp_session(keeper))

    async def clear(self, origins: set[str]) -> None:
        """Forget what pages left in the context: cookies, permissions, the HTTP cache, and
        each of ``origins``' storage (local and session storage, IndexedDB, Cache Storage,
        service workers: DevTools clears them by origin only)."""
        await self.context.clear_cookies()
        await self.context.clear_permissions()
        for origin in sorted(origins):
            await self.session.send(
                "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
            )
        await self.session.send("Network.clearBrowserCache")


class Pages:
    """New pages for one test (or one module's fixture) in the :class:`SharedContext`: each
    page is new (its history, listeners, viewport and scripts its own).  Closed (as a
    context manager, or by the ``pages`` fixture), it closes the pages still open and clears
    the context of what they left, the storage of every origin they were at."""

    def __init__(self, shared: SharedContext) -> None:
        self.shared = shared
        self.opened: list[Any] = []
        self.origins: set[str] = set()

    async def new_page(self, viewport: dict[str, int] | None = None) -> Any:
        """A new page; ``viewport`` its size (else the context's default, 1280 by 720)."""
        page = await self.shared.context.new_page()
        self.opened.append(page)
        page.on("framenavigated", self._navigated)
        if viewport is not None:
            await page.set_viewport_size(viewport)
        return page

    def _navigated(self, frame: Any) -> None:
        parts = urlsplit(frame.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    async def close(self) -> None:
        for page in self.opened:
            if not page.is_closed():
                await page.close()
        await self.shared.clear(self.origins)

    async def __aenter__(self) -> Pages:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
