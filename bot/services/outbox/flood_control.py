"""Telegram's flood control, told apart by what a 429 holds: one chat, one method, or the bot
(:data:`GLOBAL_CHATS` chats within :data:`GLOBAL_WITHIN` seconds); answers to queries
(:data:`QUERY_ANSWERS`) are never waited for (docs/design-platform.md, *Nothing one chat does
slows down another*: "Flood control")."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

logger = logging.getLogger(__name__)

GLOBAL_CHATS, GLOBAL_WITHIN = 3, 1.0
"""429s in this many different chats within this many seconds: the bot's own limit."""
QUERY_ANSWERS = frozenset({"answerInlineQuery", "answerCallbackQuery"})
"""Answers to a user's query, useless a few seconds later: skipped rather than waited for."""


def retry_seconds(retry_after: int | dt.timedelta) -> float:
    """``RetryAfter.retry_after`` as seconds (PTB gives an int or a timedelta)."""
    if isinstance(retry_after, dt.timedelta):
        return retry_after.total_seconds()
    return float(retry_after)


class Pausable(Protocol):
    """What flood control needs of the outbox: its clock and its pause of everything."""

    clock: Callable[[], float]

    @property
    def paused_all_until(self) -> float: ...

    def pause_all(self, seconds: float) -> None: ...


class Holds:
    """The methods held by a 429, and the chats' recent 429s (to see the bot's own limit)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._methods: dict[str, float] = {}
        """Method → until when (on :attr:`clock`) its calls naming no chat wait."""
        self._chats: deque[tuple[float, int | str, float]] = deque(maxlen=4 * GLOBAL_CHATS)
        """(when, chat id, seconds asked) of the latest 429s in chats."""

    def method_until(self, method: str) -> float:
        """Until when the method's calls that name no chat are held (0: they are not)."""
        until = self._methods.get(method, 0.0)
        if until and until <= self.clock():
            del self._methods[method]  # at most one entry per method the bot calls
            return 0.0
        return until

    def hold_method(self, method: str, seconds: float) -> None:
        """Hold the method's calls that name no chat for ``seconds``."""
        until = self.clock() + seconds
        self._methods[method] = max(until, self._methods.get(method, 0.0))

    def chat_flooded(self, chat_id: int | str, seconds: float) -> float | None:
        """Note a chat's 429; the seconds everything must wait when, with the others just
        seen, it shows the bot's own limit (None: it is the chat's alone)."""
        now = self.clock()
        self._chats.append((now, chat_id, seconds))
        recent = [(chat, wait) for when, chat, wait in self._chats if when > now - GLOBAL_WITHIN]
        if len({chat for chat, _ in recent}) < GLOBAL_CHATS:
            return None
        self._chats.clear()  # counted once: the next global hold takes new 429s
        return min(wait for _, wait in recent)


class FloodControl(BaseRateLimiter[None]):
    """PTB's rate-limiter hook: every Bot API call passes here, and each 429 holds what it
    is about (see the module's documentation).

    PTB's own ``AIORateLimiter`` would hold *every* request for the length of *any* 429, and
    make handlers wait meanwhile; on Telegram, flood control is counted per chat (and per
    method), and only some limits are global.
    """

    def __init__(self, outbox: Pausable, *, max_retries: int = 2) -> None:
        self.outbox = outbox
        self.holds = Holds(outbox.clock)
        self.max_retries = max_retries
        self.on_flood: Callable[[str, float], object] | None = None
        """Called at each 429 with what it holds (``chat`` or ``method``, then
        ``everything`` when many chats' show the bot's own limit) and its wait, in seconds."""

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Make one call: after the holds it waits for, or not at all (a held query answer)."""
        chat_id = data.get("chat_id")
        for attempt in range(self.max_retries + 1):
            until = self.outbox.paused_all_until
            if chat_id is None:
                until = max(until, self.holds.method_until(endpoint))
            wait = until - self.outbox.clock()
            if wait > 0:
                if endpoint in QUERY_ANSWERS:
                    return self._skipped(endpoint, wait)
                await asyncio.sleep(wait)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                seconds = retry_seconds(error.retry_after)
                if self.on_flood is not None:
                    self.on_flood("method" if chat_id is None else "chat", seconds)
                if chat_id is not None:
                    everything = self.holds.chat_flooded(chat_id, seconds)
                    if everything is not None:
                        logger.warning("Flood control in many chats: all wait %.0f s", everything)
                        self.outbox.pause_all(everything)
                        if self.on_flood is not None:
                            self.on_flood("everything", everything)
                    raise  # the outbox pauses the chat
                logger.info("%s is flood-limited for %.0f s", endpoint, seconds)
                self.holds.hold_method(endpoint, seconds)
                if endpoint in QUERY_ANSWERS:
                    return self._skipped(endpoint, seconds)
                if attempt == self.max_retries:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    def _skipped(endpoint: str, wait: float) -> bool:
        # True is what Telegram answers to these methods; the handler has nothing to redo.
        logger.warning("%s not sent: flood control holds it for %.0f s more", endpoint, wait)
        return True
