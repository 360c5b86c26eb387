"""Tables kept for a card count and target (:class:`KeptTables`): every hand's level, and
the default game's solutions, worked out once in a worker, kept in memory and in the data
file, and loaded from there at the next start; and the levels deals follow, where play has
rated a hand (:meth:`KeptTables.learn`; docs/design-games.md, *Difficulty from play*)."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Mapping
from typing import TypeVar

from bot.rules.hands import Hand, LevelTable, rate_job, relevel_job
from bot.rules.rated import LEVELS_4_24
from bot.services.workers import AlreadyRunning, PoolBusy, WorkerPool, WorkFailed, WorkTimeout

logger = logging.getLogger(__name__)

T = TypeVar("T")

RELEVEL_BUDGET = 3.0
"""Seconds to rebuild a level table with the levels learned from play (under 1 ms)."""
RATE_BUDGET = 60.0
"""Seconds to rate every hand of a card count for a target (about 2 s for four cards)."""

TABLE_VERSIONS = {"levels": 3, "solutions": 1}
"""The version in the name of each kind of table kept in the data file, raised when the same
card count and target would give another table: version 1 levels were cut where four cards
for 24 are, whatever the game; version 2 ranks each game's hands among themselves; version 3
rates them by the model refitted to players' times (:mod:`solver.difficulty`)."""


@functools.cache
def shipped_levels() -> LevelTable:
    """The default game's levels as shipped, one table for the process: the pools its deals
    draw from are sifted once, not again by every application it builds."""
    return LevelTable.from_text(4, 24, LEVELS_4_24)


TableStore = tuple[Callable[[str], str | None], Callable[[str, str], None]]
"""(load, save) of level tables by name, in the data file."""


class KeptTables:
    """Level tables for :class:`~bot.services.solving.Solving`, and the means to keep any
    table of a card count and target (:meth:`_kept`)."""

    def __init__(self, pool: WorkerPool, store: TableStore | None = None) -> None:
        self.pool = pool
        self.store = store
        self._tables: dict[tuple[int, int], asyncio.Future[LevelTable]] = {}
        self._learned: dict[tuple[int, int], dict[Hand, int]] = {}
        """The levels learned from play, by card count and target."""
        self._dealt: dict[tuple[int, int], LevelTable] = {}
        """The tables deals follow: the model's levels with the learned ones in their place."""
        self._rebuilding: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._stale: set[tuple[int, int]] = set()

    async def dealt_levels(
        self, cards: int, target: int, *, owner: int | None = None
    ) -> LevelTable:
        """The levels deals are drawn under: those learned from play where a hand has them
        (once the table with them is rebuilt), the model's (:meth:`levels`) elsewhere."""
        return self._dealt.get((cards, target)) or await self.levels(cards, target, owner=owner)

    def relevelling(self, cards: int, target: int) -> bool:
        """Whether levels learned from play wait for their table to be rebuilt."""
        return (cards, target) in self._rebuilding

    def learn(self, cards: int, target: int, learned: Mapping[Hand, int]) -> None:
        """Deal these hands at these levels (learned from play) rather than the model's, from
        when the table with them is rebuilt, in a worker (until then at the levels before); a
        level no different from the one known rebuilds nothing."""
        key = (cards, target)
        known = self._learned.setdefault(key, {})
        changed = {hand: level for hand, level in learned.items() if known.get(hand) != level}
        if not changed:
            return
        known.update(changed)
        self._stale.add(key)
        if key not in self._rebuilding:
            task = asyncio.ensure_future(self._rebuild(key))
            self._rebuilding[key] = task
            task.add_done_callback(lambda _: self._rebuilding.pop(key, None))

    async def _rebuild(self, key: tuple[int, int]) -> None:
        """Rebuild the dealt table of ``key`` while levels learned since the last one wait (a
        change that comes meanwhile is taken by the next pass, so one runs at a time)."""
        cards, target = key
        while key in self._stale:
            self._stale.discard(key)
            learned = tuple(self._learned[key].items())
            try:
                model = await self.levels(cards, target)
                text = await self.pool.run(
                    relevel_job, cards, model.text(), learned, budget=RELEVEL_BUDGET, lane="game"
                )
            except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
                logger.warning("The levels learned from play wait for the next change")
                return
            self._dealt[key] = LevelTable.from_text(cards, target, text)
            logger.info("Dealing %d hands at the levels learned from play", len(learned))

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
            return shipped_levels()
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
