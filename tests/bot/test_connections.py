"""The web server's guards one by one: accepts that fail for want of files pause instead of
spinning, repeated log lines are kept to a few, and the soft file limit is raised."""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
import socket
import subprocess
import sys

import pytest

from bot.services.web.connections import RepeatFilter, _Acceptor
from tests.bot.harness import ROOT


class _OutOfFiles(socket.socket):
    """A listening socket whose accepts fail as they do once the process is out of files."""

    accepts = 0

    def accept(self) -> tuple[socket.socket, object]:
        self.accepts += 1
        raise OSError(errno.EMFILE, "Too many open files")


@pytest.mark.asyncio
async def test_an_accept_out_of_files_pauses_instead_of_spinning() -> None:
    with _OutOfFiles(socket.AF_INET, socket.SOCK_STREAM) as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        listening.setblocking(False)
        # A connection waits to be accepted, so the socket stays readable throughout.
        with socket.create_connection(listening.getsockname()):
            acceptor = _Acceptor(listening, lambda connection, address: None)
            try:
                await asyncio.sleep(0.5)
            finally:
                acceptor.remove()
    # Pauses of 0.05, 0.1, 0.2 s and more: a handful of tries in half a second, not the
    # hundreds of thousands of a loop trying again at once.
    assert 2 <= listening.accepts <= 6


def test_repeated_lines_are_kept_to_a_few_a_minute() -> None:
    kept = RepeatFilter(burst=5, period=60)
    record = logging.LogRecord("tornado.general", logging.ERROR, "", 0, "accept failed", (), None)
    passed = [kept.filter(record) for _ in range(1000)]
    assert passed.count(True) == 5


def test_the_soft_file_limit_is_raised_to_the_hard_one() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"the hard file limit here is {hard}")

    def lower_soft() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))

    script = (
        "import resource\n"
        "from bot.services.web.connections import raise_file_limit\n"
        "print(raise_file_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=lower_soft,
        check=True,
    )
    returned, now = map(int, done.stdout.split())
    assert now > 256
    assert returned == now
