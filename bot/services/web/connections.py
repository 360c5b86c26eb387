"""The web server's connections, kept below the process's file limit whatever a client does:
the limit raised, :data:`PER_ADDRESS` per address, :func:`connection_cap` in all, headers
within :data:`HEADER_SECONDS`, accepts paused when descriptors run out, repeated log lines
cut (docs/design-platform.md, *Webhook*)."""

from __future__ import annotations

import errno
import logging
import resource
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from tornado import httputil
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

logger = logging.getLogger("bot.webhook")

MAX_CONNECTIONS = 512
"""Connections the web server holds at most (fewer with a low file limit)."""
PER_ADDRESS = 64
"""Connections held at most from one address (Telegram opens at most 40 to a webhook
unless ``setWebhook`` asks for more)."""
HEADER_SECONDS = 10.0
"""A request's headers must arrive within this; a kept-alive connection idle this long is
closed too."""
STALE_SECONDS = 2.0
"""A connection waiting this long for a request's headers gives its place to any newcomer
at the server's cap."""
SCANNED = 32
"""Waiting connections looked at, longest waiting first, to make room for a newcomer."""
PAUSES = (0.05, 0.1, 0.2, 0.5, 1.0)
"""Seconds accepting pauses after each failure in a row to accept (for want of file
descriptors or memory): the last is repeated."""
_OUT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard one (as far as the system lets a
    process); returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        for wanted in (hard, 1 << 20, 1 << 16):
            if wanted != resource.RLIM_INFINITY and wanted <= soft:
                break
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                return int(wanted)
            except (ValueError, OSError):  # over the kernel's nr_open: try less
                continue
    return int(soft)


def connection_cap() -> int:
    """Connections the server may hold: half the soft file limit (the other half is for
    the bot's own connections to Telegram, its data file and its workers), at most
    :data:`MAX_CONNECTIONS`."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, int(soft) // 2))


class RepeatFilter(logging.Filter):
    """Lets through at most :attr:`burst` records of one message template a minute; the
    next one let through says how many were left out meanwhile."""

    def __init__(self, burst: int = 5, period: float = 60.0) -> None:
        super().__init__()
        self.burst = burst
        self.period = period
        self._seen: dict[tuple[str, object], tuple[float, int, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg)
        now = time.monotonic()
        started, passed, dropped = self._seen.get(key, (now, 0, 0))
        if now - started >= self.period:
            started, passed = now, 0
        if passed >= self.burst:
            self._seen[key] = (started, passed, dropped + 1)
            return False
        if dropped:
            record.msg = f"{record.msg} (and {dropped} more like it left out of the log)"
        self._seen[key] = (started, passed + 1, 0)
        if len(self._seen) > 1000:  # messages of changing templates: start over
            self._seen.clear()
        return True


THROTTLED = (
    "tornado.general",
    "tornado.application",
    "tornado.access",
    "bot.webhook",
    "bot.webhook.access",
    "asyncio",
)
"""Loggers whose repeated lines a flood of connections could multiply."""


def throttle_logs() -> None:
    """Put a :class:`RepeatFilter` on each of :data:`THROTTLED` (once)."""
    for name in THROTTLED:
        target = logging.getLogger(name)
        if not any(isinstance(f, RepeatFilter) for f in target.filters):
            target.addFilter(RepeatFilter())


class _Watched(httputil.HTTPMessageDelegate):
    """A request's delegate that says when the request's headers have arrived."""

    def __init__(self, inner: httputil.HTTPMessageDelegate, on_headers: Callable[[], object]):
        self._inner = inner
        self._on_headers = on_headers

    def headers_received(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> Awaitable[None] | None:
        self._on_headers()
        return self._inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Awaitable[None] | None:
        return self._inner.data_received(chunk)

    def finish(self) -> None:
        self._inner.finish()

    def on_connection_close(self) -> None:
        self._inner.on_connection_close()


class GuardedHTTPServer(HTTPServer):
    """Tornado's HTTP server, holding at most ``cap`` connections (``per_address`` from one
    address), and pausing its accepts when the process runs out of descriptors."""

    def configure_guard(self, cap: int, per_address: int) -> None:
        """Set the caps (before the server takes sockets)."""
        self.cap = cap
        self.per_address = per_address
        self._waiting: OrderedDict[IOStream, float] = OrderedDict()
        """Connections waiting for a request's headers, longest waiting first, with when
        they started waiting (``time.monotonic()``)."""
        self._address_of: dict[IOStream, str] = {}
        self._count_of: dict[str, int] = {}
        self.refused = 0
        """Connections closed at once, or to make room, since the start."""

    @property
    def open_connections(self) -> int:
        """Connections held now."""
        return len(self._address_of)

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = _Acceptor(sock, self._accept).remove

    def _accept(self, connection: socket.socket, address: Any) -> None:
        """A connection just accepted: closed at once over a cap (cheaply: tornado has not
        wrapped it yet), else served."""
        held = self._count_of.get(_host(address), 0)
        if held >= self.per_address or (
            self.open_connections >= self.cap and not self._make_room(held)
        ):
            self._note_refused()
            connection.close()
            return
        self._handle_connection(connection, address)

    def handle_stream(self, stream: IOStream, address: Any) -> None:
        host = _host(address)
        self._address_of[stream] = host
        self._count_of[host] = self._count_of.get(host, 0) + 1
        self._waiting[stream] = time.monotonic()
        super().handle_stream(stream, address)

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        stream = getattr(server_conn, "stream", None)
        delegate = super().start_request(server_conn, request_conn)
        if not isinstance(stream, IOStream) or stream not in self._address_of:
            return delegate
        # Waiting (again) for a request: the newest of the waiting.
        self._waiting.pop(stream, None)
        self._waiting[stream] = time.monotonic()
        return _Watched(delegate, lambda: self._waiting.pop(stream, None))

    def on_close(self, server_conn: object) -> None:
        self._forget(getattr(server_conn, "stream", None))
        super().on_close(server_conn)

    def _make_room(self, held: int) -> bool:
        """Close the connection that has waited longest for a request's headers among those
        of an address holding more than one more than the newcomer's (which holds
        ``held``), or else the longest waiting if it has waited :data:`STALE_SECONDS`:
        False if there is neither among the :data:`SCANNED` longest waiting.

        So an address holding few connections (Telegram's, a player's) always finds room,
        while addresses that hold many cannot take room from each other: a flood from many
        addresses ends in equal shares, and its newcomers are closed as accepted, which
        costs little, instead of each replacing another.  A flood from as many addresses as
        the server holds connections (one each) is met by the second rule: a connection
        that has waited seconds for its headers is not a client worth keeping out another
        for, and none is replaced sooner."""
        victim = None
        for scanned, stream in enumerate(self._waiting):
            if scanned >= SCANNED:
                break
            if self._count_of[self._address_of[stream]] > held + 1:
                victim = stream
                break
        if victim is None and self._waiting:
            oldest, since = next(iter(self._waiting.items()))
            if time.monotonic() - since >= STALE_SECONDS:
                victim = oldest
        if victim is None:
            return False
        self._forget(victim)
        victim.close()
        self._note_refused()
        return True

    def _forget(self, stream: IOStream | None) -> None:
        host = self._address_of.pop(stream, None) if stream is not None else None
        if stream is None or host is None:
            return
        self._waiting.pop(stream, None)
        left = self._count_of[host] - 1
        if left:
            self._count_of[host] = left
        else:
            del self._count_of[host]

    def _note_refused(self) -> None:
        self.refused += 1
        logger.warning(
            "The web server is full (at most %d connections, %d from one address): "
            "%d closed so far",
            self.cap,
            self.per_address,
            self.refused,
        )


def _host(address: Any) -> str:
    """The client's address, without its port."""
    return str(address[0]) if isinstance(address, tuple) and address else str(address)


class _Acceptor:
    """Accepts connections on a listening socket as tornado does, but pauses (see
    :data:`PAUSES`) when an accept fails, instead of failing again at once."""

    BATCH = 128
    """Connections accepted at most in one turn of the event loop."""

    def __init__(self, sock: socket.socket, on_connection: Callable[[socket.socket, Any], None]):
        self._sock = sock
        self._on_connection = on_connection
        self._loop = IOLoop.current()
        self._failures = 0
        self._removed = False
        self._listening = True
        self._resume_timer: object | None = None
        self._loop.add_handler(sock, self._ready, IOLoop.READ)

    def _ready(self, fd: object, events: int) -> None:
        for _ in range(self.BATCH):
            if self._removed or not self._listening:
                return
            try:
                connection, address = self._sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:
                self._pause(error)
                return
            self._failures = 0
            self._on_connection(connection, address)

    def _pause(self, error: OSError) -> None:
        wait = PAUSES[min(self._failures, len(PAUSES) - 1)]
        self._failures += 1
        level = logging.WARNING if error.errno in _OUT_OF_RESOURCES else logging.ERROR
        logger.log(level, "The web server cannot accept connections (%s): pausing", error)
        self._loop.remove_handler(self._sock)
        self._listening = False
        self._resume_timer = self._loop.call_later(wait, self._resume)

    def _resume(self) -> None:
        self._resume_timer = None
        if not self._removed:
            self._listening = True
            self._loop.add_handler(self._sock, self._ready, IOLoop.READ)

    def remove(self) -> None:
        """Stop accepting (the server is stopping)."""
        self._removed = True
        if self._resume_timer is not None:
            self._loop.remove_timeout(self._resume_timer)
        if self._listening:
            self._loop.remove_handler(self._sock)
