"""Bulk notices (daily reminders, subscribed chats' posts): one bounded queue, :class:`BulkLane`,
taken only when no chat's letter waits and :data:`BULK_ROOM` of the bot's messages a second
stay free (docs/design-platform.md, *Nothing one chat does slows down another*)."""

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
