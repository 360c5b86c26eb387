"""Solver calls for the bot, with a time budget that can never block other chats.

Small requests (up to :data:`INLINE_LIMIT` numbers) take milliseconds and run in a thread.
Larger ones can take seconds or minutes, so they run in a separate process that is killed
when its budget runs out; a thread that timed out would go on computing and take the
interpreter from every other chat.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from dataclasses import dataclass
from fractions import Fraction
from multiprocessing.connection import Connection

from solver import closest, solve
from solver.printing import friendly_value

INLINE_LIMIT = 5
"""Requests of at most this many numbers are solved in a thread of this process."""

WORKERS = 2
"""Worker processes that may run at once (this machine has two cores)."""


class SolveError(Exception):
    """The search could not give an answer."""


class SolveTimeout(SolveError):
    """The search did not finish within its budget (or no worker was free in time)."""


@dataclass(frozen=True)
class SolveResult:
    """What a /solve reply or an inline answer needs, small enough to send between processes."""

    numbers: tuple[int | Fraction, ...]
    target: int | Fraction
    integer_only: bool
    solutions: tuple[str, ...]
    """Every distinct solution, with × ÷ −, simplest first."""
    below: tuple[str, str] | None = None
    """(value, expression) of the nearest value below the target, when it is unreachable."""
    above: tuple[str, str] | None = None

    @property
    def hand(self) -> str:
        """The numbers as typed back to the user."""
        return " ".join(friendly_value(n) for n in self.numbers)


def solve_request(
    numbers: tuple[int | Fraction, ...], target: int | Fraction, integer_only: bool
) -> SolveResult:
    """Solve one request completely (runs in a thread or a worker process)."""
    found = solve(numbers, target, integer_only=integer_only)
    if found:
        return SolveResult(numbers, target, integer_only, tuple(s.pretty for s in found))
    near = closest(numbers, target, integer_only=integer_only)
    sides = [
        None if side is None else (friendly_value(side.value), side.pretty)
        for side in (near.below, near.above)
    ]
    return SolveResult(numbers, target, integer_only, (), sides[0], sides[1])


def _work(connection: Connection, numbers: tuple, target: object, integer_only: bool) -> None:
    connection.send(solve_request(numbers, target, integer_only))  # type: ignore[arg-type]
    connection.close()


class Solver:
    """Runs :func:`solve_request` within a time budget."""

    def __init__(self) -> None:
        self._slots: asyncio.Semaphore | None = None
        self._context: multiprocessing.context.BaseContext | None = None

    def _mp(self) -> multiprocessing.context.BaseContext:
        if self._context is None:
            # A fork server with the solver preloaded starts each worker in milliseconds and,
            # unlike a plain fork, never copies this process's threads or event loop.
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload(["solver"])
        return self._context

    async def solve(
        self,
        numbers: tuple[int | Fraction, ...],
        target: int | Fraction,
        *,
        integer_only: bool = False,
        timeout: float,
    ) -> SolveResult:
        """The result, or :class:`SolveTimeout` after ``timeout`` seconds."""
        if len(numbers) <= INLINE_LIMIT:
            return await asyncio.to_thread(solve_request, numbers, target, integer_only)
        if self._slots is None:
            self._slots = asyncio.Semaphore(WORKERS)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            await asyncio.wait_for(self._slots.acquire(), timeout)
        except TimeoutError:
            raise SolveTimeout from None
        try:
            return await self._in_process(numbers, target, integer_only, deadline - loop.time())
        finally:
            self._slots.release()

    async def _in_process(
        self, numbers: tuple, target: object, integer_only: bool, budget: float
    ) -> SolveResult:
        receiver, sender = self._mp().Pipe(duplex=False)
        process = self._mp().Process(target=_work, args=(sender, numbers, target, integer_only))
        process.start()
        sender.close()
        try:
            ready = await asyncio.to_thread(receiver.poll, max(budget, 0))
            if not ready:
                raise SolveTimeout
            return receiver.recv()
        except EOFError:
            raise SolveError("the solver process ended without an answer") from None
        finally:
            receiver.close()
            if process.is_alive():
                process.kill()
            await asyncio.to_thread(process.join, 5)


SOLVER = Solver()
"""The bot's shared solver runner."""
