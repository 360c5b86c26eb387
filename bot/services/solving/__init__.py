"""Solver work for the games and features, off the event loop: deals, level tables, searches,
in the :class:`WorkerPool`'s game and search lanes.  Every deal passes here, so no deal gives
a hand a game keeps from deals (the daily puzzle's: docs/fair-play.md, "No game deals the
daily puzzle"; docs/design-platform.md, *Nothing one chat does slows down another*).  Each
game sets up its own work here through its ``Game.work`` (:mod:`bot.play.registry`): the
hands it keeps from deals, what it keeps across deals, its warm-up.  The package owns the
solver's work for the bot: this module (:class:`Solving`, its face: the rest of the bot
imports from here only), the searches (searching.py), the tables kept (level_tables.py) and
why a job gave no answer (errors.py)."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.rules.hands import (
    CANDIDATES,
    LABEL_LEVELS,
    RATED_CARDS,
    HandFacts,
    draw_unrated,
    facts_job,
    read_solutions,
    solutions_job,
)
from bot.rules.requests import SolveRequest, SolveResult
from bot.rules.spoilers import shares_any
from bot.rules.table import GameSettings
from bot.services.solving.errors import DealRefused, SolveBusy, SolveTimeout, SolveTooBig
from bot.services.solving.level_tables import KeptTables, TableStore
from bot.services.solving.searching import Searches
from bot.services.workers import AlreadyRunning, PoolBusy, WorkerPool, WorkFailed, WorkTimeout

__all__ = [
    "DEAL_ATTEMPTS",
    "DEFAULT_GAME",
    "DealRefused",
    "SolveBusy",
    "SolveTimeout",
    "SolveTooBig",
    "Solving",
]

logger = logging.getLogger(__name__)

DEAL_BUDGET = 3.0
"""Seconds to find and analyse a hand to deal."""
DEAL_ATTEMPTS = 4
"""Batches of unrated candidates tried before a deal of five or six cards gives up."""
FACTS_KEPT = 4096
"""Hands whose facts are kept: every hand of four cards for a few targets (a few MB)."""

UTC_NOW = functools.partial(dt.datetime.now, dt.UTC)
"""The clock of a :class:`Solving` given none: days counted in UTC (the bot's default)."""

DEFAULT_GAME = (4, 24)
"""Cards and target of a chat's default settings: their hands' solutions are kept."""

Hand = tuple[int, ...]
Hands = tuple[Hand, ...]
KeptFromDeals = Callable[[dt.datetime], Hands]
"""What a game keeps from every deal at a moment (the local time): hands no deal may share
three cards with (microseconds: asked at every deal)."""
Dealer = Callable[[int], HandFacts]
"""Deals a rated hand of a level (a game of many hands, as a Rush run: never waits)."""
P = TypeVar("P")
T = TypeVar("T")


class Solving(KeptTables):
    """The features' one door to the solver's heavy work."""

    def __init__(
        self,
        pool: WorkerPool,
        store: TableStore | None = None,
        *,
        local_now: Callable[[], dt.datetime] = UTC_NOW,
    ) -> None:
        super().__init__(pool, store)
        self.local_now = local_now
        """The clock in the time zone the days of the hands kept from deals are counted in."""
        self.searches = Searches(pool)
        self._facts: OrderedDict[tuple[tuple[int, ...], int], HandFacts] = OrderedDict()
        self._working: dict[tuple[tuple[int, ...], int], asyncio.Future[HandFacts]] = {}
        self._solutions: dict[tuple[int, int], dict[tuple[int, ...], HandFacts]] = {}
        self._warm: asyncio.Future[None] | None = None
        self._keeps: list[KeptFromDeals] = []
        self._warm_ups: list[Callable[[], Awaitable[object]]] = []
        self._parts: dict[type, object] = {}

    # --- what each game sets up (its Game.work) -------------------------------------------

    def keep_from_deals(self, kept: KeptFromDeals) -> None:
        """No deal of any game may share three cards with the hands ``kept`` gives."""
        self._keeps.append(kept)

    def on_warm_up(self, step: Callable[[], Awaitable[object]]) -> None:
        """A step of the warm-up, once the workers run and the default game's solutions are
        kept (in the order set up)."""
        self._warm_ups.append(step)

    def add(self, part: P) -> P:
        """Keep a game's own work across deals (hands found ahead...), found again by its
        type (:meth:`part`)."""
        self._parts[type(part)] = part
        return part

    def part(self, kind: type[P]) -> P:
        """A game's own work, as :meth:`add` kept it (:class:`LookupError`: never set up)."""
        found = self._parts.get(kind)
        if not isinstance(found, kind):
            raise LookupError(f"no {kind.__name__} was set up with the solving service")
        return found

    # --- searches -------------------------------------------------------------------------

    def cached(self, request: SolveRequest) -> SolveResult | None:
        """A result computed recently, if any (no work)."""
        return self.searches.cached(request)

    async def search(
        self, request: SolveRequest, *, owner: int | None, supersede: bool = False
    ) -> SolveResult:
        """The answer to a /solve or inline request (:meth:`Searches.search`)."""
        return await self.searches.search(request, owner=owner, supersede=supersede)

    # --- deals ----------------------------------------------------------------------------

    async def check(
        self, settings: GameSettings, difficulty: str | None = None, *, owner: int | None = None
    ) -> None:
        """Raise :class:`DealRefused` if no hand can be dealt with these settings."""
        wanted = LABEL_LEVELS.get(difficulty or settings.difficulty or "")
        if settings.cards not in RATED_CARDS:
            if wanted is not None:
                raise DealRefused("unrated", cards=str(settings.cards))
            return  # unrated hands are checked one by one as they are dealt
        # The table is rated now, when the settings are chosen, rather than at the next deal.
        try:
            table = await self.dealt_levels(settings.cards, settings.target, owner=owner)
        except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        if wanted is None:
            if not settings.unsolvable and not table.count(settings.deck, None):
                raise DealRefused("none_solvable")
            return
        if not table.count(settings.deck, wanted):
            raise DealRefused(
                "no_hands",
                difficulty=difficulty or settings.difficulty or "",
                cards=str(settings.cards),
                target=str(settings.target),
            )

    async def deal(
        self, settings: GameSettings, rng: random.Random, difficulty: str | None = None
    ) -> tuple[HandFacts, int | None]:
        """A hand to deal by the chat's settings, its facts and its level (None: unrated)."""
        await self.check(settings, difficulty)
        solvable = not settings.unsolvable
        wanted = LABEL_LEVELS.get(difficulty or settings.difficulty or "")
        facts: HandFacts | None  # None from a worker when no candidate fits
        try:
            if settings.cards in RATED_CARDS:
                table = await self.dealt_levels(settings.cards, settings.target)
                kept = await self.kept_hands()
                hand = table.draw(
                    rng,
                    settings.deck,
                    wanted,
                    solvable=solvable or wanted is not None,
                    avoid=lambda hand: shares_any(hand, kept),
                )
                if hand is None:
                    raise DealRefused("none_solvable")
                level = table.levels[hand]
                return self._facts_at_once(hand, settings.target, level), level or None
            for _ in range(DEAL_ATTEMPTS):
                kept = await self.kept_hands()
                candidates = [
                    hand
                    for hand in draw_unrated(rng, settings.deck, settings.cards, CANDIDATES)
                    if not shares_any(hand, kept)
                ]
                facts = await self.pool.run(
                    facts_job,
                    candidates,
                    settings.target,
                    solvable,
                    False,  # six cards' solutions and hints can take 0.8 s: worked out later
                    budget=DEAL_BUDGET,
                    lane="game",
                )
                if facts is not None:
                    return facts, None
        except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        raise DealRefused("none_solvable")

    async def deal_job(self, job: Callable[..., T], *args: Any) -> T:
        """A game's deal ``job`` run in a worker of the game lane, within the deal budget;
        raises :class:`DealRefused` (``busy``) if it cannot be run in time."""
        try:
            result: T = await self.pool.run(job, *args, budget=DEAL_BUDGET, lane="game")
        except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        return result

    async def dealer(
        self, rng: random.Random, cards: int, target: int, deck: tuple[int, int]
    ) -> Dealer:
        """What deals the hands of a game of many hands (a Rush run's) with ``rng``: a draw
        from the rated level table of ``cards`` for ``target`` from ``deck``, a bisection,
        with the solutions kept for the default game (none, until a worker works them out,
        otherwise).  The first call may wait for the table; raises :class:`DealRefused`
        (``busy``) if it cannot be had in time."""
        table = self.known_levels(cards, target)  # kept: no wait at all
        try:
            if table is None:
                table = await asyncio.wait_for(self.levels(cards, target), DEAL_BUDGET)
        except (TimeoutError, WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        draw = table.dealer(rng, deck, await self.avoider())

        def deal(level: int) -> HandFacts:
            hand = draw(level).hand
            return self._facts_at_once(hand, target, table.levels[hand])

        return deal

    def _facts_at_once(self, hand: tuple[int, ...], target: int, level: int) -> HandFacts:
        """What is known of a rated hand without a worker: its level table says whether it
        has a solution; its solutions come from a kept table or earlier deals, else they
        (and the hints, which are worked out when first asked for) follow from a worker
        while the players think."""
        if not level:
            return HandFacts(hand, target, False, (), 0, ())
        known = self.known_facts(hand, target)
        if known is None:
            known = self._solutions.get((len(hand), target), {}).get(hand)
        return known or HandFacts(hand, target, True, None, 0, None)

    async def prepare(self, cards: int, target: int) -> None:
        """Keep every hand's solutions for a card count and target (the default game's, at
        start): from the data file, or listed once in a worker (about 1.5 s) and stored."""
        self._solutions[cards, target] = await self._kept(
            "solutions",
            "Listing the solutions of",
            functools.partial(read_solutions, cards, target),
            solutions_job,
            cards,
            target,
            None,
        )

    async def warm_up(self) -> None:
        """Start the workers and keep the default game's solutions (once)."""
        if self._warm is None:
            self._warm = asyncio.ensure_future(self._warm_up())
            # Seen by nobody when the bot stops meanwhile: not worth a log line then.
            self._warm.add_done_callback(lambda done: done.cancelled() or done.exception())
        await asyncio.shield(self._warm)

    async def _warm_up(self) -> None:
        await self.pool.start()
        await self.prepare(*DEFAULT_GAME)
        for step in self._warm_ups:
            await step()

    def known_facts(self, hand: tuple[int, ...], target: int) -> HandFacts | None:
        """The facts of one hand if they are kept (no work)."""
        key = (tuple(sorted(hand)), target)
        found = self._facts.get(key)
        if found is not None:
            self._facts.move_to_end(key)
        return found

    async def facts(self, hand: tuple[int, ...], target: int) -> HandFacts:
        """The facts of one hand, solutions and hints included (for a round dealt without).

        Callers asking for the same hand at once share one worker job.
        """
        found = self.known_facts(hand, target)
        if found is not None:
            return found
        key = (tuple(sorted(hand)), target)
        pending = self._working.get(key)
        if pending is None:
            pending = self._working[key] = asyncio.ensure_future(self._work_out(key, hand))
            pending.add_done_callback(lambda _: self._working.pop(key, None))
            pending.add_done_callback(lambda done: done.cancelled() or done.exception())
        return await asyncio.shield(pending)

    async def _work_out(self, key: tuple[tuple[int, ...], int], hand: tuple[int, ...]) -> HandFacts:
        found = await self.pool.run(facts_job, [hand], key[1], False, budget=DEAL_BUDGET)
        assert found is not None  # with solvable=False the first candidate is taken
        self._facts[key] = found
        while len(self._facts) > FACTS_KEPT:
            self._facts.popitem(last=False)
        return found

    # --- the hands kept from deals ---------------------------------------------------------

    async def kept_hands(self) -> Hands:
        """The hands no deal may share three cards with now (see the module; microseconds)."""
        return self._kept_now()

    async def avoider(self) -> Callable[[Hand], bool]:
        """What tells, at each deal, whether a hand may not be dealt then (for a game that
        deals on its own, as a Rush run does: it may cross midnight).  The function itself
        never waits (microseconds)."""
        return lambda hand: shares_any(hand, self._kept_now())

    def _kept_now(self) -> Hands:
        now = self.local_now()
        return tuple(hand for kept in self._keeps for hand in kept(now))
