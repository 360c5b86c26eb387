"""Bulk notices: the letters many chats get at the same moment (daily reminders, subscribed
chats' daily posts), kept apart so that they never hold up a live game.

A bulk letter waits in one queue, :class:`BulkLane`, in the order posted.  The outbox takes
the next one only when no chat's letter is waiting for its turn, and only while
:data:`BULK_ROOM` of the bot's :data:`~bot.services.outbox.GLOBAL_LIMIT` messages a second
would still be free: replies and games always go first, and find room at once even while
bulk notices go out.  So bulk notices go at up to 20 a second, and as slowly as the bot's
other traffic needs (1,800 due at one minute take a minute and a half).  Once taken, a
letter is queued for its chat like any other, within that chat's limits.

The queue is bounded (:data:`BULK_KEPT` letters, over ten minutes of notices): a letter
posted to a full queue is given up at once, as is every letter still queued when the bot
stops.  Neither is silent: each is logged, counted (``OutboxStats.failed``) and handed to the
letter's ``on_failed`` with :class:`BulkNotSent`, so that its feature can note it was not sent.
"""

from __future__ import annotations

from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")

BULK_ROOM = 10
"""Places of the bot's global window per second kept free of bulk notices."""
BULK_KEPT = 20_000
"""Bulk letters queued at most (about 17 minutes at 20 a second)."""


def spread_second(key: int) -> int:
    """A second of the minute for ``key`` (a user's or chat's id), the same every day:
    notices due at the same minute, each at its own second, spread over that minute."""
    return (key * 37) % 60  # 37 is prime to 60: sixty ids in a row take every second


class BulkNotSent(Exception):
    """A bulk letter given up unsent: its queue was full, or the bot stopped."""


class BulkLane(Generic[T]):
    """A bounded first-in, first-out queue of bulk letters."""

    def __init__(self, kept: int | None = None) -> None:
        self.kept = BULK_KEPT if kept is None else kept
        self._letters: deque[T] = deque()

    def __len__(self) -> int:
        return len(self._letters)

    def add(self, letter: T) -> bool:
        """Queue ``letter``; False (it is not queued) when the lane is full."""
        if len(self._letters) >= self.kept:
            return False
        self._letters.append(letter)
        return True

    def take(self) -> T:
        """The oldest letter, out of the queue."""
        return self._letters.popleft()

    def clear(self) -> list[T]:
        """Every letter still queued, out of the queue."""
        letters = list(self._letters)
        self._letters.clear()
        return letters
