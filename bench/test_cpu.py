"""A pytest plugin for :mod:`bench.suite_cost`: each test's wall and CPU seconds.

The CPU is this process's, that of the children it reaped during the test (the bot
processes of the process tests), and that of multiprocessing's fork server and its children
(the solver workers, which are its children, not this process's: those it reaped and those
still running, which the bots of a test process share), set up and tear down included; the
fork server's and workers' share is also recorded alone (``workers``).  Records go as JSON
lines to ``$TEST_CPU_FILE`` (each pytest process appends its own).
"""

from __future__ import annotations

import json
import multiprocessing.forkserver
import os
import resource
import time
from collections.abc import Generator

import pytest


def _cpu() -> tuple[float, float]:
    """CPU seconds so far: in all, and of the fork server and its workers alone."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = _fork_server()
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + workers, workers


def _ticks(pid: int, reaped: bool) -> int:
    """A process's user and system clock ticks, with those of its reaped children."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    # utime, stime, cutime, cstime: fields 14 to 17 of proc(5), counted from the state (3).
    return sum(int(value) for value in fields[11 : 15 if reaped else 13])


def _fork_server() -> float:
    """CPU seconds of the fork server, of the workers it has reaped and of those it runs
    (0 before it starts).  A worker reaped between two readings moves from the second sum
    to the first whole, so that a difference counts every worker's share once."""
    pid = getattr(multiprocessing.forkserver._forkserver, "_forkserver_pid", None)
    if pid is None:
        return 0.0
    ticks = _ticks(pid, reaped=True)
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as children:
            running = [int(child) for child in children.read().split()]
    except OSError:
        running = []
    ticks += sum(_ticks(child, reaped=False) for child in running)
    return ticks / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    """Time the test's whole protocol: set-up, call and tear-down."""
    (cpu, workers), wall = _cpu(), time.monotonic()
    yield
    cpu_after, workers_after = _cpu()
    record = {
        "id": item.nodeid,
        "wall": time.monotonic() - wall,
        "cpu": cpu_after - cpu,
        "workers": workers_after - workers,
    }
    with open(os.environ["TEST_CPU_FILE"], "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
