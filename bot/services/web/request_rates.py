"""Request rates per key (a player of the Mini App): a token bucket each, in bounded memory."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable


class RateLimit:
    """At most ``burst`` requests at once per key, refilled at ``rate`` a second.

    Keys are remembered while their bucket is not full again; past ``max_keys`` of them,
    the longest unused are forgotten first (a forgotten key starts with a full bucket, so
    forgetting never refuses anyone)."""

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        max_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}
        """Key: (tokens left, when counted), least recently used first."""

    def wait(self, key: Hashable) -> float:
        """Take one request for ``key``: 0 if it may go on, else the seconds until it may."""
        now = self._clock()
        tokens, counted = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - counted) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[key] = (tokens - 1, now)
        if len(self._buckets) > self.max_keys:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        """Forget the keys whose bucket is full again, or else the least recently used."""
        full_after = self.burst / self.rate
        for key, (_tokens, counted) in list(self._buckets.items()):
            if now - counted >= full_after:
                del self._buckets[key]
        while len(self._buckets) > self.max_keys:
            del self._buckets[next(iter(self._buckets))]
