"""The worker's side of the pool (:mod:`bot.services.workers.pool`): the loop each worker
process runs, with its memory cap and its pauses, and the messages it exchanges with the
pool (docs/design-platform.md, *Nothing one chat does slows down another*)."""

from __future__ import annotations

import contextlib
import gc
import os
import resource
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from solver.solutions import clear_caches


def _cap_memory(memory: int | None) -> None:
    """Let this process's address space grow at most ``memory`` bytes beyond its size now
    (nothing where the system cannot say its size or set the limit)."""
    if memory is None:
        return
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/statm", encoding="ascii") as statm:  # its size, in pages
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = size + memory if hard == resource.RLIM_INFINITY else min(size + memory, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def settle() -> None:
    """Collect the garbage made since the last call and exempt the survivors (the caches,
    mostly; still freed by reference counts) from later collections, which then scan only
    what the next job makes: a full one over grown caches took 0.3 to 0.5 s."""
    gc.collect()
    gc.freeze()


class Stopped(Exception):
    """The job's caller is gone: raised by ``report`` once the pool asked to stop."""


_running: tuple[Connection, int] | None = None
"""The pipe and id of the job this worker runs, while it runs one with reports."""
_stop: list[int] = []
"""The id of the job a stop came for, once it came."""


def stop_asked() -> bool:
    """Whether the pool asked this worker to stop the job it runs (a cheap poll of its pipe:
    false outside a job with reports)."""
    if _running is None:
        return False
    connection, job_id = _running
    while not _stop and connection.poll():
        message = connection.recv()
        if message == ("stop", job_id):
            _stop.append(job_id)
    return bool(_stop)


def _reporter(connection: Connection, job_id: int) -> Callable[[Any], None]:
    """What a job calls to send its caller a value before its result."""

    def report(value: Any) -> None:
        if stop_asked():
            raise Stopped
        connection.send((job_id, "progress", value))

    return report


def serve(connection: Connection, nice: int, memory: int | None = None) -> None:
    """A worker process: run jobs from the pipe until it closes, or until a job has run out
    of memory (the worker then ends, to be replaced by a fresh one)."""
    # Ctrl-C in a terminal reaches the whole process group: the bot decides when its
    # workers stop (they would otherwise die mid-job with a traceback each).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(nice)
    _cap_memory(memory)
    global _running
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message[0] == "stop":  # for a job that ended before the stop came
            continue
        job_id, function, args, reports = message
        _stop.clear()
        try:
            if reports:
                _running = (connection, job_id)
                result = function(*args, report=_reporter(connection, job_id))
            else:
                result = function(*args)
            reply = (job_id, "ok", result)
        except Stopped:
            reply = (job_id, "stopped", "Stopped")
        except MemoryError:
            reply = (job_id, "memory", "MemoryError")
        except Exception as error:
            reply = (job_id, "failed", f"{type(error).__name__}: {error}")
        finally:
            _running = None
        if reply[1] == "memory":
            # Outside the handler (whose traceback holds the job's frames), with the solver's
            # caches dropped: room to say so, then a fresh worker replaces this one.
            clear_caches()
            gc.collect()
            with contextlib.suppress(MemoryError, OSError):
                connection.send(reply)
            return
        connection.send(reply)
        settle()  # after the reply: a job waiting for this worker waits for it, no one else
