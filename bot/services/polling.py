"""The long-polling connection, which tells a 409 Conflict at start-up from one later."""

from __future__ import annotations

from typing import Any

from telegram.request import HTTPXRequest


class PollingRequest(HTTPXRequest):
    """The connection that long-polls ``getUpdates``; it remembers whether a poll succeeded."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.polled = False

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        status, payload = await super().do_request(*args, **kwargs)
        if status == 200:
            self.polled = True
        return status, payload
