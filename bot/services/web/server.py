"""The bot's HTTP server: one tornado server for Telegram's webhook and the Mini App, its
handlers deriving from :class:`BoundedHandler`, which judges the headers before a byte of
the body is read and never holds more of a body than it admits (docs/design-platform.md,
*Webhook*)."""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from tornado.netutil import bind_sockets
from tornado.web import Application as Routes
from tornado.web import RequestHandler, stream_request_body

from bot.services.web.connections import (
    HEADER_SECONDS,
    PER_ADDRESS,
    GuardedHTTPServer,
    connection_cap,
    throttle_logs,
)

access = logging.getLogger("bot.webhook.access")


class ListenError(OSError):
    """The server cannot listen where it was told; the message says where and why."""


Rules = list[tuple[Any, ...]]
"""Tornado routes: ``(path pattern, handler class)`` or with the handler's arguments too."""

MAX_BODY = 1 << 20
"""Bytes of a request body a handler keeps at most (Telegram's updates are far smaller)."""
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
    unavailable_level = logging.ERROR
    """The level a 503 of this handler is logged at: a failure of the server's own, unless
    the handler says otherwise (a health check's "not ready" is its answer: INFO)."""

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


class WebServer:
    """The bot's HTTP server: routes added with :meth:`add`, served from :meth:`start`."""

    def __init__(self, *, cap: int | None = None, per_address: int = PER_ADDRESS) -> None:
        self._routes = Routes(default_handler_class=NotFound, log_function=_log_request)
        self._server: GuardedHTTPServer | None = None
        self._cap = cap
        self._per_address = per_address

    def add(self, routes: Rules) -> None:
        """Serve ``routes`` (tornado rules: ``(pattern, handler class, arguments)``) too."""
        self._routes.add_handlers(r".*", routes)

    async def start(self, address: str, port: int) -> int:
        """Listen on ``address:port`` (port 0: any free one); returns the port."""
        try:
            sockets = bind_sockets(port, address=address)
        except OSError as error:
            raise ListenError(f"cannot listen on {address}:{port} ({error})") from None
        throttle_logs()
        self._server = GuardedHTTPServer(
            self._routes,
            # A backstop for handlers that buffer bodies (tornado's own): BoundedHandler
            # refuses anything over MAX_BODY itself, with a 413.
            max_body_size=2 * MAX_BODY,
            # Tornado times a request's headers with this (and a kept-alive connection's
            # wait for its next request): a slow client is closed within seconds.
            idle_connection_timeout=HEADER_SECONDS,
            body_timeout=BODY_SECONDS,
        )
        cap = self._cap if self._cap is not None else connection_cap()
        self._server.configure_guard(cap, min(self._per_address, cap))
        self._server.add_sockets(sockets)
        return int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop taking connections and close the open ones."""
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()


def _log_request(handler: RequestHandler) -> None:
    """Tornado logs every request at INFO, refusals as warnings: one line per update, and
    as many as an attacker likes.  Only a failure of the server's own is worth the log (an
    ERROR, reported to the owner); a health check's 503 is its answer, at its own level."""
    status = handler.get_status()
    level = logging.ERROR if status >= 500 else logging.DEBUG
    if status == 503 and isinstance(handler, BoundedHandler):
        level = handler.unavailable_level
    access.log(
        level,
        "%d %s %.1f ms",
        status,
        handler.request.method,
        1000 * handler.request.request_time(),
    )
