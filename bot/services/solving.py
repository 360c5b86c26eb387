"""Solver work for the features, off the event loop: deals, level tables, searches, the daily,
in the :class:`WorkerPool`'s game and search lanes.  Every deal passes here, so no deal gives
a hand kept from deals for the daily puzzle (docs/fair-play.md, "No game deals the daily
puzzle"; docs/design-platform.md, *Nothing one chat does slows down another*)."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
import random
from collections import OrderedDict
from collections.abc import Callable

from bot.rules.countdown import countdown_job, draw
from bot.rules.daily.attempts import kept_from_deals
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
from bot.rules.hunt import WORK, HuntHand, hunt_job
from bot.rules.requests import SolveRequest, SolveResult
from bot.rules.rush.run import CARDS as RUSH_CARDS
from bot.rules.rush.run import DECK as RUSH_DECK
from bot.rules.rush.run import TARGET as RUSH_TARGET
from bot.rules.rush.run import Deal
from bot.rules.spoilers import shares_any
from bot.rules.table import GameSettings
from bot.services.level_tables import KeptTables, TableStore
from bot.services.ready_hunts import DEFAULT_SIX, FROM_CARDS, Found, Hand, ReadyHunts
from bot.services.searching import Searches
from bot.services.solve_errors import DealRefused
from bot.services.workers.pool import (
    AlreadyRunning,
    PoolBusy,
    WorkerPool,
    WorkFailed,
    WorkTimeout,
)
from solver import daily_pools
from solver.deal import DailyPools, daily

logger = logging.getLogger(__name__)

DEAL_BUDGET = 3.0
"""Seconds to find and analyse a hand to deal."""
DEAL_ATTEMPTS = 4
"""Batches of unrated candidates tried before a deal of five or six cards gives up."""
COUNTDOWN_DRAWS = 100
"""Countdown numbers drawn at most for ones sharing no three cards with a daily puzzle (one
draw in ten or so does)."""
FACTS_KEPT = 4096
"""Hands whose facts are kept: every hand of four cards for a few targets (a few MB)."""

UTC_NOW = functools.partial(dt.datetime.now, dt.UTC)
"""The clock of a :class:`Solving` given none: days counted in UTC (the bot's default)."""

DEFAULT_GAME = (4, 24)
"""Cards and target of a chat's default settings: their hands' solutions are kept."""


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
        """The clock in the time zone the daily puzzle's day is counted in."""
        self.searches = Searches(pool)
        self._facts: OrderedDict[tuple[tuple[int, ...], int], HandFacts] = OrderedDict()
        self._working: dict[tuple[tuple[int, ...], int], asyncio.Future[HandFacts]] = {}
        self._solutions: dict[tuple[int, int], dict[tuple[int, ...], HandFacts]] = {}
        self._warm: asyncio.Future[None] | None = None
        self._pools: asyncio.Future[DailyPools] | None = None
        self.hunts = ReadyHunts(self._find_ready)

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
                dailies = await self.kept_dailies()
                hand = table.draw(
                    rng,
                    settings.deck,
                    wanted,
                    solvable=solvable or wanted is not None,
                    avoid=lambda hand: shares_any(hand, dailies),
                )
                if hand is None:
                    raise DealRefused("none_solvable")
                level = table.levels[hand]
                return self._facts_at_once(hand, settings.target, level), level or None
            for _ in range(DEAL_ATTEMPTS):
                dailies = await self.kept_dailies()
                candidates = [
                    hand
                    for hand in draw_unrated(rng, settings.deck, settings.cards, CANDIDATES)
                    if not shares_any(hand, dailies)
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

    async def hunt_hand(
        self, settings: GameSettings, rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """A hand for a Solution Hunt by the chat's deck, card count and target, with every
        one of its distinct solutions (at least three): one kept ready if there is one
        (:mod:`bot.services.ready_hunts`), else found now, passing over the candidates
        that take long to list (kept to be dealt next); raises :class:`DealRefused`."""
        dailies = await self.kept_dailies()
        ready = self.hunts.take(settings, rng)
        # One kept ready since yesterday may share cards with today's puzzle: dropped.
        while ready is not None and shares_any(ready[0], dailies):
            ready = self.hunts.take(settings, rng)
        if ready is not None:
            return ready
        work = WORK if settings.cards >= FROM_CARDS else None
        found = await self._find_hunt(settings, rng, work=work)
        self.hunts.defer(settings, found.passed, rng)
        return found.hand, found.solutions

    async def _find_ready(
        self, settings: GameSettings, rng: random.Random, first: tuple[Hand, ...]
    ) -> Found:
        """A hunt hand to keep ready: ``first`` tried before new draws, each listed whatever
        it takes (no one waits for it)."""
        found = await self._find_hunt(settings, rng, first)
        return found.hand, found.solutions

    async def _find_hunt(
        self,
        settings: GameSettings,
        rng: random.Random,
        first: tuple[Hand, ...] = (),
        work: int | None = None,
    ) -> HuntHand:
        for attempt in range(DEAL_ATTEMPTS):
            drawn = draw_unrated(rng, settings.deck, settings.cards, CANDIDATES)
            dailies = await self.kept_dailies()
            candidates = [
                hand
                for hand in ([*first, *drawn] if attempt == 0 else drawn)
                if not shares_any(hand, dailies)
            ]
            try:
                found = await self.pool.run(
                    hunt_job, candidates, settings.target, work, budget=DEAL_BUDGET, lane="game"
                )
            except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
                raise DealRefused("busy") from None
            if found is not None:
                return found
        raise DealRefused("no_hunt", cards=str(settings.cards), target=str(settings.target))

    async def countdown_deal(
        self, rng: random.Random, large: int | None
    ) -> tuple[
        tuple[int, ...], int, tuple[str | None, tuple[int, str] | None, tuple[int, str] | None]
    ]:
        """Numbers and a target for a Countdown game (``large`` large numbers, one or two
        at random if None), with the solver's best answer worked out in a worker; raises
        :class:`DealRefused` (``busy``)."""
        dailies = await self.kept_dailies()
        for _ in range(COUNTDOWN_DRAWS):
            numbers, target = draw(rng, large)
            if not shares_any(numbers, dailies):
                break
        else:
            raise DealRefused("busy")
        try:
            best = await self.pool.run(
                countdown_job, numbers, target, budget=DEAL_BUDGET, lane="game"
            )
        except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        return numbers, target, best

    async def rush_dealer(self, rng: random.Random) -> Deal:
        """What deals a Rush run's hands (:mod:`bot.rules.rush.run`) with ``rng``: a draw from
        Rush's rated level table, a bisection, with the solutions kept for the default game
        (none, until a worker works them out, otherwise).  The first call may wait for the
        table; raises :class:`DealRefused` (``busy``) if it cannot be had in time."""
        table = self.known_levels(RUSH_CARDS, RUSH_TARGET)  # kept: no wait at all
        try:
            if table is None:
                table = await asyncio.wait_for(self.levels(RUSH_CARDS, RUSH_TARGET), DEAL_BUDGET)
        except (TimeoutError, WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None
        draw = table.dealer(rng, RUSH_DECK, await self.avoider())

        def deal(level: int) -> HandFacts:
            hand = draw(level).hand
            return self._facts_at_once(hand, RUSH_TARGET, table.levels[hand])

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
        self.hunts.fill(DEFAULT_SIX, random.Random())  # six-card hunts, ready in the background
        # The daily pools (a few ms of sorting) are made now rather than by whichever
        # update first needs today's puzzle (a /daily, or any /solve's spoiler check).
        await self._daily_pools()

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

    # --- the daily puzzle -----------------------------------------------------------------

    async def daily_hand(self, day: dt.date) -> tuple[int, ...]:
        """The day's puzzle (the first call may wait for the level table)."""
        return daily(day, await self._daily_pools())

    async def kept_dailies(self) -> tuple[tuple[int, ...], ...]:
        """The daily puzzles no deal may share three cards with now (see the module); the
        first call may wait for the level table (raises :class:`DealRefused`, ``busy``, if
        it cannot be had), later ones take microseconds."""
        return self._kept_dailies(await self._loaded_pools())

    async def avoider(self) -> Callable[[tuple[int, ...]], bool]:
        """What tells, at each deal, whether a hand may not be dealt then (for a game that
        deals on its own, as a Rush run does: it may cross midnight).  Getting it may wait as
        :meth:`kept_dailies` does; the function itself never waits (microseconds)."""
        pools = await self._loaded_pools()
        return lambda hand: shares_any(hand, self._kept_dailies(pools))

    def _kept_dailies(self, pools: DailyPools) -> tuple[tuple[int, ...], ...]:
        return tuple(daily(day, pools) for day in kept_from_deals(self.local_now()))

    async def _loaded_pools(self) -> DailyPools:
        try:
            return await self._daily_pools()
        except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            raise DealRefused("busy") from None

    async def _daily_pools(self) -> DailyPools:
        if self._pools is None or (self._pools.done() and self._pools.exception()):
            self._pools = asyncio.ensure_future(self._make_pools())
            self._pools.add_done_callback(lambda done: done.cancelled() or done.exception())
        return await asyncio.shield(self._pools)

    async def _make_pools(self) -> DailyPools:
        # The schedule's own levels, frozen: never the rating's (a day's puzzle never changes).
        return daily_pools()
