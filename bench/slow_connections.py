"""The slow-connection attack on the web port, for ``bench/isolation_bench.py``.

The real ``python -m bot`` process polls the local Bot API (served on 127.0.0.1) and serves
the Mini App on a port of its own, with its file limit lowered to :data:`FILE_LIMIT` (soft
and hard, so that it cannot raise it: the worst case).  The probe sends ``/start`` in private
every 250 ms from four users in turn, as the isolation run's does, and its latency (from when
each was due to the reply) is measured twice in the same process: for ``seconds`` with the
web port quiet, then for ``seconds`` while :data:`FLOOD` connections from twenty addresses
(127.0.0.10 to .29) each send half a request line and no more; one the server closes is
opened again at once.  Once the flood is on, the local Bot API closes its connections, as a
network may, so that the bot needs new files to reach it.  The flood runs in a process of
its own (``python bench/slow_connections.py flood PORT COUNT SECONDS``), so that its work
does not slow the local Bot API, which shares this script's event loop with the probe.  Each
second meanwhile, a plain ``GET /app/`` on a new connection from 127.0.0.2 measures the page
(failures and the slowest answer).  Reported beside the probe: the log lines and bytes the
bot wrote during the attack, and how many slow connections the server closed or never
accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import resource
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

FILE_LIMIT = 1024
"""The bot process's file limit: a common default."""
FLOOD = 1100
"""Slow connections held open during the attack."""
FLOODERS = [f"127.0.0.{10 + index}" for index in range(20)]
"""The flood's addresses: 55 connections each, fewer than a bot lets one address hold, so
that it is the cap of the whole server that they meet."""
PLAYER = "127.0.0.2"
"""Where the page's requests come from."""
HALF_REQUEST = b"GET /app/ HTTP/1.1\r\nHo"
PROBE_USERS = [301, 302, 303, 304]
PROBE_EVERY = 0.25
PROBE_WINDOW = 10.0
"""A probe with no reply this long after it was due counts as unanswered."""
STARTUP_LIMIT = 60.0


@dataclass
class _Probe:
    due: float
    chat: int
    replied: float | None = None


@dataclass
class _Phase:
    """One phase's probes and page requests."""

    probes: list[_Probe] = field(default_factory=list)
    pages: list[float | None] = field(default_factory=list)
    """Seconds each ``GET /app/`` took; None for a failure."""

    def figures(self) -> dict[str, Any]:
        late = sorted(
            (p.replied - p.due) * 1000 if p.replied is not None else math.inf for p in self.probes
        )

        def rank(share: float) -> float | None:
            if not late:
                return None
            value = late[min(len(late) - 1, max(0, math.ceil(share * len(late)) - 1))]
            return None if math.isinf(value) else round(value, 1)

        served = [t for t in self.pages if t is not None]
        return {
            "probes": len(self.probes),
            "no_reply_within_10s": sum(x > PROBE_WINDOW * 1000 for x in late),
            "p50_ms": rank(0.5),
            "p99_ms": rank(0.99),
            "max_ms": rank(1.0),
            "pages": len(self.pages),
            "pages_failed": len(self.pages) - len(served),
            "page_max_ms": round(max(served) * 1000, 1) if served else None,
        }


def _lower_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Flood:
    """:data:`FLOOD` slow connections, each opened again when the server closes it."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.closed_by_server = 0
        self.connect_failures = 0
        self.open = 0
        self._stopping = False
        self._tasks: list[asyncio.Task[None]] = []

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._hold(FLOODERS[index % len(FLOODERS)]))
            for index in range(self.count)
        ]

    async def _hold(self, source: str) -> None:
        loop = asyncio.get_running_loop()
        while not self._stopping:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            try:
                sock.bind((source, 0))
                await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", self.port)), 2)
                await asyncio.wait_for(loop.sock_sendall(sock, HALF_REQUEST), 2)
            except (OSError, TimeoutError):
                self.connect_failures += 1
                sock.close()
                await asyncio.sleep(0.2)
                continue
            self.open += 1
            try:
                await loop.sock_recv(sock, 1024)  # returns once the server closes it
                self.closed_by_server += 1
            except OSError:
                self.closed_by_server += 1
            finally:
                self.open -= 1
                sock.close()


async def _probe(api: Any, phase: _Phase, replies: dict[int, list[float]], seconds: float) -> None:
    """``/start`` every :data:`PROBE_EVERY` for ``seconds``; waits for the last replies."""
    start = time.perf_counter()
    index = 0
    while (due := start + index * PROBE_EVERY) < start + seconds:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        user = PROBE_USERS[index % len(PROBE_USERS)]
        api.send(user, user, "/start")
        phase.probes.append(_Probe(due, user))
        index += 1
    deadline = time.perf_counter() + PROBE_WINDOW
    while time.perf_counter() < deadline:
        _match(phase, replies)
        if all(p.replied is not None for p in phase.probes):
            return
        await asyncio.sleep(0.05)
    _match(phase, replies)


def _match(phase: _Phase, replies: dict[int, list[float]]) -> None:
    """Give each reply to the oldest probe of its chat still waiting (private replies do
    not quote)."""
    for probe in phase.probes:
        if probe.replied is None and replies[probe.chat]:
            at = replies[probe.chat].pop(0)
            probe.replied = at


async def _pages(port: int, phase: _Phase, stop: asyncio.Event) -> None:
    """``GET /app/`` on a new connection every second until ``stop``."""
    while not stop.is_set():
        started = time.perf_counter()
        try:
            transport = httpx.AsyncHTTPTransport(local_address=PLAYER)
            async with httpx.AsyncClient(transport=transport, timeout=5) as client:
                reply = await client.get(f"http://127.0.0.1:{port}/app/")
            phase.pages.append(time.perf_counter() - started if reply.status_code == 200 else None)
        except httpx.HTTPError:
            phase.pages.append(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), max(0.0, 1 - (time.perf_counter() - started)))


async def slow_connection_attack(
    root: Path, new_api: Callable[[], Any], serve: Callable[..., Any], seconds: float
) -> dict[str, Any]:
    """The attack on the bot of the checkout at ``root``: the figures (see the module)."""
    flood_size = FLOOD
    api = new_api()
    for user in PROBE_USERS:
        api.add_user(user, f"Probe {user}")
    replies: dict[int, list[float]] = {user: [] for user in PROBE_USERS}

    def sent(message: dict[str, Any]) -> None:
        chat = message["chat"]["id"]
        if chat in replies and not message.get("edited"):
            replies[chat].append(time.perf_counter())

    api.on_sent(sent)
    server, api_port = await serve(api, "127.0.0.1", 0)
    home = Path(tempfile.mkdtemp(prefix="twentyfour-slow-"))
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TWENTYFOUR_"))}
    env.update(
        TELEGRAM_BOT_TOKEN="42:BENCH",
        TELEGRAM_API_URL=f"http://127.0.0.1:{api_port}",
        TWENTYFOUR_DATA_DIR=str(home / "data"),
        TWENTYFOUR_WEBAPP_URL="https://bench.example/app/",
        TWENTYFOUR_WEB_PORT=str(port),
        PYTHONPATH=str(root),
    )
    log_path = home / "bot.log"
    figures: dict[str, Any] = {"file_limit": FILE_LIMIT, "flood": flood_size}
    with open(log_path, "wb") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=home,
            env=env,
            stdout=output,
            stderr=output,
            preexec_fn=_lower_file_limit,
        )
    flooder: asyncio.subprocess.Process | None = None
    try:
        api.send(PROBE_USERS[0], PROBE_USERS[0], "/start")
        deadline = time.perf_counter() + STARTUP_LIMIT
        while not replies[PROBE_USERS[0]] and time.perf_counter() < deadline:
            if process.returncode is not None:
                break
            await asyncio.sleep(0.05)
        if not replies[PROBE_USERS[0]]:
            figures["failed"] = "the bot did not answer /start"
            return figures
        await asyncio.sleep(2)  # the start-up's own work, and the probe chats' limits, settle
        for chat in replies.values():
            chat.clear()
        for name, attacking in (("quiet", False), ("attack", True)):
            phase = _Phase()
            if attacking:
                flooder = await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    "flood",
                    str(port),
                    str(flood_size),
                    str(seconds + PROBE_WINDOW + 2),
                    stdout=asyncio.subprocess.PIPE,
                )
                await asyncio.sleep(1)  # the connections are opened
                # The bot's connections to the Bot API drop (as a network's do), so that it
                # needs files for new ones.
                await server.close_all_connections()
                log_before = log_path.stat().st_size
                lines_before = log_path.read_bytes().count(b"\n")
            stop = asyncio.Event()
            pages = asyncio.create_task(_pages(port, phase, stop))
            await _probe(api, phase, replies, seconds)
            stop.set()
            await pages
            figures[name] = phase.figures()
            if attacking and flooder is not None:
                figures["log_bytes_during_attack"] = log_path.stat().st_size - log_before
                figures["log_lines_during_attack"] = (
                    log_path.read_bytes().count(b"\n") - lines_before
                )
                flooder.send_signal(signal.SIGINT)
                out, _ = await asyncio.wait_for(flooder.communicate(), 30)
                figures.update(json.loads(out or b"{}"))
            for chat in replies.values():
                chat.clear()
    finally:
        if flooder is not None and flooder.returncode is None:
            flooder.kill()
            await flooder.wait()
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()
        figures["exit_status"] = process.returncode
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
    return figures


def table_lines(figures: dict[str, Any]) -> list[str]:
    """The attack's lines in the isolation bench's table."""
    head = (
        f"slow connections: {figures.get('flood')} to the web port, the bot's file limit "
        f"{figures.get('file_limit')}"
    )
    if "failed" in figures:
        return [head, f"  {figures['failed']}"]

    def ms(value: float | None) -> str:
        return "no reply" if value is None else f"{value:.1f} ms"

    lines = [head]
    for name in ("quiet", "attack"):
        f = figures.get(name)
        if f is None:
            continue
        lines.append(
            f"  {name:6}  probe p50 {ms(f['p50_ms'])}, p99 {ms(f['p99_ms'])}, max "
            f"{ms(f['max_ms'])}, {f['no_reply_within_10s']} of {f['probes']} unanswered; "
            f"GET /app/ {f['pages'] - f['pages_failed']} of {f['pages']} served, slowest "
            f"{ms(f['page_max_ms'])}"
        )
    if "log_lines_during_attack" in figures:
        lines.append(
            f"  the bot's log during the attack: {figures['log_lines_during_attack']} lines, "
            f"{figures['log_bytes_during_attack']} bytes; slow connections closed by the "
            f"server: {figures['closed_by_server']}, not accepted in 2 s: "
            f"{figures['connect_failures']}"
        )
    return lines


async def _flood_for(port: int, count: int, seconds: float) -> dict[str, int]:
    """Hold ``count`` slow connections to ``port`` for ``seconds`` (or until SIGINT)."""
    flood = _Flood(port, count)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGINT, stop.set)
    flood.start()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    held = flood.open
    await flood.stop()
    return {
        "held_at_end": held,
        "closed_by_server": flood.closed_by_server,
        "connect_failures": flood.connect_failures,
    }


if __name__ == "__main__" and sys.argv[1:2] == ["flood"]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port_text, count_text, seconds_text = sys.argv[2:5]
    figures = asyncio.run(_flood_for(int(port_text), int(count_text), float(seconds_text)))
    print(json.dumps(figures), flush=True)
