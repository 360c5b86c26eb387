"""Scores are announced only once they are saved.

A score is saved at once, before it is told (:meth:`bot.context.BotContext.save_now`).  When
the disk refuses that save (full, read-only), the persistence keeps the rows in memory and
tries again until the disk takes them; the score's announcement waits with them, and the
chat is told at once, honestly, that the result is not saved yet.  The held announcements
go out as soon as the rows are written.  Should the bot stop first, the rows are lost, and
so are the announcements, which were never made: nobody is told of a score that the data
file does not hold.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

logger = logging.getLogger(__name__)

HELD = 1_000
"""Announcements held at most: once as many wait, a new one is dropped (its chat was told
that its result is not saved yet, which stays true) and the operator is told."""


class HeldNews:
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
