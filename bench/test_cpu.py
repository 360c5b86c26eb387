"""A pytest plugin for :mod:`bench.suite_cost`: each test's wall and CPU seconds.

The CPU is this process's, that of the children it reaped during the test (the bot
processes of the process tests), and that of multiprocessing's fork server and the children
it reaped (the solver workers, which are its children, not this process's), set up and tear
down included; records go as JSON lines to ``$TEST_CPU_FILE`` (each pytest process appends
its own).
"""

from __future__ import annotations

import json
import multiprocessing.forkserver
import os
import resource
import time
from collections.abc import Generator

import pytest


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + _fork_server()


def _fork_server() -> float:
    """CPU seconds of the fork server and of the workers it has reaped (0 before it starts)."""
    pid = getattr(multiprocessing.forkserver._forkserver, "_forkserver_pid", None)
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # utime, stime, cutime, cstime: fields 14 to 17 of proc(5), counted from the state (3).
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    """Time the test's whole protocol: set-up, call and tear-down."""
    cpu, wall = _cpu(), time.monotonic()
    yield
    record = {"id": item.nodeid, "wall": time.monotonic() - wall, "cpu": _cpu() - cpu}
    with open(os.environ["TEST_CPU_FILE"], "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
