"""The long-polling connection, which tells whether a 409 Conflict means that this process came
second (and must give way) or that another one did (docs/design-platform.md,
*Start-up refused*)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from telegram.request import HTTPXRequest

NEWCOMER_CUT = 5.0
"""Seconds within which a first poll cut by a 409 was a newcomer's (the other instance's
next poll comes about a second after its own was cut, later on a loaded machine).  Two
instances started within this time of each other: the first gives way, the second serves."""
_NO_UPDATES = b'{"ok":true,"result":[]}'


class PollingRequest(HTTPXRequest):
    """The connection that long-polls ``getUpdates``; it remembers whether a poll
    succeeded, and how long a poll cut by a 409 had waited."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.polled = False
        self.cut_after: float | None = None
        """Seconds the last poll cut by a 409 had waited."""
        self.given_way = False
        self.answered_at: float | None = None
        """When (``time.monotonic``) Telegram last answered a poll (for ``/readyz``)."""
        self.asked_at: float | None = None
        """When the poll under way was asked (None: none is), unless a poll failed since
        the last answer: a long poll waits its timeout before Telegram answers it."""
        self._failing = False

    def newcomer(self) -> bool:
        """Whether the 409 just received means that another process polled first."""
        cut = self.cut_after
        return not self.polled and (cut is None or cut < NEWCOMER_CUT)

    def give_way(self) -> None:
        """Poll no more: every later ``getUpdates`` gets no updates without asking Telegram."""
        self.given_way = True

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        if self.given_way:
            await asyncio.sleep(0.1)  # PTB may poll on until it stops: not in a tight loop
            return 200, _NO_UPDATES
        started = time.monotonic()
        self.asked_at = None if self._failing else started
        try:
            status, payload = await super().do_request(*args, **kwargs)
        except BaseException:
            self._failing = True
            raise
        finally:
            self.asked_at = None
        self._failing = status != 200
        if status == 200:
            self.polled = True
            self.answered_at = time.monotonic()
        elif status == 409:
            self.cut_after = time.monotonic() - started
        return status, payload
