"""The page's files as the bot serves them: every script ``index.html`` loads, as JavaScript,
and every stylesheet it links, as CSS, under the page's policy, revalidated at each opening."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from bot.context import services
from bot.play.miniapp import PAGE_POLICY
from bot.play.page_texts import catalogue_script, declared_words
from tests.bot.harness import make_api, running_bot
from tests.bot.miniapp_data import APP_ENV
from tests.bot.page_files import DECLARED, FILES, SERVED

pytestmark = pytest.mark.asyncio


def _scripts() -> list[str]:
    return re.findall(r'<script src="([\w.]+\.js)"', SERVED)


def _stylesheets() -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([\w.]+\.css)">', SERVED)


async def test_every_script_of_the_page_is_served_as_javascript(tmp_path: Path) -> None:
    scripts = _scripts()
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            replies = {name: await client.get(f"{base}/app/{name}") for name in scripts}
    assert len(scripts) > 2
    for name, reply in replies.items():
        assert reply.status_code == 200, name
        assert reply.headers["Content-Type"].split(";")[0] in {
            "application/javascript",
            "text/javascript",
        }, name
        assert reply.headers["Content-Security-Policy"] == PAGE_POLICY, name
        assert reply.headers["Cache-Control"] == "no-cache", name
        # catalogue.js is written by the bot, from the catalogues
        wanted = (
            FILES[name].read_text(encoding="utf-8")
            if name in FILES
            else catalogue_script(declared_words(application))
        )
        assert reply.text == (wanted if isinstance(wanted, str) else wanted.decode()), name


async def test_every_stylesheet_of_the_page_is_served_as_css(tmp_path: Path) -> None:
    stylesheets = _stylesheets()
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            replies = {name: await client.get(f"{base}/app/{name}") for name in stylesheets}
    assert len(stylesheets) > 1
    for name, reply in replies.items():
        assert reply.status_code == 200, name
        assert reply.headers["Content-Type"].split(";")[0] == "text/css", name
        assert reply.headers["Content-Security-Policy"] == PAGE_POLICY, name
        assert reply.text == FILES[name].read_text(encoding="utf-8"), name


async def test_the_page_is_served_with_its_views_lines_written_in(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            pages = [await client.get(f"{base}/app/{name}") for name in ("", "index.html")]
    assert [page.text for page in pages] == [SERVED, SERVED]


async def test_the_page_has_the_policy_of_its_files(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            page = await client.get(f"{base}/app/")
    assert {
        name: page.headers.get(name)
        for name in (
            "Content-Type",
            "Content-Security-Policy",
            "X-Content-Type-Options",
            "Referrer-Policy",
            "Cache-Control",
        )
    } == {
        "Content-Type": "text/html",
        "Content-Security-Policy": PAGE_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }


async def test_the_page_unchanged_is_not_sent_again(tmp_path: Path) -> None:
    """Revalidated at each opening: its ETag answers 304, without the page."""
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            first = await client.get(f"{base}/app/")
            again = await client.get(
                f"{base}/app/", headers={"If-None-Match": first.headers["ETag"]}
            )
    assert again.status_code == 304


async def test_a_views_file_is_served_from_its_own_folder(tmp_path: Path) -> None:
    """A view's file under its name on the page, as the shared ones are; what its folder
    holds beside it is not served (a game's Python)."""
    view = next(view for view in DECLARED if (view.folder / "__init__.py").exists())
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            script = await client.get(f"{base}/app/{view.script}")
            python = await client.get(f"{base}/app/__init__.py")
    assert (script.status_code, python.status_code) == (200, 404)
