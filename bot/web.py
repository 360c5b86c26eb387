"""The bot's web server: Telegram's webhook at ``/telegram``, with room for more on the same
port (a Mini App's pages under ``/app/`` and its JSON under ``/app/api/``).

It is a small tornado application (tornado comes with ``python-telegram-bot[webhooks]``)
that puts the updates it receives into the application's ``update_queue``, as PTB's own
webhook server does, but keeps nothing it has not admitted: every handler derives from
:class:`BoundedHandler`, which streams the request body instead of buffering it and judges
the headers before a byte of the body is read (a wrong secret: 403; a declared size over
the limit: 413).  A refused request's body is dropped as it arrives, and read at all only
up to :data:`MAX_BODY` (so that the client sees the answer); an admitted one is kept up to
:data:`MAX_BODY` bytes.  Ten 90 MiB posts without the secret cost nothing (with PTB's
server, which reads a body whole before looking at it, they raised the process from 70 to
994 MiB).

A Mini App adds its routes with :meth:`WebServer.add` before the server starts, e.g.
``server.add([(r"/app/api/(.*)", ApiHandler), (r"/app/(.*)", PageHandler)])``, its handlers
deriving from :class:`BoundedHandler` (or, for pages answering GET only, from tornado's
``StaticFileHandler``: the server itself refuses bodies over twice :data:`MAX_BODY`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from http import HTTPStatus
from typing import Any

from telegram import Update
from telegram.ext import Application
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application as Routes
from tornado.web import RequestHandler, stream_request_body

from bot.app import (
    ALLOWED_UPDATES,
    StartUpError,
    connect,
    register_commands,
    serve_until,
    with_retries,
)
from bot.context import services

logger = logging.getLogger(__name__)
access = logging.getLogger("bot.web.access")

Rules = list[tuple[Any, ...]]
"""Tornado routes: ``(path pattern, handler class)`` or with the handler's arguments too."""

MAX_BODY = 1 << 20
"""Bytes of a request body a handler keeps at most (Telegram's updates are far smaller)."""
WEBHOOK_PATH = "/telegram"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
IDLE_SECONDS = 75.0
"""A kept-alive connection with no request for this long is closed."""
BODY_SECONDS = 30.0
"""A request whose body takes longer than this to arrive is dropped."""


@stream_request_body
class BoundedHandler(RequestHandler):
    """A handler that never holds more than :attr:`max_body` bytes of a request.

    Subclasses say in :meth:`admit` whether a request may go on, from its headers alone;
    their ``post`` (or ``put``...) then finds the body in :attr:`body`.  A refused request
    is answered at once if it declares a body over the limit (the connection is then
    closed, the body never read); a smaller body is read and dropped first, since closing
    a connection with data unread resets it, and the client would not see the answer.
    """

    max_body = MAX_BODY

    def admit(self) -> int | None:
        """The status to refuse the request with, judged before its body is read; None to
        read it."""
        return None

    def prepare(self) -> None:
        self._body = bytearray()
        self._received = 0
        self._answered = False
        self._refusal = self.admit()
        if self._declared_length() > self.max_body:
            self.refuse(self._refusal or HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        elif self._refusal is not None:
            # Once the (small) body has been read and dropped, the refusal is the answer,
            # whatever the method's handler would have done.
            setattr(self, self.request.method.lower(), self._answer_refusal)

    def data_received(self, chunk: bytes) -> None:
        if self._answered:
            return  # the connection closes: the rest is never read
        self._received += len(chunk)
        if self._received > self.max_body:  # a body sent in chunks, with no length declared
            self.refuse(self._refusal or HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        elif self._refusal is None:
            self._body += chunk

    def refuse(self, status: int) -> None:
        """Answer ``status`` now; tornado closes the connection rather than read on."""
        self._answered = True
        self.set_status(status)
        self.finish()

    def _answer_refusal(self, *args: object, **kwargs: object) -> None:
        assert self._refusal is not None
        self.refuse(self._refusal)

    @property
    def body(self) -> bytes:
        """The request's body, once it has all arrived (in the method's handler)."""
        return bytes(self._body)

    def _declared_length(self) -> int:
        try:
            return int(self.request.headers.get("Content-Length", "0"))
        except ValueError:
            return 0  # tornado answers a malformed length itself


class NotFound(BoundedHandler):
    """Any path no route serves: 404, with no body read."""

    def admit(self) -> int | None:
        return HTTPStatus.NOT_FOUND


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
        except ValueError:  # UnicodeDecodeError included
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
        await self.bot_application.update_queue.put(update)
        self.set_status(HTTPStatus.OK)
        self.finish()


class WebServer:
    """The bot's HTTP server: routes added with :meth:`add`, served from :meth:`start`."""

    def __init__(self) -> None:
        self._routes = Routes(default_handler_class=NotFound, log_function=_log_request)
        self._server: HTTPServer | None = None

    def add(self, routes: Rules) -> None:
        """Serve ``routes`` (tornado rules: ``(pattern, handler class, arguments)``) too."""
        self._routes.add_handlers(r".*", routes)

    async def start(self, address: str, port: int) -> int:
        """Listen on ``address:port`` (port 0: any free one); returns the port."""
        try:
            sockets = bind_sockets(port, address=address)
        except OSError as error:
            raise StartUpError(f"cannot listen on {address}:{port} ({error})") from None
        self._server = HTTPServer(
            self._routes,
            # A backstop for handlers that buffer bodies (tornado's own): BoundedHandler
            # refuses anything over MAX_BODY itself, with a 413.
            max_body_size=2 * MAX_BODY,
            idle_connection_timeout=IDLE_SECONDS,
            body_timeout=BODY_SECONDS,
        )
        self._server.add_sockets(sockets)
        return int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop taking connections and close the open ones."""
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()


def _log_request(handler: RequestHandler) -> None:
    """Tornado logs every request at INFO, refusals as warnings: one line per update, and
    as many as an attacker likes.  Only a failure of the server's own is worth the log."""
    status = handler.get_status()
    level = logging.ERROR if status >= 500 else logging.DEBUG
    access.log(
        level,
        "%d %s %.1f ms",
        status,
        handler.request.method,
        1000 * handler.request.request_time(),
    )


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
    await connect(application)
    async with application:
        await with_retries(application, "the command menus", lambda: register_commands(application))
        port = await server.start(settings.webhook_listen, settings.webhook_port)
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
            await serve_until(application, stop, stop_taking_updates=server.stop)
        finally:
            await server.stop()
    return 0
