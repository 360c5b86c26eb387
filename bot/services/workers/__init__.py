"""The solver's worker processes, and their face: the rest of the bot imports from here only.
The package owns the pool (:class:`WorkerPool`, pool.py: lanes, budgets, bounds, memory caps),
a worker's loop (process.py), idle workers kept between pools (idle.py) and what a caller is
told instead of a result (failures.py); the fork server's first import stands beside it
(:mod:`bot.services.worker_start`)."""

from bot.services.workers.failures import (
    AlreadyRunning,
    PoolBusy,
    PoolClosed,
    WorkFailed,
    WorkTimeout,
    WorkTooBig,
)
from bot.services.workers.idle import IdleWorkers
from bot.services.workers.pool import WorkerPool
from bot.services.workers.process import settle, stop_asked

__all__ = [
    "AlreadyRunning",
    "IdleWorkers",
    "PoolBusy",
    "PoolClosed",
    "WorkFailed",
    "WorkTimeout",
    "WorkTooBig",
    "WorkerPool",
    "settle",
    "stop_asked",
]
