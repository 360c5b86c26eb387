"""Solution Hunt hands found ahead of their deals, with their solutions, per settings key,
refilled in the background by one worker job at a time, so that a large hand is dealt at
once (bounds and reasoning: docs/design-platform.md, *Nothing one chat does slows down
another*, and docs/performance.md)."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable

from bot.rules.table import GameSettings
from bot.services.solving import DealRefused

logger = logging.getLogger(__name__)

READY = 2
"""Hands kept ready per settings key."""
KEYS = 8
"""Settings keys whose hands are kept."""
FROM_CARDS = 6
"""The smallest hand kept ready: smaller ones are found within a few milliseconds."""
DEFAULT_SIX = GameSettings(cards=6)
"""The settings whose hands are found right after start-up."""

Key = tuple[tuple[int, int], int, int]
Hand = tuple[int, ...]
Found = tuple[Hand, tuple[str, ...]]
Finder = Callable[[GameSettings, random.Random, tuple[Hand, ...]], Awaitable[Found]]
"""Finds one hunt hand and its solutions in a worker, trying the hands given first (then
drawing more); raises :class:`DealRefused`."""


def key_of(settings: GameSettings) -> Key:
    """What a hunt's hand depends on: deck, card count, target."""
    return settings.deck, settings.cards, settings.target


class ReadyHunts:
    """A few hunt hands per settings key, refilled in the background (see the module)."""

    def __init__(self, find: Finder, *, ready: int = READY, keys: int = KEYS) -> None:
        self.find = find
        self.ready = ready
        self.keys = keys
        self._hands: OrderedDict[Key, deque[Found]] = OrderedDict()
        self._passed: dict[Key, deque[Hand]] = {}
        self._refills: dict[Key, asyncio.Task[None]] = {}
        self._one_job = asyncio.Lock()

    def kept(self, settings: GameSettings) -> int:
        """How many hands are ready for these settings (no work)."""
        return len(self._hands.get(key_of(settings), ()))

    def peek(self, settings: GameSettings) -> Found | None:
        """The hand the next deal with these settings takes, if one is ready (no work)."""
        hands = self._hands.get(key_of(settings))
        return hands[0] if hands else None

    def ready_hands(self, settings: GameSettings) -> tuple[Found, ...]:
        """Every hand ready for these settings, in the order deals take them (no work)."""
        return tuple(self._hands.get(key_of(settings), ()))

    def keep(self, settings: GameSettings, found: tuple[Found, ...]) -> None:
        """Keep hands found elsewhere ready for these settings, up to the bound: a program
        that starts many bots one after another (the test suite) hands one's to the next,
        as the hands a bot finds right after start-up are always the same kind."""
        if settings.cards < FROM_CARDS:
            return
        hands = self._hands.setdefault(key_of(settings), deque())
        hands.extend(found[: max(0, self.ready - len(hands))])

    def take(self, settings: GameSettings, rng: random.Random) -> Found | None:
        """A ready hand for these settings, or None (then the caller finds one itself);
        either way a refill for them starts, if they are large enough to keep."""
        if settings.cards < FROM_CARDS:
            return None
        hands = self._hands.get(key_of(settings))
        found = hands.popleft() if hands else None
        self.fill(settings, rng)
        return found

    def fill(self, settings: GameSettings, rng: random.Random) -> None:
        """Start finding hands for these settings in the background, up to the bound
        (nothing if a refill for them is running already, or they are too small to keep)."""
        if settings.cards < FROM_CARDS:
            return
        key = key_of(settings)
        self._hands.setdefault(key, deque())
        self._hands.move_to_end(key)
        while len(self._hands) > self.keys:
            dropped, _hands = self._hands.popitem(last=False)
            self._passed.pop(dropped, None)
            refill = self._refills.pop(dropped, None)
            if refill is not None:
                refill.cancel()
        if key not in self._refills and len(self._hands[key]) < self.ready:
            task = asyncio.get_running_loop().create_task(self._refill(key, settings, rng))
            self._refills[key] = task
            task.add_done_callback(lambda _: self._refills.pop(key, None))

    def defer(self, settings: GameSettings, passed: tuple[Hand, ...], rng: random.Random) -> None:
        """Hands a deal passed over, to be listed by the refills and kept ready before any
        new draw (at most :attr:`ready` wait per key: later ones are dropped)."""
        if settings.cards < FROM_CARDS or not passed:
            return
        waiting = self._passed.setdefault(key_of(settings), deque())
        waiting.extend(passed[: max(0, self.ready - len(waiting))])
        self.fill(settings, rng)

    def passed(self, settings: GameSettings) -> tuple[Hand, ...]:
        """The hands passed over for these settings, still to be listed (no work)."""
        return tuple(self._passed.get(key_of(settings), ()))

    async def refilled(self, settings: GameSettings) -> None:
        """Return once no refill for these settings is running (for tests and benches)."""
        refill = self._refills.get(key_of(settings))
        if refill is not None:
            await asyncio.wait([refill])

    async def _refill(self, key: Key, settings: GameSettings, rng: random.Random) -> None:
        while (hands := self._hands.get(key)) is not None and len(hands) < self.ready:
            waiting = self._passed.get(key)
            first = (waiting.popleft(),) if waiting else ()
            try:
                async with self._one_job:
                    found = await self.find(settings, rng, first)
            except DealRefused as refused:
                logger.info("No hunt hand kept ready for %s: %s", key, refused)
                return
            hands = self._hands.get(key)
            if hands is None:  # the key was dropped meanwhile
                return
            hands.append(found)
