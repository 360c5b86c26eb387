"""The bot's clocks, both wall-clock seconds advanced by the monotonic clock and deaf to a step
back: :class:`GameClock`, the games' times, which ignores a step forward up to
:data:`RESET_STEP`, and :class:`SteadyClock`, the calendar's, which follows it.  Why, and
what a restart reads: docs/design-platform.md, *Clocks*."""

from __future__ import annotations

import time
from collections.abc import Callable


def _monotonic() -> float:
    return time.clock_gettime(time.CLOCK_BOOTTIME)


MONOTONIC: Callable[[], float] = _monotonic if hasattr(time, "CLOCK_BOOTTIME") else time.monotonic
"""A clock that never steps, in seconds from an arbitrary origin."""

RESET_STEP = 86_400.0
"""Seconds of a forward step of the wall clock beyond which the games' clock follows it."""


class SteadyClock:
    """Wall-clock seconds that never decrease and, between forward steps of the wall clock,
    advance exactly as a monotonic clock does (the calendar's clock)."""

    follows_over = 0.0
    """A forward step of the wall clock larger than this is followed; a smaller one ignored."""

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
        # count is a little slow); followed past ``follows_over``.  Behind: stepped back;
        # ignored.
        wall = self._wall()
        self._last = wall if wall - steady > self.follows_over else steady
        self._last_monotonic = ticked
        return self._last


class GameClock(SteadyClock):
    """Wall-clock seconds that advance only as a monotonic clock does: a step of the wall
    clock, back or forward, is no time played (but a forward step of more than
    :data:`RESET_STEP`, which sets the machine's clock, is followed)."""

    follows_over = RESET_STEP


class Pause:
    """The games' clock stood still while the owner's maintenance is on (players cannot
    answer then: their rounds, duels and runs must not run out meanwhile).  ``read`` turns a
    reading of the games' clock into game time: frozen while stopped, and afterwards behind
    it by every pause so far (``offset``, kept across restarts with the maintenance notice)."""

    def __init__(self) -> None:
        self.offset = 0.0
        """Seconds the games' clock has stood still so far."""
        self.stopped_at: float | None = None
        """The games' clock's reading when it stopped; None: it runs."""

    @property
    def stopped(self) -> bool:
        return self.stopped_at is not None

    def read(self, clock: float) -> float:
        """Game time, for a reading of the games' clock."""
        return (clock if self.stopped_at is None else self.stopped_at) - self.offset

    def stop(self, clock: float) -> None:
        """The clock stands still from ``clock`` on (no change if it stands already)."""
        if self.stopped_at is None:
            self.stopped_at = clock

    def start(self, clock: float) -> float:
        """The clock runs again from where it stood; returns how long it stood."""
        if self.stopped_at is None:
            return 0.0
        stood = max(0.0, clock - self.stopped_at)
        self.offset += stood
        self.stopped_at = None
        return stood
