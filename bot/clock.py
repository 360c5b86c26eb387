"""The bot's clock: wall-clock seconds that never run backwards.

Round and daily times are differences of two readings, and some of those readings are kept
in the data file, so the clock must be wall-clock time, not a monotonic count that restarts
with the machine.  But the system's wall clock can be stepped (NTP, an operator, a resumed
virtual machine): a step back made "Bob wins in -3600.0 s" and kept it as his best time.

:class:`SteadyClock` reads the wall clock once, then advances at the pace of the monotonic
clock (``CLOCK_BOOTTIME`` where there is one, which also counts a suspended machine's
sleep).  A step back of the wall clock is ignored, so durations stay true; a step forward is
followed at once, so the clock agrees with PTB's job queue (APScheduler), which runs jobs by
the wall clock: a round's time-up fired after such a step finds the round's time up.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def _monotonic() -> float:
    return time.clock_gettime(time.CLOCK_BOOTTIME)


MONOTONIC: Callable[[], float] = _monotonic if hasattr(time, "CLOCK_BOOTTIME") else time.monotonic
"""A clock that never steps, in seconds from an arbitrary origin."""


class SteadyClock:
    """Wall-clock seconds that never decrease and, between forward steps of the wall clock,
    advance exactly as a monotonic clock does."""

    def __init__(
        self,
        wall: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = MONOTONIC,
    ) -> None:
        self._wall = wall
        self._monotonic = monotonic
        self._last = wall()
        self._last_monotonic = monotonic()

    def __call__(self) -> float:
        ticked = self._monotonic()
        steady = self._last + (ticked - self._last_monotonic)
        # The wall clock ahead of the steady count: it was stepped forward (or the steady
        # count is a little slow); follow it.  Behind: it was stepped back; ignore it.
        self._last = max(steady, self._wall())
        self._last_monotonic = ticked
        return self._last
