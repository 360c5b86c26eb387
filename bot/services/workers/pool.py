"""Worker processes for the solver's heavy work, so the event loop never computes for long:
:meth:`WorkerPool.run`, with budgets, lanes, bounds, memory caps, priority and progress
reports (the worker's side: :mod:`bot.services.workers.process`).  The contract and why:
docs/design-platform.md, *Nothing one chat does slows down another*, and docs/design.md,
*/solve and inline mode*."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Literal, TypeVar

from bot.services.workers.failures import (
    AlreadyRunning,
    PoolBusy,
    PoolClosed,
    WorkFailed,
    WorkTimeout,
    WorkTooBig,
)
from bot.services.workers.idle import IdleWorkers
from bot.services.workers.process import serve, settle

logger = logging.getLogger(__name__)

__all__ = [
    "AlreadyRunning",
    "PoolBusy",
    "PoolClosed",
    "WorkFailed",
    "WorkTimeout",
    "WorkTooBig",
    "WorkerPool",
    "settle",
]

T = TypeVar("T")
Lane = Literal["game", "search"]


START_BUDGET = 30.0
"""Seconds a new worker may take to be ready for its first job."""
MEMORY = 256 * 1024 * 1024
"""Bytes a worker's address space may grow by (the solver's usual jobs need under 20 MiB)."""


@dataclass(eq=False)
class _Job:
    id: int
    function: Callable[..., Any]
    args: tuple[Any, ...]
    lane: Lane
    owner: Hashable | None
    future: asyncio.Future[Any] = field(repr=False)
    progress: Callable[[Any], None] | None = None
    linger: float = 0.0
    queued_at: float = field(default_factory=lambda: asyncio.get_running_loop().time())
    started_at: float | None = None  # when it was given to a worker (on the loop's clock)


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: Connection
    job: _Job | None = None
    overrun: asyncio.TimerHandle | None = None
    """When the worker of an abandoned job is killed unless the job has ended."""


class WorkerPool:
    """Long-lived worker processes with two lanes, budgets and bounded queues."""

    def __init__(
        self,
        *,
        workers: int = 3,
        search_workers: int = 2,
        search_queue: int = 32,
        game_queue: int = 256,
        nice: int = 10,
        memory: int | None = MEMORY,
        preload: Sequence[str] = (
            "bot.services.worker_start",  # first, before the package's face
            "solver",
            "bot.rules.hands",
            "bot.rules.requests",
            "bot.services.solving.searching",
            # Each worker runs serve from here: imported once, not by every new worker.
            "bot.services.workers.process",
        ),
        idle_workers: IdleWorkers | None = None,
    ) -> None:
        if not 0 < search_workers < workers:
            raise ValueError("search_workers must leave at least one worker for the game")
        self.size = workers
        self.search_workers = search_workers
        self.bounds: dict[Lane, int] = {"game": game_queue, "search": search_queue}
        self.nice = nice
        self.memory = memory
        self.preload = list(preload)
        self.idle_workers = idle_workers
        self.kind = (nice, memory)  # the idle workers it takes and leaves are of its kind
        self._queues: dict[Lane, deque[_Job]] = {"game": deque(), "search": deque()}
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._starting = 0
        self._owners: set[Hashable] = set()
        self._ids = itertools.count()
        self._context: multiprocessing.context.ForkServerContext | None = None
        self._closed = False
        self._started: asyncio.Future[None] | None = None
        # As a job ends: its lane, when it was queued and given to a worker (None: never).
        self.on_done: Callable[[Lane, float, float | None], object] | None = None

    # --- the callers' side ------------------------------------------------------------------

    async def run(
        self,
        function: Callable[..., T],
        *args: Any,
        budget: float,
        lane: Lane = "game",
        owner: Hashable | None = None,
        progress: Callable[[Any], None] | None = None,
        linger: float = 0.0,
    ) -> T:
        """``function(*args)`` computed in a worker within ``budget`` seconds (see the module's
        contract for what it raises), or ``function(*args, report=...)`` with ``progress``;
        abandoned while it runs, its worker is killed at once, or ``linger`` seconds later if
        the job has not stopped by then."""
        if self._closed:
            raise PoolClosed("the pool is closed")
        queue = self._queues[lane]
        if lane == "search" and owner is not None and owner in self._owners:
            raise AlreadyRunning
        if len(queue) >= self.bounds[lane]:
            raise PoolBusy(lane)
        loop = asyncio.get_running_loop()
        job = _Job(
            next(self._ids), function, args, lane, owner, loop.create_future(), progress, linger
        )
        if lane == "search" and owner is not None:
            self._owners.add(owner)
        queue.append(job)
        self._pump()
        try:
            return await asyncio.wait_for(asyncio.shield(job.future), budget)
        except TimeoutError:
            raise WorkTimeout(queued=job in queue) from None
        finally:
            self._abandon(job)

    def queued(self, lane: Lane) -> int:
        """Jobs of a lane waiting for a worker."""
        return len(self._queues[lane])

    def running(self, lane: Lane) -> int:
        """Jobs of a lane being computed now."""
        return sum(1 for worker in self._busy if worker.job and worker.job.lane == lane)

    def pids(self) -> set[int | None]:
        """Process ids of the workers alive now (idle or busy)."""
        return {worker.process.pid for worker in [*self._idle, *self._busy]}

    async def start(self) -> None:
        """Start the worker processes now rather than at the first job, and return once each
        has run a first job (a new process may still be importing for a while after it is
        started: a program started as a script has its script imported again in each)."""
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
            self._started.add_done_callback(lambda done: done.cancelled() or done.exception())
        await asyncio.shield(self._started)

    async def _start(self) -> None:
        # One try per place, no more workers than places (counted, as _pump counts its own).
        for _ in range(self.size):
            if len(self._idle) + len(self._busy) + self._starting >= self.size:
                break
            self._starting += 1
            await self._spawn(counted=True)
        self._pump()
        # Each worker takes one of these, as none is free before its answer.
        await asyncio.gather(
            *(self.run(os.getpid, budget=START_BUDGET) for _ in range(self.size)),
            return_exceptions=True,
        )

    async def close(self) -> None:
        """End every queued and running job (their callers get :class:`PoolClosed`) and stop
        the workers at once."""
        self._closed = True
        for queue in self._queues.values():
            while queue:
                self._finish(queue.popleft(), PoolClosed("the pool is closed"))
        for worker in [*self._idle, *self._busy]:
            if worker.job is not None:
                self._finish(worker.job, PoolClosed("the pool is closed"))
            self._stop(worker, keep=worker.job is None)
        self._idle.clear()
        self._busy.clear()

    # --- dispatching ------------------------------------------------------------------------

    def _next_job(self) -> _Job | None:
        if self._queues["game"]:
            return self._queues["game"].popleft()
        if self._queues["search"] and self.running("search") < self.search_workers:
            return self._queues["search"].popleft()
        return None

    def _pump(self) -> None:
        """Start queued jobs on idle workers, and more workers while jobs wait."""
        if self._closed:
            return
        while self._idle:
            job = self._next_job()
            if job is None:
                break
            self._assign(self._idle.pop(), job)
        waiting = len(self._queues["game"]) + (
            len(self._queues["search"]) if self.running("search") < self.search_workers else 0
        )
        total = len(self._idle) + len(self._busy) + self._starting
        for _ in range(min(waiting - self._starting, self.size - total)):
            self._starting += 1
            asyncio.get_running_loop().create_task(self._spawn(counted=True))

    def _assign(self, worker: _Worker, job: _Job) -> None:
        worker.job = job
        job.started_at = asyncio.get_running_loop().time()
        self._busy.add(worker)
        try:
            worker.connection.send((job.id, job.function, job.args, job.progress is not None))
        except (OSError, ValueError) as error:  # a dead worker, or arguments that won't pickle
            self._finish(job, WorkFailed(str(error)))
            self._retire(worker)

    async def _spawn(self, *, counted: bool = False) -> None:
        try:
            process, ours = await self._new_worker()
        except Exception as error:
            logger.error("Cannot start a solver worker: %s", error)
            if not self._idle and not self._busy:
                # With no worker at all, the queued jobs would only wait for their budgets.
                for queue in self._queues.values():
                    while queue:
                        self._finish(queue.popleft(), WorkFailed(f"no worker: {error}"))
            return
        finally:
            if counted:
                self._starting -= 1
        worker = _Worker(process, ours)
        if self._closed:
            self._stop(worker, keep=True)
            return
        asyncio.get_running_loop().add_reader(ours.fileno(), self._readable, worker)
        self._idle.append(worker)
        self._pump()

    async def _new_worker(self) -> tuple[BaseProcess, Connection]:
        idle = self.idle_workers  # one kept idle, reset first (in a thread: that waits)
        if idle is not None and (kept := await asyncio.to_thread(idle.take, self.kind)):
            return kept
        if self._context is None:
            # A fork server, the solver preloaded: workers in ms, no threads or loop copied.
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload(self.preload)
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=serve, args=(theirs, self.nice, self.memory), daemon=True, name="solver worker"
        )
        # It talks to the fork server (which may first import the solver): off the loop.
        await asyncio.to_thread(process.start)
        theirs.close()
        return process, ours

    def _readable(self, worker: _Worker) -> None:
        """The worker's pipe has data: its job's result, or the end of a dead worker."""
        try:
            job_id, status, value = worker.connection.recv()
        except (EOFError, OSError):
            if worker.job is not None:
                self._finish(worker.job, WorkFailed("the worker process died"))
            self._retire(worker)
            return
        job = worker.job
        if status == "progress":  # the job runs on
            if job is not None and job.id == job_id and job.progress and not job.future.done():
                job.progress(value)
            return
        worker.job = None
        if worker.overrun is not None:  # an abandoned job that stopped in time
            worker.overrun.cancel()
            worker.overrun = None
        if job is not None and job.id == job_id:
            failed = {"failed": WorkFailed, "memory": WorkTooBig}.get(status)
            self._finish(job, value if failed is None else failed(value))
        if status == "memory":  # the worker ends after a MemoryError: a fresh one replaces it
            self._retire(worker)
            return
        self._busy.discard(worker)
        self._idle.append(worker)
        self._pump()

    def _finish(self, job: _Job, outcome: object) -> None:
        if job.future.done():  # an abandoned job ending: its owner may run another by now
            return
        if job.lane == "search" and job.owner is not None:
            self._owners.discard(job.owner)
        if self.on_done is not None:
            self.on_done(job.lane, job.queued_at, job.started_at)
        if isinstance(outcome, BaseException):
            job.future.set_exception(outcome)
            job.future.exception()  # retrieved: an abandoned job's error is not logged
        else:
            job.future.set_result(outcome)

    def _abandon(self, job: _Job) -> None:
        """The caller is gone (result, timeout or cancellation): free what the job holds."""
        if job.future.done():
            return
        with contextlib.suppress(ValueError):
            self._queues[job.lane].remove(job)
            self._finish(job, WorkTimeout())
            return
        for worker in self._busy:
            if worker.job is job:
                self._finish(job, WorkTimeout())
                if job.linger > 0 and self._ask_to_stop(worker, job):
                    loop = asyncio.get_running_loop()
                    worker.overrun = loop.call_later(job.linger, self._overran, worker, job)
                else:
                    self._retire(worker)
                break
        self._pump()

    def _ask_to_stop(self, worker: _Worker, job: _Job) -> bool:
        """Tell a worker its job is abandoned (it still counts as running until it ends)."""
        try:
            worker.connection.send(("stop", job.id))
        except (OSError, ValueError):
            return False
        return True

    def _overran(self, worker: _Worker, job: _Job) -> None:
        if worker.job is job:
            logger.info("A solver worker overran its abandoned job by %.1f s", job.linger)
            self._retire(worker)

    def _retire(self, worker: _Worker) -> None:
        self._busy.discard(worker)
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)
        self._stop(worker)
        self._pump()

    def _stop(self, worker: _Worker, *, keep: bool = False) -> None:  # keep: for idle_workers
        if worker.overrun is not None:
            worker.overrun.cancel()
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(worker.connection.fileno())
        if keep and self.idle_workers is not None and self.idle_workers.give(self.kind, worker):
            return
        worker.connection.close()
        if worker.process.is_alive():
            worker.process.kill()
        # Reap it without waiting here: join with no timeout could block the event loop.
        asyncio.get_running_loop().run_in_executor(None, worker.process.join, 5)
