"""Sending without reading Telegram's answer.

Telegram answers each message sent with the whole message (its chat, its sender, its text
and entities), and PTB builds a ``Message`` object of it: about a sixth of the work of a
``/start`` (see docs/performance.md, *Load*).  Most of the bot's messages are never looked at again
once sent (replies, notices, a win's announcement): :func:`unread` sends those, and
:class:`SendingRequest`, the connection the bot sends through, then reads a call's answer
as ``true`` (Telegram's answer to an edit of an inline message), so PTB builds nothing.
What is sent, and how errors are raised (a 429 and its ``retry_after``, a refusal), is
unchanged: only the answer to a call that succeeded is left unread.
"""

from __future__ import annotations

from collections.abc import Awaitable
from contextvars import ContextVar
from http import HTTPStatus
from typing import Any, TypeVar

from telegram.request import HTTPXRequest

T = TypeVar("T")

_UNREAD: ContextVar[bool] = ContextVar("unread", default=False)
"""Set while :func:`unread` makes its call (in that call's task only)."""


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

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        status, payload = await super().do_request(*args, **kwargs)
        if _UNREAD.get() and HTTPStatus.OK <= status < HTTPStatus.MULTIPLE_CHOICES:
            return status, _TRUE
        return status, payload  # an error is read as ever (a 429's retry_after, a refusal)


_TRUE = b'{"ok":true,"result":true}'
