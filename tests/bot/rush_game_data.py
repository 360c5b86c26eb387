"""The Telegram game's tests' helpers: a bot with the game ``rush24`` and the Mini App's page
served, a Play press that gives the page's address, and an API call as the page makes it."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
from telegram.ext import Application

from bot.context import services
from bot.local_api import LocalBotApi
from tests.bot.harness import LOOPBACK_TLS, FaultyBotApi, make_api, until
from tests.bot.miniapp_data import APP_ENV

GAME = "rush24"
GAME_ENV = {**APP_ENV, "TWENTYFOUR_GAME_SHORT_NAME": GAME}
"""Settings for ``running_bot(env=...)``: the page served, and the game's short name."""
HEADER = "X-Game-Token"


def game_api() -> FaultyBotApi:
    """Ann, Bob, a group, and the bot's game made with @BotFather's /newgame."""
    api = make_api()
    api.games.register(GAME, "Rush", "Make 24 against the clock")
    return api


async def sent_game(api: LocalBotApi, user: int, chat: int) -> dict[str, Any]:
    """The game message the bot sends for ``/game``."""
    before = len(api.sent)
    api.send(user, chat, "/game")
    return (await api.wait_for_sent(before + 1))[before]


async def play(api: LocalBotApi, user: int, message: dict[str, Any]) -> str:
    """``user`` presses Play under ``message``: the address the bot answers with."""
    query_id = api.games.press_play(user, message)
    return await _answered(api, query_id)


async def play_inline(api: LocalBotApi, user: int, inline_message_id: str) -> str:
    """``user`` presses Play on a game message sent through inline mode."""
    return await _answered(api, api.games.press_play_inline(user, inline_message_id))


async def _answered(api: LocalBotApi, query_id: str) -> str:
    def answer() -> dict[str, Any] | None:
        found = [a for a in api.callback_answers if a["callback_query_id"] == query_id]
        return found[0] if found else None

    await until(lambda: answer() is not None, timeout=10)
    found = answer()
    assert found is not None
    return str(found.get("url", ""))


def token_of(url: str) -> str:
    """The token in a game address's fragment (``#game=…``)."""
    return unquote(parse_qs(urlsplit(url).fragment)["game"][0])


async def rush_call(
    application: Application, method: str, name: str, token: str, body: Any = None
) -> httpx.Response:
    """One call of the game's page API with ``token`` in its header."""
    base = services(application).web_address
    async with httpx.AsyncClient(verify=LOOPBACK_TLS) as client:
        return await client.request(
            method, f"{base}/app/api/rush/{name}", headers={HEADER: token}, json=body
        )
