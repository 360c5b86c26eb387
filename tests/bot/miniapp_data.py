"""The Mini App's tests' helpers: launch data, signed here as Telegram documents it,
independently of the bot's own code (``bot.services.web.launch_data``): the tests check the bot
against this; the settings that serve the app; the page's address as Telegram opens it; an
API call as the page makes it."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from telegram.ext import Application

from bot.context import services
from tests.bot.harness import ANN, BOB, LOOPBACK_TLS

TOKEN = "42:TEST"
"""The token the test harness runs the bot with."""
URL = "https://games.example/app/"
APP_ENV = {"TWENTYFOUR_WEBAPP_URL": URL, "TWENTYFOUR_WEB_PORT": "0"}
"""Settings for ``running_bot(env=...)``: the Mini App at ``URL``, its server on a free port."""
HEADER = "X-Telegram-Init-Data"


def user_json(user_id: int, first_name: str = "Ann", language: str = "en") -> str:
    """A ``user`` field as Telegram writes it."""
    return json.dumps(
        {
            "id": user_id,
            "first_name": first_name,
            "language_code": language,
            "allows_write_to_pm": True,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def sign(fields: dict[str, str], token: str = TOKEN) -> str:
    """``fields`` with their ``hash``: hex HMAC-SHA256 of the sorted ``key=value`` lines,
    keyed with HMAC-SHA256(key="WebAppData", message=token); URL-encoded."""
    check_string = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check_string.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def init_data(
    user_id: int,
    auth_date: float,
    *,
    first_name: str = "Ann",
    language: str = "en",
    token: str = TOKEN,
    **extra: str,
) -> str:
    """Launch data for a user, signed at ``auth_date`` (seconds) for the bot of ``token``."""
    fields = {
        "auth_date": str(int(auth_date)),
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": user_json(user_id, first_name, language),
        **extra,
    }
    return sign(fields, token)


def web_address(application: Application) -> str:
    """The address the bot's web server listens on (run with the Mini App's settings)."""
    address = services(application).web_address
    assert address is not None, "no web server: run the bot with the Mini App's address"
    return address


PLAIN = {"bg_color": "#ffffff", "text_color": "#000000"}
"""A light theme, as Telegram passes it to the page."""


def app_url(base: str, data: str, theme: dict[str, str] | None = None, query: str = "") -> str:
    """The page as Telegram opens it (``query``: ``?mode=train``, say): the launch data, and
    the ``theme`` where given, in the address's fragment."""
    fragment = f"tgWebAppData={quote(data, safe='')}"
    if theme is not None:
        fragment += f"&tgWebAppThemeParams={quote(json.dumps(theme, separators=(',', ':')))}"
    return f"{base}/app/{query}#{fragment}"


async def call(
    application: Application,
    method: str,
    name: str,
    user: int = ANN,
    body: Any = None,
    *,
    data: str | None = None,
    content: bytes | None = None,
) -> httpx.Response:
    """One API call as the page makes it, signed for ``user`` now (by the bot's clock)."""
    base = services(application).web_address
    if data is None:
        language = "zh-hans" if user == BOB else "en"
        data = init_data(user, services(application).now(), language=language)
    async with httpx.AsyncClient(verify=LOOPBACK_TLS) as client:
        return await client.request(
            method,
            f"{base}/app/api/{name}",
            headers={HEADER: data} if data else {},
            json=body,
            content=content,
        )
