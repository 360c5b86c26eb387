"""What the outbox holds: a letter (one Bot API call into a chat), the queues of a chat's
letters, and the outbox's counts (see :mod:`bot.services.outbox`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram import Message

from bot.services.outbox.rates import Bucket, Window

Sent = Message | bool | None
"""What a Bot API call returns: a message, or ``True`` for some edits."""


class QueueFull(Exception):
    """A game letter dropped unsent: its chat held too many (see the outbox)."""


class Skipped:
    """What a letter returns when it found nothing to send after all (a round's status
    message whose round ended while it waited): no call was made, so none is counted
    against the chat's limits."""


SKIPPED = Skipped()


@dataclass(eq=False)
class Letter:
    """One Bot API call into a chat, waiting for its turn."""

    chat_id: int
    send: Callable[[], Awaitable[Sent | Skipped]]
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
    not_before: float = 0.0
    """Not sent before this time (on the outbox's clock): a status message waits a moment for
    the answers that come with it, and for the end of its game, which makes it needless."""
    posted: float = 0.0
    """When it was posted (on the outbox's clock), for :class:`OutboxStats`' waits."""
    rider: str | None = None
    """A reply's text (HTML) that may go inside the chat's next game picture's caption, if it
    still waits when that goes (see :meth:`bot.services.outbox.Outbox.take_riders`)."""
    method: str | None = None
    """The Bot API method its last try called (None before one), for the logs."""
    together: tuple[Letter, ...] = ()
    """The parts of one reply it is one of (a /help split in messages), in order: posted,
    counted, merged and dropped as one (see :meth:`bot.services.outbox.Outbox.post_together`)."""
    kept: bool = False
    """Never dropped for a full queue (the one "slow down" notice: it goes after the replies
    queued before it, and nothing of that user's goes after it for a while)."""

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
    :attr:`~bot.services.outbox.dispatch.Dispatcher.on_held`), until a letter goes."""

    def __bool__(self) -> bool:
        return bool(self.game or self.cheap)

    def next_cheap(self, now: float) -> Letter:
        """The cheap letter that goes next: the first not held (:attr:`Letter.not_before`)
        past ``now``, else the first whose hold ends first (a status message held a few
        seconds is not kept waiting behind a /score reply held longer)."""
        for letter in self.cheap:
            if letter.not_before <= now:
                return letter
        return min(self.cheap, key=lambda letter: letter.not_before)

    def pop(self, now: float) -> Letter:
        """The letter that goes next: game letters first."""
        if self.game:
            return self.game.popleft()
        letter = self.next_cheap(now)
        self.cheap.remove(letter)
        return letter


@dataclass
class OutboxStats:
    """Counts for logs, tests and benchmarks."""

    sent: int = 0
    dropped: int = 0
    merged: int = 0
    failed: int = 0
    slowed: int = 0
    paused: int = 0
    longest_wait: float = 0.0
    """The longest a letter waited in its queue (from its posting, or the end of its hold,
    to its call): for the chat's limits, a 429's pause, or its turn."""
    longest_game_wait: float = 0.0
    """The same, of game letters only (a busy group's deals and wins should never wait)."""
