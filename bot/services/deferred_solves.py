"""The /solve requests waiting for a duel's hand to end (``bot_data.deferred_solves``): deferred
by the solve feature, released by whatever ends the hand, answered the whole /solve way
again, at most :data:`AT_ONCE` at a time, and resumed after a restart (docs/fair-play.md,
*Hands only their players see*)."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any

from bot.rules.deferrals import Deferral, Deferrals
from bot.rules.requests import SolveRequest
from bot.rules.spoilers import Game

logger = logging.getLogger(__name__)

AT_ONCE = 4
"""Freed requests answered at once (twice the pool's usual search workers)."""


@dataclass(frozen=True, slots=True)
class DeferredSolve:
    """A /solve request, or a press of its page buttons, whose answer waits."""

    user_id: int
    chat_id: int
    message_id: int
    """The /solve message to answer; for a page press, the list's message to edit."""
    request: SolveRequest
    in_group: bool
    language: str | None
    """The asker's Telegram language (the chat's choice, if any, wins as always)."""
    asked_at: float
    """When it was asked, on the games' clock (see :func:`bot.rules.deferrals.overdue`)."""
    page: int | None = None
    """The page asked for with the list's buttons (None: a /solve)."""


Answer = Callable[[DeferredSolve], Awaitable[None]]
Spawn = Callable[[Coroutine[Any, Any, None]], object]


class DeferredSolves:
    """The requests waiting for duels' hands, and their answers once freed."""

    def __init__(self) -> None:
        self.waiting: Deferrals[DeferredSolve] = Deferrals()
        self._answer: Answer | None = None
        self._spawn: Spawn | None = None
        self._due: deque[DeferredSolve] = deque()
        self._draining = False

    def answer_with(self, answer: Answer, spawn: Spawn) -> None:
        """How a freed request is answered, and how its task is started (the application's
        ``create_task``, which awaits it at shutdown)."""
        self._answer, self._spawn = answer, spawn

    def defer(self, item: DeferredSolve, games: Iterable[Game]) -> Deferral:
        """Keep ``item`` until ``games`` (the live hands that hold it) have ended."""
        if self.waiting.full and self.waiting.waits(item.user_id) is None:
            self._schedule(self.waiting.sweep())  # hands whose end nobody told, if any
        return self.waiting.defer(item.user_id, item, games)

    def release(self, game: Game | None) -> None:
        """``game`` (a duel's hand) has ended, or is no longer live: the requests it alone
        held are answered, in the background."""
        if game is not None and len(self.waiting):
            self._schedule(self.waiting.release(game))

    def resume(self, items: list[DeferredSolve]) -> None:
        """Requests kept waiting before a restart: answered now, the whole /solve way (a
        duel's hand still live that holds one keeps it waiting again)."""
        self._schedule(items)

    @property
    def due(self) -> int:
        """Freed requests not answered yet."""
        return len(self._due)

    def _schedule(self, items: list[DeferredSolve]) -> None:
        self._due.extend(items)
        if self._due and not self._draining and self._spawn is not None:
            self._draining = True
            self._spawn(self._drain())

    async def _drain(self) -> None:
        """Answer the freed requests, :data:`AT_ONCE` at a time, until none is due."""
        running: set[asyncio.Future[None]] = set()
        try:
            while self._due or running:
                while self._due and len(running) < AT_ONCE:
                    running.add(asyncio.ensure_future(self._one(self._due.popleft())))
                _done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._draining = False

    async def _one(self, item: DeferredSolve) -> None:
        assert self._answer is not None
        try:
            await self._answer(item)
        except Exception:  # one answer's failure is logged; the others still go
            logger.exception("A deferred /solve of user %s was not answered", item.user_id)
