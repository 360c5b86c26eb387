"""Telegram's flood limits on a bot's messages, for the local Bot API: 20 messages a minute
in a group, 30 a second in all chats together (an edit counts like a new message)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

from bot.local_api.checks import ApiError

# Telegram's flood limits: messages in one group, and messages in all chats together.
GROUP_MESSAGES, GROUP_SECONDS = 20, 60.0
ALL_MESSAGES, ALL_SECONDS = 30, 1.0


class SlidingWindow:
    """At most ``limit`` events in any ``seconds`` long stretch of time.

    An event at time ``t`` counts until ``t + seconds`` and no longer.  Times come from the
    caller (one monotonic clock), never decrease, and are in seconds.
    """

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._times: deque[float] = deque()

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until one more event fits (0 if it fits now)."""
        while self._times and self._times[0] + self.seconds <= now:
            self._times.popleft()
        if len(self._times) < self.limit:
            return 0.0
        return self._times[0] + self.seconds - now

    def add(self, now: float) -> None:
        """Count an event at ``now``; the caller has checked that :meth:`wait` is 0."""
        self._times.append(now)


class FloodLimits:
    """The windows a bot's messages must fit, on one monotonic clock."""

    def __init__(self, clock: Callable[[], float]) -> None:
        """``clock`` gives monotonic seconds (tests pass one they move by hand)."""
        self._clock = clock
        self._all_chats = SlidingWindow(ALL_MESSAGES, ALL_SECONDS)
        self._group_windows: dict[int, SlidingWindow] = {}

    def admit(self, chat_id: int, *, group: bool) -> None:
        """Count one message the bot sends or edits in a chat (a group or supergroup if
        ``group``), or refuse it with a 429.

        Both limits are sliding windows here.  A refused message is not counted, and its 429
        says in whole seconds (rounded up, at least 1) when the oldest message leaves the
        window it broke (the later one if it broke both), as Telegram's ``retry_after`` does.
        """
        now = self._clock()
        windows = [self._all_chats]
        if group:
            windows.append(
                self._group_windows.setdefault(
                    chat_id, SlidingWindow(GROUP_MESSAGES, GROUP_SECONDS)
                )
            )
        wait = max(window.wait(now) for window in windows)
        if wait > 0:
            retry_after = max(1, math.ceil(wait))
            raise ApiError(
                429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after
            )
        for window in windows:
            window.add(now)
