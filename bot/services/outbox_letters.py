"""What the outbox holds: a letter (one Bot API call into a chat), the queues of a chat's
letters, and the outbox's counts (see :mod:`bot.services.outbox`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram import Message

from bot.services.outbox_rates import Bucket, Window

Sent = Message | bool | None
"""What a Bot API call returns: a message, or ``True`` for some edits."""


class QueueFull(Exception):
    """A game letter dropped unsent: its chat held too many (see the outbox)."""


@dataclass(eq=False)
class Letter:
    """One Bot API call into a chat, waiting for its turn."""

    chat_id: int
    send: Callable[[], Awaitable[Sent]]
    game: bool = False
    key: str | None = None
    user_id: int | None = None
    on_sent: Callable[[Sent], object] | None = None
    """Called with the call's result once it succeeded (e.g. to remember a message id)."""
    on_failed: Callable[[Exception], object] | None = None
    """Called with the error when the letter is given up (a refusal, or no network for long)."""
    flood_notice: Callable[[], Letter] | None = None
    """Makes the one "slow down" letter for a user who floods the chat with requests."""
    first_try: float | None = None
    bulk: bool = False
    """One of many chats' notices due at once: sent only when nothing else waits."""
    method: str | None = None
    """The Bot API method its last try called (None before one), for the logs."""

    @property
    def kind(self) -> str:
        """What sort of letter it is, for the logs (never its text): ``game``, ``bulk`` or
        ``cheap``, with the method its last try called."""
        lane = "game" if self.game else "bulk" if self.bulk else "cheap"
        return f"{lane} letter ({self.method or 'not tried'})"


@dataclass
class ChatQueue:
    window: Window
    merged_pace: Bucket | None = None
    """A group's: how fast its cheap letters with a key go (see :meth:`Outbox._free_at`)."""
    game: deque[Letter] = field(default_factory=deque)
    cheap: deque[Letter] = field(default_factory=deque)
    paused_until: float = 0.0
    busy: bool = False
    ticket: int | None = None
    """Set while the chat waits for its next send: the ticket of that turn (a turn moved
    earlier leaves its old ticket behind, which is then ignored)."""
    due: float = 0.0
    """When that turn comes."""
    held: bool = False
    """Whether its next letter is held by its limits for a while, and was told so (see
    :attr:`~bot.services.outbox_dispatch.Dispatcher.on_held`), until a letter goes."""

    def __bool__(self) -> bool:
        return bool(self.game or self.cheap)

    def pop(self) -> Letter:
        return self.game.popleft() if self.game else self.cheap.popleft()


@dataclass
class OutboxStats:
    """Counts for logs, tests and benchmarks."""

    sent: int = 0
    dropped: int = 0
    merged: int = 0
    failed: int = 0
    slowed: int = 0
    paused: int = 0
