"""Sending without reading Telegram's answer (:func:`unread`, :class:`SendingRequest`), and
:func:`calls_seen`, which tells which method failed and whether the server answered
(docs/performance-bot.md, *Load*; docs/design-platform.md, *Start-up refused*)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Iterator
from contextvars import ContextVar
from http import HTTPStatus
from typing import Any, TypeVar

from telegram.error import TelegramError
from telegram.request import HTTPXRequest

T = TypeVar("T")

_UNREAD: ContextVar[bool] = ContextVar("unread", default=False)
"""Set while :func:`unread` makes its call (in that call's task only)."""
Call = tuple[str, int | None]
"""A Bot API call made: its method, and the HTTP status of the answer (None: none came)."""
_SEEN: ContextVar[tuple[list[Call], ...]] = ContextVar("seen", default=())
"""Where :func:`calls_seen` collects the calls made (tasks started meanwhile share them):
one list for each block under way, the innermost last (each sees every call)."""


@contextlib.contextmanager
def calls_seen() -> Iterator[list[Call]]:
    """The calls made through :class:`SendingRequest` within the block, in order, also by
    tasks it starts (PTB starts some), and within blocks nested in it: the last one says
    which method an error came from, and whether the server answered at all."""
    seen: list[Call] = []
    token = _SEEN.set((*_SEEN.get(), seen))
    try:
        yield seen
    finally:
        _SEEN.reset(token)


async def unread(call: Awaitable[T]) -> T | bool:
    """Make ``call`` (one Bot API call, e.g. ``bot.send_message(...)``), leaving Telegram's
    answer unread: it gives ``True`` rather than the message sent.  (A task started within
    ``call`` would leave its answers unread too; PTB's calls start none.)"""
    token = _UNREAD.set(True)
    try:
        return await call
    finally:
        # Reset at once: a task started from here (the outbox's next letter) copies this
        # context, and may want its answer.
        _UNREAD.reset(token)


class SendingRequest(HTTPXRequest):
    """The connection the bot sends through: PTB's, except that the answer to a call made
    by :func:`unread` that succeeded is read as ``true``, Telegram's shortest answer."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        """PTB's, except that an answer that is not JSON is not logged with a traceback
        here: the error raised says it, and whoever catches it decides what to log."""
        try:
            parsed: dict[str, Any] = json.loads(payload.decode("utf-8", "replace"))
        except ValueError as error:
            shown = payload[:60].decode("utf-8", "replace")
            raise TelegramError(f"Invalid server response: {shown!r}") from error
        return parsed

    async def do_request(self, url: str, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        method = url.rsplit("/", 1)[-1]
        try:
            status, payload = await super().do_request(url, *args, **kwargs)
        except BaseException:
            for seen in _SEEN.get():
                seen.append((method, None))
            raise
        for seen in _SEEN.get():
            seen.append((method, status))
        if _UNREAD.get() and HTTPStatus.OK <= status < HTTPStatus.MULTIPLE_CHOICES:
            return status, _TRUE
        return status, payload  # an error is read as ever (a 429's retry_after, a refusal)


_TRUE = b'{"ok":true,"result":true}'
