"""The browser tests' pages share one browser context per test process
(``tests/bot/browser.py``): what a test's pages leave there (cookies, storage, the HTTP
cache, permissions, pages left open) is gone for the next test's, as in a new context.
Both tests here are at one origin, as two tests whose bots had the same port would be.
Skipped where Chromium or Playwright is missing."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from tornado.httpserver import HTTPServer
from tornado.web import Application, RequestHandler

from tests.bot.browser import Pages, SharedContext, playwright_or_skip

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

LEAVE = """async () => {
  localStorage.setItem("left", "1");
  sessionStorage.setItem("left", "1");
  await new Promise(done => { indexedDB.open("left").onsuccess = done; });
  await (await caches.open("left")).put("/cached", new Response("left"));
  history.pushState({}, "", "#two");
  await fetch("/cached");
  await fetch("/cached");
}"""
SEEN = """async () => ({
  cookie: document.cookie,
  local: localStorage.length,
  session: sessionStorage.length,
  databases: (await indexedDB.databases()).length,
  caches: (await caches.keys()).length,
  history: history.length,
  width: innerWidth,
  geolocation: (await navigator.permissions.query({name: "geolocation"})).state,
})"""


class _Cached(RequestHandler):
    """A response the browser may keep an hour, counting the times it is asked for."""

    def get(self) -> None:
        self.application.settings["asked"].append(self.request.path)
        self.set_header("Cache-Control", "max-age=3600")
        self.finish("kept")


class _Page(RequestHandler):
    def get(self) -> None:
        if self.get_argument("cookie", ""):
            self.set_cookie("left", "1")
        self.finish("<!doctype html><title>isolation</title>")


@pytest_asyncio.fixture(loop_scope="session")
async def site() -> AsyncIterator[tuple[str, list[str]]]:
    """A small site on a free port: its address, and the paths of ``/cached`` asked for."""
    asked: list[str] = []
    server = HTTPServer(Application([("/cached", _Cached), ("/", _Page)], asked=asked))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    server.add_sockets([listener])
    yield f"http://127.0.0.1:{listener.getsockname()[1]}", asked
    server.stop()
    await server.close_all_connections()


async def _leave_everything(pages: Pages, shared: SharedContext, address: str) -> dict[str, Any]:
    """A page that leaves what a page can in its context, and stays open; what it sees."""
    page = await pages.new_page(viewport={"width": 360, "height": 740})
    page.on("pageerror", lambda error: pytest.fail(f"an earlier test's listener: {error}"))
    await page.goto(f"{address}/?cookie=1")
    await shared.context.grant_permissions(["geolocation"], origin=address)
    await page.evaluate(LEAVE)
    return {"page": page, "seen": await page.evaluate(SEEN)}


async def test_a_tests_pages_see_nothing_an_earlier_tests_left(
    browser_context: SharedContext, site: tuple[str, list[str]]
) -> None:
    address, asked = site
    async with Pages(browser_context) as earlier:
        left = await _leave_everything(earlier, browser_context, address)
    async with Pages(browser_context) as later:
        page = await later.new_page()
        await page.goto(f"{address}/")
        await page.evaluate("() => { setTimeout(() => { throw new Error('later'); }); }")
        await page.evaluate("async () => { await fetch('/cached'); }")
        seen = await page.evaluate(SEEN)
        open_pages = len(browser_context.context.pages)
    # What the earlier page saw: everything there, and /cached asked for once (then cached).
    assert left["seen"] == {
        "cookie": "left=1",
        "local": 1,
        "session": 1,
        "databases": 1,
        "caches": 1,
        "history": 3,
        "width": 360,
        "geolocation": "granted",
    }
    assert left["page"].is_closed()
    # The later page: none of it, /cached asked for again, and only the kept page beside it.
    assert seen == {
        "cookie": "",
        "local": 0,
        "session": 0,
        "databases": 0,
        "caches": 0,
        "history": 2,  # as a new page's in a new context: its blank start, then the address
        "width": 1280,
        "geolocation": "prompt",
    }
    assert asked == ["/cached", "/cached"]
    assert open_pages == 2
