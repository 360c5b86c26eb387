"""Tables kept for a card count and target (:class:`KeptTables`): every hand's level, and
the default game's solutions, worked out once in a worker, kept in memory and in the data
file, and loaded from there at the next start."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import TypeVar

from bot.rules.hands import LevelTable, rate_job
from bot.rules.rated import LEVELS_4_24
from bot.services.workers.pool import WorkerPool

logger = logging.getLogger(__name__)

T = TypeVar("T")

RATE_BUDGET = 60.0
"""Seconds to rate every hand of a card count for a target (about 2 s for four cards)."""

TABLE_VERSIONS = {"levels": 3, "solutions": 1}
"""The version in the name of each kind of table kept in the data file, raised when the same
card count and target would give another table: version 1 levels were cut where four cards
for 24 are, whatever the game; version 2 ranks each game's hands among themselves; version 3
rates them by the model refitted to players' times (:mod:`solver.difficulty`)."""


TableStore = tuple[Callable[[str], str | None], Callable[[str, str], None]]
"""(load, save) of level tables by name, in the data file."""


class KeptTables:
    """Level tables for :class:`~bot.services.solving.Solving`, and the means to keep any
    table of a card count and target (:meth:`_kept`)."""

    def __init__(self, pool: WorkerPool, store: TableStore | None = None) -> None:
        self.pool = pool
        self.store = store
        self._tables: dict[tuple[int, int], asyncio.Future[LevelTable]] = {}

    async def levels(self, cards: int, target: int, *, owner: int | None = None) -> LevelTable:
        """Every hand's level for a card count (3 or 4) and target: kept, stored or rated.

        Rating is asked for by users (a new target in /settings), so it runs in the search
        lane, one at a time per ``owner``: a user who changes targets in a loop can never
        hold up anyone's deal.
        """
        key = (cards, target)
        future = self._tables.get(key)
        if future is None or (future.done() and future.exception() is not None):
            future = self._tables[key] = asyncio.ensure_future(
                self._load_or_rate(cards, target, owner)
            )
            # Awaited through a shield: a failure seen by nobody (a stop) must not be logged.
            future.add_done_callback(lambda done: done.cancelled() or done.exception())
        return await asyncio.shield(future)

    def known_levels(self, cards: int, target: int) -> LevelTable | None:
        """The table if it is already in memory (no waiting)."""
        future = self._tables.get((cards, target))
        if future is None or not future.done() or future.exception() is not None:
            return None
        return future.result()

    async def _load_or_rate(self, cards: int, target: int, owner: int | None) -> LevelTable:
        if (cards, target) == (4, 24):
            return LevelTable.from_text(cards, target, LEVELS_4_24)
        return await self._kept(
            "levels",
            "Rating",
            functools.partial(LevelTable.from_text, cards, target),
            rate_job,
            cards,
            target,
            owner,
        )

    async def _kept(
        self,
        kind: str,
        doing: str,
        read: Callable[[str], T],
        job: Callable[[int, int], str],
        cards: int,
        target: int,
        owner: int | None,
    ) -> T:
        """A table of ``kind`` for a card count and target: read from the data file, or
        worked out once by ``job`` in a worker (search lane) and stored there."""
        name = f"{kind}:v{TABLE_VERSIONS[kind]}:{cards}:{target}"
        text = self.store[0](name) if self.store else None
        if text is not None:
            try:
                return read(text)
            except ValueError:
                logger.warning("Stored table %s does not fit; working it out again", name)
        logger.info("%s every hand of %d cards for %d", doing, cards, target)
        text = await self.pool.run(
            job, cards, target, budget=RATE_BUDGET, lane="search", owner=owner
        )
        found = read(text)
        if self.store:
            self.store[1](name, text)
        return found
