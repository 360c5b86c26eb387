"""Rate maths for the outbox: a sliding window (at most so many events per period) and a
token bucket (a burst, then a steady pace)."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field


@dataclass
class Window:
    """A sliding window: at most ``limit`` events per ``period`` seconds."""

    limit: int
    period: float
    times: deque[float] = field(default_factory=deque)

    def free_at(self, now: float, extra: int = 0) -> float:
        """The earliest time one more event fits, with ``extra`` events still unrecorded."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        over = len(self.times) + extra - self.limit
        if over < 0:
            return now
        if over < len(self.times):
            return self.times[over] + self.period
        # One of the events still unrecorded (a send in flight) frees the place: it will be
        # recorded when it ends, no earlier than now.
        return now + self.period

    def add(self, when: float) -> None:
        self.times.append(when)


@dataclass
class Bucket:
    """A token bucket: up to ``burst`` events at once, then one every ``every`` seconds."""

    burst: int
    every: float
    tokens: float = 0.0
    at: float = -math.inf

    def free_at(self, now: float) -> float:
        """The earliest time one more event fits."""
        tokens = self._tokens(now)
        return now if tokens >= 1 else now + (1 - tokens) * self.every

    def add(self, when: float) -> None:
        self.tokens, self.at = self._tokens(when) - 1, when

    def _tokens(self, now: float) -> float:
        if self.at == -math.inf:
            return float(self.burst)
        return min(float(self.burst), self.tokens + (now - self.at) / self.every)
