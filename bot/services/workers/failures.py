"""What the worker pool's callers may be told instead of a job's result
(:mod:`bot.services.workers.pool`)."""

from __future__ import annotations


class WorkFailed(Exception):
    """The job raised an exception, or its worker died."""


class WorkTooBig(WorkFailed):
    """The job needed more memory than a worker may have."""


class PoolClosed(WorkFailed):
    """The pool was closed before the job finished."""


class WorkTimeout(Exception):
    """The job's budget ran out (queueing included); ``queued``: before it reached a worker."""

    def __init__(self, *, queued: bool = False) -> None:
        super().__init__("queued" if queued else "running")
        self.queued = queued


class PoolBusy(Exception):
    """The lane's queue is full; nothing was started."""


class AlreadyRunning(Exception):
    """The owner already has a search queued or running; nothing was started."""
