"""The page's files as the bot serves them: every script ``index.html`` loads, as JavaScript,
and every stylesheet it links, as CSS, under the page's policy, revalidated at each opening."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from bot.context import services
from bot.play.miniapp import PAGE, PAGE_POLICY
from bot.play.page_texts import catalogue_script, declared_words
from tests.bot.harness import make_api, running_bot
from tests.bot.miniapp_data import APP_ENV

pytestmark = pytest.mark.asyncio


def _scripts() -> list[str]:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<script src="([\w.]+\.js)"', html)


def _stylesheets() -> list[str]:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<link rel="stylesheet" href="([\w.]+\.css)">', html)


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
        served = PAGE / name  # catalogue.js is written by the bot, from the catalogues
        wanted = (
            served.read_text(encoding="utf-8")
            if served.exists()
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
        assert reply.text == (PAGE / name).read_text(encoding="utf-8"), name
