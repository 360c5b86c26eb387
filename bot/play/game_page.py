"""A Telegram game's page, the server side: a game's JSON under ``/app/api/<mode>/`` (its
page's mode), beside the Mini App's, each call checked by its ``X-Game-Token`` (401 before the
body is read) and held to the Mini App's rate.  A game registers its page's calls with
:func:`serve_game` (docs/miniapp.md, *Rush as a Telegram game*, tells of the one played so)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

from telegram.ext import Application

from bot.context import BotContext, GameCall, GamePage, services

# Declared below the play floor (BotData holds them); named here too, where a page's calls
# were always found.
from bot.context import GameReply as GameReply
from bot.context import GameRequest as GameRequest
from bot.play.miniapp import (
    API_BURST,
    API_RATE,
    PlayerApiHandler,
    app_address,
    player_context,
)
from bot.services.web import (
    GAME_TOKEN_HEADER,
    TOKEN_AGE,
    AppUser,
    GameToken,
    RateLimit,
    Rules,
    check_game_token,
)

TOKEN_FIELD = "game"
"""The field of the page address's fragment that carries the token (``#game=…``): a fragment
is never sent to the server, so the token stays out of logs and ``Referer`` headers."""
MODE = r"[a-z]+"
"""A page's mode: lower-case letters (a folder of the API, a word of the page's address)."""


def serve_game(
    application: Application, mode: str, calls: Mapping[str, GameCall], *, max_age: float
) -> None:
    """Answer ``method /app/api/<mode>/<name>`` with ``calls["method name"]``, for a token at
    most ``max_age`` seconds old (a game's registration, before the web server is made)."""
    if re.fullmatch(MODE, mode) is None:
        raise ValueError(f"a page's mode is lower-case letters: {mode!r}")
    if max_age < TOKEN_AGE:
        raise ValueError("a page's calls are taken at least as long as its token opens it")
    pages = services(application).game_pages
    if mode in pages:
        raise ValueError(f"the page's mode {mode!r} is served already")
    pages[mode] = GamePage(dict(calls), max_age)


def game_short_name(context: BotContext) -> str | None:
    """The bot's Telegram game's short name, if it is set up and its page is served."""
    name = context.settings.game_short_name
    return name if name is not None and game_page(context.application) is not None else None


def game_page(application: Application) -> str | None:
    """The page's address: the Mini App's (``TWENTYFOUR_WEBAPP_URL``), or where the bot's
    own server listens (the console's); None when no page is served."""
    data = services(application)
    if data.settings.webapp_url is not None:
        return data.settings.webapp_url
    if data.web_address is not None:
        return f"{data.web_address}/app/"
    return None


def game_address(page: str, mode: str, token: str, language: str) -> str:
    """The address Play opens: the page in ``mode``, in the player's ``language`` until the
    server says otherwise (even a refusal is worded in it), with ``token`` in its fragment."""
    address = f"{app_address(page, mode)}&lang={language}"
    return f"{address}#{TOKEN_FIELD}={quote(token, safe='')}"


class GameApiHandler(PlayerApiHandler):
    """``GET`` and ``POST /app/api/<mode>/<name>``: a call of a game's page, for the player
    its token names (401, body unread, for anything else; 429 for a flood)."""

    token: GameToken | None = None

    def initialize(  # type: ignore[override]
        self,
        bot_application: Application,
        limit: RateLimit,
        since: float,
        mode: str,
        page: GamePage,
    ) -> None:
        super().initialize(bot_application, limit)
        self.since = since
        self.mode = mode
        self.page = page

    def admit(self) -> int | None:
        data = services(self.bot_application)
        raw = self.request.headers.get(GAME_TOKEN_HEADER, "")
        # What a token started may outlast its age (a run's solves add time): its calls are
        # taken for as long as the game's page says, the game checking the rest; only a
        # token older than that is refused here.
        token = check_game_token(
            raw,
            self.bot_application.bot.token,
            data.now(),
            max_age=self.page.max_age,
            mode=self.mode,  # another game's token opens none of this one's calls
        )
        if token is None or token.issued < self.since:
            return HTTPStatus.UNAUTHORIZED
        self.token = token
        return self.limited(token.user_id)

    async def answer(self, method: str, name: str, body: dict[str, Any]) -> None:
        assert self.token is not None  # admitted
        call = self.page.calls.get(f"{method} {name}")
        if call is None:
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        user_id = self.token.user_id
        context = player_context(self.bot_application, AppUser(user_id, "", None))
        if self.closed_for(user_id, context):
            return
        status, reply = await call(GameRequest(context, self.token, body))
        self.reply(user_id, status, reply)


def game_routes(application: Application) -> Rules:
    """The API route of each game's page (before the Mini App's, whose pattern they would
    match)."""
    # Counted on the games' clock, as what they start is (a test's virtual time drives both).
    limit = RateLimit(API_RATE, API_BURST, clock=services(application).now)
    since = int(services(application).now())  # tokens carry whole seconds
    return [
        (
            rf"/app/api/{mode}/([a-z]+)",
            GameApiHandler,
            {
                "bot_application": application,
                "limit": limit,
                "since": since,
                "mode": mode,
                "page": page,
            },
        )
        for mode, page in services(application).game_pages.items()
    ]
