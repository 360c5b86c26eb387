"""The Mini App's launch points, through the running bot: the web-app buttons and the menu
button in private (in the chat's language), none in groups, none without the app; the
settings that enable it, and the console serving it signed as its player."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest

from bot.local_api import LocalBotApi
from bot.settings import Settings, SettingsError
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    ROOT,
    _env,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.miniapp_data import APP_ENV, HEADER, URL, user_json

pytestmark = pytest.mark.asyncio


async def test_launch_points_with_the_app(tmp_path: Path) -> None:
    api = make_api()
    env = {**APP_ENV, "TWENTYFOUR_WEBAPP_NAME": "play"}
    async with running_bot(api, tmp_path, env=env) as application:
        await reply_to(api, ANN, ANN, "/daily")
        private = api.sent[-1]
        await reply_to(api, ANN, GROUP, "/daily")
        group = api.sent[-1]
        await settled(api, application)
    assert api.menu_buttons[None] == {"type": "web_app", "text": "Play", "web_app": {"url": URL}}
    [[button]] = private["reply_markup"]["inline_keyboard"]
    assert button["web_app"] == {"url": URL + "?mode=daily"}
    [[_private_link, app_link]] = group["reply_markup"]["inline_keyboard"]
    assert app_link["url"] == "https://t.me/TwentyFourBot/play?startapp=daily"
    assert "web_app" not in app_link


async def test_a_chinese_private_chat_gets_the_menu_button_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=APP_ENV) as application:
        await reply_to(api, BOB, BOB, "/start")
        await reply_to(api, ANN, ANN, "/start")
        await settled(api, application)
    assert api.menu_buttons[BOB] == {"type": "web_app", "text": "开玩", "web_app": {"url": URL}}
    assert ANN not in api.menu_buttons  # English: the default button


async def test_the_menu_button_follows_the_language_chosen_in_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/language zh")
        await settled(api, application)
        chinese = api.menu_buttons[ANN]
        await reply_to(api, ANN, ANN, "/language en")
        await settled(api, application)
    assert chinese == {"type": "web_app", "text": "开玩", "web_app": {"url": URL}}
    assert api.menu_buttons[ANN] == {"type": "default"}


async def test_no_launch_point_without_the_app(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/daily")
        private = api.sent[-1]
        await reply_to(api, ANN, GROUP, "/daily")
        group = api.sent[-1]
        await settled(api, application)
    assert None not in api.menu_buttons  # never touched: it may be the operator's own
    assert "reply_markup" not in private
    assert [len(row) for row in group["reply_markup"]["inline_keyboard"]] == [1]


async def test_the_apps_menu_button_goes_when_the_app_does(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=APP_ENV):
        pass
    async with running_bot(api, tmp_path):
        pass
    assert api.menu_buttons[None] == {"type": "default"}


async def test_an_operators_own_menu_button_stays(tmp_path: Path) -> None:
    api = make_api()
    own = {"type": "web_app", "text": "Shop", "web_app": {"url": "https://shop.example/"}}
    api.menu_buttons[None] = own
    async with running_bot(api, tmp_path):
        pass
    assert api.menu_buttons[None] == own


async def test_the_local_api_refuses_web_app_buttons_in_groups() -> None:
    api: LocalBotApi = make_api()
    markup = {"inline_keyboard": [[{"text": "Play", "web_app": {"url": URL}}]]}
    refused = await api.call(
        "sendMessage", {"chat_id": GROUP, "text": "hi", "reply_markup": markup}
    )
    taken = await api.call("sendMessage", {"chat_id": ANN, "text": "hi", "reply_markup": markup})
    plain = {"inline_keyboard": [[{"text": "Play", "web_app": {"url": "http://games.example/"}}]]}
    insecure = await api.call("sendMessage", {"chat_id": ANN, "text": "hi", "reply_markup": plain})
    assert refused == (
        400,
        {"ok": False, "error_code": 400, "description": "Bad Request: BUTTON_TYPE_INVALID"},
    )
    assert taken[0] == 200
    assert insecure[0] == 400
    assert "Only HTTPS links are allowed" in insecure[1]["description"]


async def test_settings_want_an_https_address_and_a_short_name() -> None:
    with pytest.raises(SettingsError, match="TWENTYFOUR_WEBAPP_URL"):
        Settings.from_env({"TWENTYFOUR_WEBAPP_URL": "http://games.example/app/"})
    with pytest.raises(SettingsError, match="TWENTYFOUR_WEBAPP_NAME"):
        Settings.from_env({"TWENTYFOUR_WEBAPP_NAME": "no/such name"})
    with pytest.raises(SettingsError, match="TWENTYFOUR_WEB_PORT"):
        Settings.from_env({"TWENTYFOUR_WEB_PORT": "http"})
    settings = Settings.from_env({})
    assert (settings.web_listen, settings.web_port, settings.webapp_url) == (
        "127.0.0.1",
        8080,
        None,
    )


async def test_the_console_serves_the_app_signed_as_its_player(tmp_path: Path) -> None:
    console = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--console",
        env=_env(tmp_path, USER="alice", TWENTYFOUR_WEB_PORT="0"),
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert console.stdin is not None
    assert console.stdout is not None
    try:
        line = (await asyncio.wait_for(console.stdout.readline(), timeout=30)).decode()
        url = line.split(": ", 1)[1].strip()
        address, fragment = url.split("#", 1)
        data = parse_qs(fragment)["tgWebAppData"][0]
        forged = str(httpx.QueryParams(data).set("user", user_json(BOB)))
        async with httpx.AsyncClient() as client:
            opened = await client.get(f"{address}api/daily", headers={HEADER: data})
            refused = await client.get(f"{address}api/daily", headers={HEADER: forged})
    finally:
        console.stdin.write(b":quit\n")
        await console.stdin.drain()
        _out, err = await asyncio.wait_for(console.communicate(), timeout=20)
    assert line.startswith("Play by tapping in a browser")
    assert address.startswith("http://127.0.0.1:")
    assert json.loads(parse_qs(data)["user"][0])["first_name"] == "Alice"
    assert opened.status_code == 200
    assert len(opened.json()["hand"]) == 4
    assert refused.status_code == 401
    assert console.returncode == 0, err.decode()
