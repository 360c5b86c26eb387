"""The event loop's heartbeat, for ``/healthz``: a task that wakes every :data:`BEAT`
seconds and notes how late it woke.  A loop held up by something that computes for long (a
bug: nothing on the loop may take more than a few milliseconds) makes every beat late; the
worst lateness of the last :data:`WINDOW` seconds says whether the loop answered within
:data:`LATE` seconds, however briefly it was stuck."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

BEAT = 0.25
"""Seconds between two beats."""
LATE = 1.0
"""A beat this many seconds late, or none for as long, means the loop did not answer."""
WINDOW = 10.0
"""Seconds of beats looked at."""


class Heartbeat:
    """The loop's beats (see the module), from :meth:`start` until :meth:`stop`."""

    def __init__(self) -> None:
        self._beats: deque[tuple[float, float]] = deque()
        """(when, seconds late) of the beats of the last :data:`WINDOW` seconds."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start beating (on the running loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._beat(), name="heartbeat")

    async def stop(self) -> None:
        """Stop beating."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _beat(self) -> None:
        while True:
            due = time.monotonic() + BEAT
            await asyncio.sleep(BEAT)
            now = time.monotonic()
            self._beats.append((now, max(0.0, now - due)))
            while self._beats and self._beats[0][0] < now - WINDOW:
                self._beats.popleft()

    def beating(self) -> bool:
        """Whether a beat has come yet."""
        return bool(self._beats)

    def lag(self) -> float:
        """How late the latest beat was, in seconds (0 before the first)."""
        return self._beats[-1][1] if self._beats else 0.0

    def stalled(self) -> float | None:
        """The longest the loop was held up within the last :data:`WINDOW` seconds, if
        over :data:`LATE` (a beat that late, or none for that long); None if it answered."""
        now = time.monotonic()
        if self._task is None:
            return None
        last = self._beats[-1][0] if self._beats else None
        silent = 0.0 if last is None else now - last - BEAT
        worst = max((late for _, late in self._beats), default=0.0)
        held = max(worst, silent)
        return held if held >= LATE else None
