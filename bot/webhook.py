"""Telegram's webhook at ``/telegram``, on the bot's web server (beside the Mini App and the
health checks): :class:`TelegramWebhook` puts updates into the application's
``update_queue``, reading no body before it has checked the secret header
(docs/design-platform.md, *Webhook*)."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import time
from http import HTTPStatus

from telegram import Update
from telegram.ext import Application

from bot.app import (
    ALLOWED_UPDATES,
    connect,
    listen,
    publish_menus,
    serve_until,
    with_retries,
)
from bot.context import services
from bot.menus import register_commands
from bot.play.game_page import game_routes
from bot.play.miniapp import app_routes
from bot.play.monitoring import watch_routes, watch_webhook
from bot.services.web import MAX_BODY, BoundedHandler, NotFound, Rules, WebServer

__all__ = ["MAX_BODY", "BoundedHandler", "NotFound", "Rules", "TelegramWebhook", "WebServer"]

logger = logging.getLogger(__name__)

WEBHOOK_PATH = "/telegram"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class TelegramWebhook(BoundedHandler):
    """``POST /telegram``: an update from Telegram, which sends the secret it was given
    with ``setWebhook`` in a header; anything else is refused before its body is read."""

    SUPPORTED_METHODS = ("POST",)  # others get 405, their bodies unread

    def initialize(self, bot_application: Application, secret: str) -> None:
        self.bot_application = bot_application
        self.secret = secret.encode()

    def admit(self) -> int | None:
        given = self.request.headers.get(SECRET_HEADER, "").encode("utf-8", "replace")
        return None if hmac.compare_digest(given, self.secret) else HTTPStatus.FORBIDDEN

    async def post(self) -> None:
        try:
            data = json.loads(self.body)
        except (ValueError, RecursionError):  # UnicodeDecodeError included; [[[[…]]]]
            self.refuse(HTTPStatus.BAD_REQUEST)
            return
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            self.refuse(HTTPStatus.BAD_REQUEST)
            return
        try:
            update = Update.de_json(data, self.bot_application.bot)
        except Exception as error:  # a shape PTB cannot read: not an update from Telegram
            logger.info("Webhook: a post that is no update (%s)", error)
            self.refuse(HTTPStatus.BAD_REQUEST)
            return
        services(self.bot_application).telegram_seen = time.monotonic()  # for /readyz
        await self.bot_application.update_queue.put(update)
        self.set_status(HTTPStatus.OK)
        self.finish()


def webhook_routes(application: Application, secret: str) -> Rules:
    """The route that takes Telegram's updates for ``application``."""
    return [(WEBHOOK_PATH, TelegramWebhook, {"bot_application": application, "secret": secret})]


async def run_webhook(application: Application, stop: asyncio.Event) -> int:
    """Serve Telegram's updates on the webhook until ``stop`` is set; returns the exit
    status.  The server listens before Telegram is told the URL, which may post at once."""
    settings = services(application).settings
    assert settings.webhook_url is not None and settings.webhook_secret is not None
    server = WebServer()
    server.add(webhook_routes(application, settings.webhook_secret))
    server.add(watch_routes(application))
    if settings.webapp_url:
        server.add(game_routes(application))  # first: the Mini App's API pattern matches it too
        server.add(app_routes(application))
    await connect(application)
    async with application:
        menus = await publish_menus(application, register_commands)
        port = await listen(application, server, settings.webhook_listen, settings.webhook_port)
        try:
            await with_retries(
                application,
                "setWebhook",
                lambda: application.bot.set_webhook(
                    settings.webhook_url,
                    secret_token=settings.webhook_secret,
                    allowed_updates=ALLOWED_UPDATES,
                ),
            )
            logger.info("Listening on %s:%d%s", settings.webhook_listen, port, WEBHOOK_PATH)
            watching = asyncio.create_task(watch_webhook(application), name="webhook state")
            try:
                await serve_until(application, stop, stop_taking_updates=server.stop)
            finally:
                watching.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watching
        finally:
            if menus is not None:
                menus.cancel()
            await server.stop()
    return 0
