"""Letters for the outbox's tests that record what was sent, and when."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from bot.services.outbox import Letter


class Recorder:
    """Letters that record what was sent, and when (on ``clock``: the outbox's, if faked)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.sent: list[str] = []
        self.times: dict[str, float] = {}
        self.changed = asyncio.Event()

    def letter(self, chat_id: int, name: str, **kwargs: object) -> Letter:
        async def send() -> bool:
            self.sent.append(name)
            self.times[name] = self.clock()
            self.changed.set()
            return True

        return Letter(chat_id, send, **kwargs)  # type: ignore[arg-type]

    async def wait_for(self, condition: Callable[[], bool], timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), deadline - time.monotonic())
