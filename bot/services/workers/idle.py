"""Worker processes kept idle between worker pools, for a program that makes many pools (the
test suite), reset before each is handed out; the bot never keeps workers
(docs/design-platform.md, *Nothing one chat does slows down another*)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Hashable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Protocol

RESET_BUDGET = 10.0
"""Seconds a kept worker may take to run ``reset`` before it is stopped instead."""
RESET_JOB = -1
"""The job id of ``reset`` (a pool numbers its own jobs from 0)."""


class Worker(Protocol):
    """A worker as a pool holds it: its process and its end of the pipe."""

    process: BaseProcess
    connection: Connection


class IdleWorkers:
    """Idle worker processes, by kind, for the next pool that asks."""

    def __init__(self, reset: Callable[[], object] | None = None, *, kept: int = 8) -> None:
        """``reset`` is a picklable, module-level function run in a worker before it is
        handed out; at most ``kept`` workers of each kind are kept."""
        self.reset = reset
        self.kept = kept
        self._workers: dict[Hashable, list[tuple[BaseProcess, Connection]]] = {}
        self._lock = threading.Lock()  # take() runs in threads, give() on the event loop

    def take(self, kind: Hashable) -> tuple[BaseProcess, Connection] | None:
        """A worker of ``kind``, reset, or None.  It blocks while the worker resets: call it
        off the event loop."""
        while True:
            with self._lock:
                workers = self._workers.get(kind)
                if not workers:
                    return None
                process, connection = workers.pop()
            if self._ready(process, connection):
                return process, connection
            _stop(process, connection)

    def give(self, kind: Hashable, worker: Worker) -> bool:
        """Keep an idle worker of ``kind``; False if it is not kept (the caller stops it)."""
        if not worker.process.is_alive():
            return False
        with self._lock:
            workers = self._workers.setdefault(kind, [])
            if len(workers) >= self.kept:
                return False
            workers.append((worker.process, worker.connection))
        return True

    def count(self) -> int:
        """Workers kept now, of every kind."""
        with self._lock:
            return sum(len(workers) for workers in self._workers.values())

    def _ready(self, process: BaseProcess, connection: Connection) -> bool:
        """Whether a kept worker is alive, has nothing unread to say (a dead one's pipe reads
        as its end) and has run ``reset``."""
        try:
            if not process.is_alive() or connection.poll():
                return False
            if self.reset is None:
                return True
            connection.send((RESET_JOB, self.reset, (), False))
            if not connection.poll(RESET_BUDGET):
                return False
            job_id, status, _value = connection.recv()
        except (EOFError, OSError, ValueError):
            return False
        return job_id == RESET_JOB and status == "ok"


def _stop(process: BaseProcess, connection: Connection) -> None:
    """Stop a worker that will not be handed out (off the event loop: this waits for it)."""
    connection.close()
    with contextlib.suppress(ValueError):
        if process.is_alive():
            process.kill()
        process.join(5)
