"""Scores are announced only once they are saved: an announcement whose save the disk refused
waits with its rows, the chat is told honestly at once, and it goes out once they are
written (docs/design-platform.md, *Data*)."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

logger = logging.getLogger(__name__)

HELD = 1_000
"""Announcements held at most: once as many wait, a new one is dropped (its chat was told
that its result is not saved yet, which stays true) and the operator is told."""


class NewsUntilSaved:
    """Announcements of scores the disk has not taken yet, oldest first."""

    def __init__(self) -> None:
        self._held: deque[Callable[[], None]] = deque()

    def __len__(self) -> int:
        return len(self._held)

    def hold(self, announce: Callable[[], None]) -> None:
        """Keep ``announce`` until :meth:`release` (dropped when :data:`HELD` wait)."""
        if len(self._held) >= HELD:
            logger.warning("%d announcements wait for the disk already: one more dropped", HELD)
            return
        self._held.append(announce)

    def release(self) -> None:
        """The disk took the kept rows: make every held announcement (each queues a message)."""
        while self._held:
            announce = self._held.popleft()
            try:
                announce()
            except Exception:
                logger.exception("A held announcement failed")
