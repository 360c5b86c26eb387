"""The Telegram game's server side: its JSON under ``/app/api/rush/``, beside the Mini App's,
each call checked by its ``X-Game-Token`` (401 before the body is read) and held to the Mini
App's rate; features register calls with :func:`serve_game` (docs/miniapp.md,
*Rush as a Telegram game*)."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

from telegram import (
    CallbackGame,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultGame,
)
from telegram.ext import Application

from bot.context import BotContext, services

# Declared below the play floor (BotData holds them); named here too, where a page's calls
# were always found.
from bot.context import GameCall as GameCall
from bot.context import GameReply as GameReply
from bot.context import GameRequest as GameRequest
from bot.i18n import N_
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

GAME_MODE = "rush"
"""The page's mode for the game (``?mode=rush``), and the name of its API's folder."""
TOKEN_FIELD = "game"
"""The field of the page address's fragment that carries the token (``#game=…``): a fragment
is never sent to the server, so the token stays out of logs and ``Referer`` headers."""


PLAY = N_("▶️ Play Rush")
SHARE = N_("Share the game")
SHARE_QUERY = "rush"
"""What the Share button types after the bot's name: the inline query that offers the game."""


def game_keyboard(context: BotContext) -> InlineKeyboardMarkup:
    """A game message's buttons: Play first (Telegram requires it), then Share."""
    return InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(context._(PLAY), callback_game=CallbackGame())],
            [InlineKeyboardButton(context._(SHARE), switch_inline_query=SHARE_QUERY)],
        ]
    )


def game_short_name(context: BotContext) -> str | None:
    """The game's short name, if the game is set up and its page is served."""
    name = context.settings.game_short_name
    return name if name is not None and game_page(context.application) is not None else None


def game_result(context: BotContext, result_id: str = "game") -> InlineQueryResultGame | None:
    """The game as an inline result (shared into the chat it is chosen in), if it is set up."""
    name = game_short_name(context)
    if name is None:
        return None
    return InlineQueryResultGame(result_id, name, reply_markup=game_keyboard(context))


def serve_game(application: Application, method: str, name: str, call: GameCall) -> None:
    """Answer ``method /app/api/rush/<name>`` with ``call`` (a feature's registration)."""
    services(application).game_calls[f"{method} {name}"] = call


def game_page(application: Application) -> str | None:
    """The page's address: the Mini App's (``TWENTYFOUR_WEBAPP_URL``), or where the bot's
    own server listens (the console's); None when no page is served."""
    data = services(application)
    if data.settings.webapp_url is not None:
        return data.settings.webapp_url
    if data.web_address is not None:
        return f"{data.web_address}/app/"
    return None


def game_address(page: str, token: str, language: str) -> str:
    """The address Play opens: the page in Rush mode, in the player's ``language`` until
    the server says otherwise (even a refusal is worded in it), with ``token`` in its
    fragment."""
    address = f"{app_address(page, GAME_MODE)}&lang={language}"
    return f"{address}#{TOKEN_FIELD}={quote(token, safe='')}"


class GameApiHandler(PlayerApiHandler):
    """``GET`` and ``POST /app/api/rush/<name>``: a call of the game's page, for the player
    its token names (401, body unread, for anything else; 429 for a flood)."""

    token: GameToken | None = None

    def initialize(  # type: ignore[override]
        self, bot_application: Application, limit: RateLimit, since: float
    ) -> None:
        super().initialize(bot_application, limit)
        self.since = since

    def admit(self) -> int | None:
        data = services(self.bot_application)
        raw = self.request.headers.get(GAME_TOKEN_HEADER, "")
        # A run may outlast its token's age (each solve adds time): the calls of a run are
        # taken for as long as the run lasts, which the feature checks; only a token older
        # than any run could be is refused here.
        token = check_game_token(raw, self.bot_application.bot.token, data.now(), max_age=RUN_AGE)
        if token is None or token.issued < self.since:
            return HTTPStatus.UNAUTHORIZED
        self.token = token
        return self.limited(token.user_id)

    async def answer(self, method: str, name: str, body: dict[str, Any]) -> None:
        assert self.token is not None  # admitted
        call = services(self.bot_application).game_calls.get(f"{method} {name}")
        if call is None:
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        user_id = self.token.user_id
        context = player_context(self.bot_application, AppUser(user_id, "", None))
        if self.closed_for(user_id, context):
            return
        status, reply = await call(GameRequest(context, self.token, body))
        self.reply(user_id, status, reply)


RUN_AGE = 4 * 3600.0
"""Seconds after its token was issued that a run's calls are taken at most (a run that
long would be a record many times over; the feature ends each run on its own clock)."""
assert RUN_AGE > TOKEN_AGE


def game_routes(application: Application) -> Rules:
    """The game's API route (before the Mini App's, whose pattern it would match)."""
    # Counted on the games' clock, as the runs are (a test's virtual time drives both).
    limit = RateLimit(API_RATE, API_BURST, clock=services(application).now)
    since = int(services(application).now())  # tokens carry whole seconds
    return [
        (
            rf"/app/api/{GAME_MODE}/([a-z]+)",
            GameApiHandler,
            {"bot_application": application, "limit": limit, "since": since},
        )
    ]
