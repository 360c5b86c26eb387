"""A Solution Hunt's hands: one kept ready (:mod:`bot.games.hunt.ready`) or found now in a
worker, never one a game keeps from deals; set up with the solving service by the hunt's
``Game.work`` (:func:`set_up`)."""

from __future__ import annotations

import random

from bot.games.hunt.ready import DEFAULT_SIX, FROM_CARDS, Found, Hand, ReadyHunts
from bot.games.hunt.words import NO_HUNT
from bot.rules.hands import CANDIDATES, draw_unrated
from bot.rules.hunt import WORK, HuntHand, hunt_job
from bot.rules.spoilers import shares_any
from bot.rules.table import GameSettings
from bot.services.solving import DEAL_ATTEMPTS, DealRefused, Solving


class HuntDeals:
    """The hunt's work with the solver's workers: the hands kept ready, and the deal."""

    def __init__(self, solving: Solving) -> None:
        self.solving = solving
        self.ready = ReadyHunts(self._find_ready)

    @classmethod
    def of(cls, solving: Solving) -> HuntDeals:
        """The hunt's work, as :func:`set_up` kept it with the solving service."""
        return solving.part(cls)

    async def hand(
        self, settings: GameSettings, rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """A hand for a Solution Hunt by the chat's deck, card count and target, with every
        one of its distinct solutions (at least three): one kept ready if there is one, else
        found now, passing over the candidates that take long to list (kept to be dealt
        next); raises :class:`DealRefused`."""
        kept = await self.solving.kept_hands()
        ready = self.ready.take(settings, rng)
        # One kept ready since yesterday may share cards with today's puzzle: dropped.
        while ready is not None and shares_any(ready[0], kept):
            ready = self.ready.take(settings, rng)
        if ready is not None:
            return ready
        work = WORK if settings.cards >= FROM_CARDS else None
        found = await self._find(settings, rng, work=work)
        self.ready.defer(settings, found.passed, rng)
        return found.hand, found.solutions

    async def _find_ready(
        self, settings: GameSettings, rng: random.Random, first: tuple[Hand, ...]
    ) -> Found:
        """A hunt hand to keep ready: ``first`` tried before new draws, each listed whatever
        it takes (no one waits for it)."""
        found = await self._find(settings, rng, first)
        return found.hand, found.solutions

    async def _find(
        self,
        settings: GameSettings,
        rng: random.Random,
        first: tuple[Hand, ...] = (),
        work: int | None = None,
    ) -> HuntHand:
        for attempt in range(DEAL_ATTEMPTS):
            drawn = draw_unrated(rng, settings.deck, settings.cards, CANDIDATES)
            kept = await self.solving.kept_hands()
            candidates = [
                hand
                for hand in ([*first, *drawn] if attempt == 0 else drawn)
                if not shares_any(hand, kept)
            ]
            found = await self.solving.deal_job(hunt_job, candidates, settings.target, work)
            if found is not None:
                return found
        raise DealRefused(
            "no_hunt", wording=NO_HUNT, cards=str(settings.cards), target=str(settings.target)
        )


def set_up(solving: Solving) -> None:
    """The hunt's work with the solving service: its hands kept ready, the six-card ones
    found in the background once the workers are warm."""
    deals = solving.add(HuntDeals(solving))

    async def fill() -> None:
        deals.ready.fill(DEFAULT_SIX, random.Random())

    solving.on_warm_up(fill)
