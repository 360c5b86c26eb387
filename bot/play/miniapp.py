"""The Mini App's server side: its page under ``/app/`` and its JSON under ``/app/api/``, each
call's launch data checked (401 before the body is read) and held to :data:`API_RATE` a
second; features register calls by name with :func:`serve_app` (docs/miniapp.md,
*How it works*)."""

from __future__ import annotations

import json
import logging
import re
from http import HTTPStatus
from typing import Any

from telegram import MenuButton, MenuButtonDefault, MenuButtonWebApp, WebAppInfo
from telegram.ext import Application
from tornado.web import HTTPError, RedirectHandler, StaticFileHandler

# Declared below the play floor (BotData holds them); named here too, where a page's calls
# were always found.
from bot.context import AppCall as AppCall
from bot.context import AppPicture as AppPicture
from bot.context import AppReply as AppReply
from bot.context import AppRequest as AppRequest
from bot.context import BotContext, services
from bot.i18n import N_

# Named here too, where the page's policy was always found.
from bot.play.page_policy import PAGE_POLICY as PAGE_POLICY
from bot.play.page_texts import CatalogueHandler, declared_words
from bot.play.page_views import (
    PAGE,
    IndexHandler,
    declared_views,
    index_page,
    set_page_headers,
    view_files,
)
from bot.services.web import AppUser, BoundedHandler, RateLimit, Rules, check_init_data
from bot.settings import Settings

logger = logging.getLogger(__name__)

MENU_BUTTON = N_("Play")
MAINTENANCE = N_(
    "🛠 Twenty-Four is being looked after for a few minutes: please try again soon. Your "
    "scores are kept."
)
"""The owner's maintenance notice (as the chats get it: bot.features.admin.maintenance)."""
"""The label of the chat menu button that opens the Mini App in private chats."""


def label_menu_button(context: BotContext, chat_id: int) -> None:
    """Give a private chat the app's menu button in the chat's language, if the app is
    served: the default button (set at start-up) has one label for every chat, in English,
    so an English chat gets the default back."""
    url = context.settings.webapp_url
    if url is None:
        return
    button: MenuButton = (
        MenuButtonWebApp(context._(MENU_BUTTON), WebAppInfo(url))
        if context.language != "en"
        else MenuButtonDefault()
    )
    context.post(
        chat_id,
        lambda: context.bot.set_chat_menu_button(chat_id, button),
        # The default button still opens the app: a refusal is worth no apology.
        on_failed=lambda error: logger.info("Menu button of %s refused: %s", chat_id, error),
    )


INIT_DATA_HEADER = "X-Telegram-Init-Data"
API_RATE = 2.0
"""API calls a second a player may make, on average (the page makes one per move judged)."""
API_BURST = 20
"""API calls a player may make at once, before :data:`API_RATE` holds them back."""
API_BODY = 4096
"""Bytes of an API request's body kept at most (a move list or an expression is tiny)."""


def serve_app(application: Application, method: str, name: str, call: AppCall) -> None:
    """Answer ``method /app/api/<name>`` with ``call`` (a feature's registration)."""
    services(application).app_calls[f"{method} {name}"] = call


def app_address(url: str, mode: str) -> str:
    """The app's address opening on ``mode`` (``daily``, ``practice``): a web-app button's."""
    return f"{url}{'&' if '?' in url else '?'}mode={mode}"


def group_link(settings: Settings, bot_username: str, mode: str) -> str | None:
    """``https://t.me/<bot>/<app>?startapp=<mode>``, the app's link for groups (where
    Telegram allows no web-app buttons), if the app and its short name are set."""
    if settings.webapp_url is None or settings.webapp_name is None:
        return None
    return f"https://t.me/{bot_username}/{settings.webapp_name}?startapp={mode}"


def player_context(application: Application, user: AppUser) -> BotContext:
    """A context for the player's API call: their user data, their private chat's data if
    they have one (its chosen language), and their Telegram language."""
    chat_id = user.id if user.id in application.chat_data else None
    context = BotContext(application, chat_id=chat_id, user_id=user.id)
    context.telegram_language = user.language_code
    return context


class PlayerApiHandler(BoundedHandler):
    """A JSON API for one player's page: ``GET`` and ``POST <prefix>/<name>``, each call
    admitted for a player (:meth:`admit`, then :meth:`limited`) before its body is read;
    a body that is not a JSON object is a 400.  Subclasses say who the player is and answer
    (:meth:`answer`)."""

    SUPPORTED_METHODS = ("GET", "POST")
    max_body = API_BODY

    def initialize(self, bot_application: Application, limit: RateLimit) -> None:
        self.bot_application = bot_application
        self.limit = limit

    def limited(self, user_id: int) -> int | None:
        """429, with when to try again, for a player who calls too often; else None."""
        wait = self.limit.wait(user_id)
        if not wait:
            return None
        self.set_header("Retry-After", str(max(1, round(wait))))
        return HTTPStatus.TOO_MANY_REQUESTS

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def closed_for(self, user_id: int, context: BotContext) -> bool:
        """While the owner's maintenance is on, anyone else's call is refused (503, with the
        notice the page shows; at INFO, no error): the games' clock stands still then, so a
        page's daily or Rush run must not be played on it."""
        data = services(self.bot_application)
        if data.maintenance is None or user_id == data.settings.owner_id:
            return False
        self.unavailable_level = logging.INFO
        self.reply(user_id, HTTPStatus.SERVICE_UNAVAILABLE, {"reason": context._(MAINTENANCE)})
        return True

    async def get(self, name: str) -> None:
        await self.answer("GET", name, {})

    async def post(self, name: str) -> None:
        try:
            body = json.loads(self.body or b"{}")
        except (ValueError, RecursionError):  # UnicodeDecodeError included; [[[[…]]]]
            body = None
        if not isinstance(body, dict):
            self.refuse(HTTPStatus.BAD_REQUEST)
            return
        await self.answer("POST", name, body)

    async def answer(self, method: str, name: str, body: dict[str, Any]) -> None:
        """Answer an admitted call (with :meth:`reply`)."""
        raise NotImplementedError

    def reply(self, user_id: int, status: int, reply: object) -> None:
        """Send a call's answer as JSON (or a picture: :class:`AppPicture`).  PTB saves the
        data of the chats and users that updates touched; a call is no update, so it says
        whose data it may have changed."""
        self.bot_application.mark_data_for_update_persistence(user_ids=user_id)
        self.set_status(status)
        if isinstance(reply, AppPicture):
            self.set_header("Content-Type", "image/png")
            self.finish(reply.png)
            return
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(reply, ensure_ascii=False))


class ApiHandler(PlayerApiHandler):
    """``GET`` and ``POST /app/api/<name>``: a feature's call, for the player whose launch
    data came with the request (401, body unread, for anyone else)."""

    user: AppUser | None = None

    def admit(self) -> int | None:
        data = services(self.bot_application)
        raw = self.request.headers.get(INIT_DATA_HEADER, "")
        # Telegram signs launch data with its own (wall) clock: read against the calendar's.
        self.user = check_init_data(raw, self.bot_application.bot.token, data.calendar())
        if self.user is None:
            return HTTPStatus.UNAUTHORIZED
        return self.limited(self.user.id)

    async def answer(self, method: str, name: str, body: dict[str, Any]) -> None:
        assert self.user is not None  # admitted
        call = services(self.bot_application).app_calls.get(f"{method} {name}")
        if call is None:
            self.refuse(HTTPStatus.NOT_FOUND)
            return
        context = player_context(self.bot_application, self.user)
        if self.closed_for(self.user.id, context):
            return
        status, reply = await call(AppRequest(context, self.user, body))
        self.reply(self.user.id, status, reply)


class PageHandler(StaticFileHandler):
    """The page's files (the shared ones, and each view's from its own folder), with a
    policy that lets it load nothing from elsewhere."""

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        # A path no file can have (a NUL byte: ``/app/x%00``) is a 404, not the ValueError
        # the file system raises for it.
        if "\x00" in absolute_path:
            raise HTTPError(HTTPStatus.NOT_FOUND)
        return super().validate_absolute_path(root, absolute_path)

    def set_extra_headers(self, path: str) -> None:
        set_page_headers(self)


def app_routes(application: Application) -> Rules:
    """The Mini App's routes: the API first, then the page (its views' lines and words
    those of the games and features registered by now) and its files."""
    limit = RateLimit(API_RATE, API_BURST)
    views = declared_views(application)
    return [
        (
            r"/app/api/([a-z]+(?:/[a-z]+)?)",
            ApiHandler,
            {"bot_application": application, "limit": limit},
        ),
        (r"/app", RedirectHandler, {"url": "/app/"}),
        (r"/app/catalogue\.js", CatalogueHandler, {"words": declared_words(application)}),
        (r"/app/(?:index\.html)?", IndexHandler, {"page": index_page(views)}),
        *(
            (rf"/app/({re.escape(name)})", PageHandler, {"path": str(path.parent)})
            for name, path in view_files(views).items()
        ),
        (r"/app/(.*)", PageHandler, {"path": str(PAGE), "default_filename": "index.html"}),
    ]
