"""Jobs for the worker pool's tests (worker processes import them by name)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from solver import solutions


def add(a: int, b: int) -> int:
    """A quick job."""
    return a + b


def sleep(seconds: float) -> float:
    """A job that takes ``seconds``."""
    time.sleep(seconds)
    return seconds


def fail(message: str) -> None:
    """A job that raises."""
    raise ValueError(message)


def die() -> None:
    """A job whose worker process dies."""
    os._exit(3)


def strings(count: int, length: int) -> list[str]:
    """A large result."""
    return [f"{i:0{length}d}" for i in range(count)]


def pid() -> int:
    """The worker's process id."""
    return os.getpid()


def hoard(mib: int) -> int:
    """A job that holds ``mib`` MiB at once (written, so that it is really used)."""
    held = bytearray(mib * 1024 * 1024)
    held[::4096] = b"x" * len(held[::4096])
    return len(held)


def count_to(last: int, *, report: Callable[[int], None]) -> int:
    """A job that reports 1 to ``last`` before its result, ``last``."""
    for i in range(1, last + 1):
        report(i)
    return last


def report_pid(seconds: float, *, report: Callable[[int], None]) -> int:
    """A job that reports its worker's process id every 10 ms for ``seconds`` (until its
    ``report`` raises, once the pool asks it to stop)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        report(os.getpid())
        time.sleep(0.01)
    return os.getpid()


def sleep_reporting(seconds: float, *, report: Callable[[int], None]) -> float:
    """A job that reports once, then takes ``seconds`` without looking at its pipe."""
    report(os.getpid())
    time.sleep(seconds)
    return seconds


def kept_lists(seconds: float) -> tuple[int, int]:
    """After ``seconds``, the worker's process id and how many solution lists the solver
    keeps there (:func:`solver.solve` keeps its last few)."""
    time.sleep(seconds)
    return os.getpid(), len(solutions._LISTED)


def list_then_count(seconds: float) -> tuple[int, int]:
    """List a hand's solutions after ``seconds``: as :func:`kept_lists`, after it."""
    time.sleep(seconds)
    solutions.solve([3, 3, 8, 8])
    return os.getpid(), len(solutions._LISTED)


_KEPT: list[bytearray] = []


def keep(mib: int) -> int:
    """A job that leaves ``mib`` MiB held in its worker (written): a worker grown by it."""
    held = bytearray(mib * 1024 * 1024)
    held[::4096] = b"x" * len(held[::4096])
    _KEPT.append(held)
    return os.getpid()
