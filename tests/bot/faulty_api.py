"""The local Bot API with faults a test asks for: errors Telegram returns, connections that
drop, sends that hang until the read timeout, and calls held until the test lets them go
(mocked at the network edge only)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from bot.local_api import ApiError, LocalBotApi


class FaultyBotApi(LocalBotApi):
    """The local Bot API, with errors a test can have Telegram return on demand, and
    connections it can drop."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._failures: list[tuple[str, ApiError | httpx.TransportError]] = []
        self._holds: list[tuple[str, asyncio.Event]] = []

    def fail_next(
        self, method: str, code: int, description: str, retry_after: int | None = None
    ) -> None:
        """Make the next call of ``method`` fail as Telegram would (e.g. 429); the failed
        call counts against no limit."""
        self._failures.append((method, ApiError(code, description, retry_after)))

    def drop_next(self, method: str) -> None:
        """Make the next call of ``method`` lose its connection before any answer (the
        request is not carried out), as a network outage does."""
        error = httpx.RemoteProtocolError("Server disconnected without sending a response.")
        self._failures.append((method, error))

    def time_out_next(self, method: str) -> None:
        """Make the next call of ``method`` hang until the bot's read timeout gives up on it
        (as a send that hangs for 30 s and then drops does), without waiting that long: the
        request reached Telegram, which neither answered nor carried it out."""
        self._failures.append((method, httpx.ReadTimeout("The read operation timed out")))

    def hold_next(self, method: str) -> asyncio.Event:
        """Make the next call of ``method`` wait, unanswered, until the event returned is set
        (a send stuck on a slow network); then it is carried out."""
        release = asyncio.Event()
        self._holds.append((method, release))
        return release

    async def call(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        for index, (name, release) in enumerate(self._holds):
            if name == method:
                del self._holds[index]
                await release.wait()
                break
        for index, (name, error) in enumerate(self._failures):
            if name == method:
                del self._failures[index]
                self.calls.append(method)
                if isinstance(error, httpx.TransportError):
                    raise error  # through the in-process transport, to PTB's httpx client
                return error.code, error.body()
        return await super().call(method, params)
