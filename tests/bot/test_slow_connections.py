"""A flood of slow connections to the web port of a real ``python -m bot`` process, whose file
limit is lowered below the flood: the bot goes on answering Telegram, the web server goes on
serving complete requests, and the log stays quiet.

Everything stays on 127.0.0.1; the flood is a few hundred sockets held for a few seconds.
"""

from __future__ import annotations

import asyncio
import resource
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.local_api import LocalBotApi, serve
from bot.services.web import WebServer
from bot.services.web.connections import STALE_SECONDS
from tests.bot.harness import ANN, BOB, ROOT, _env, _free_port, make_api, seed_tables, until

FILE_LIMIT = 256
"""The bot's file limit, soft and hard (so that it cannot raise it): a common 1,024 scaled
down, to keep the flood small."""
FLOOD = 400
"""Slow connections opened at once: well over the bot's file limit."""
FLOODERS = [f"127.0.0.{10 + index}" for index in range(8)]
"""Where the flood comes from: eight addresses, each under the cap per address (the
flood in all over the cap of the whole server)."""
TELEGRAM = "127.0.0.2"
"""Where Telegram's (and a player's) complete requests come from."""
HALF_REQUEST = b"GET /app/ HT"
"""Half a request line, never finished."""
QUIET_LOG = 20
"""Log lines the flood may cause at most (without the caps: hundreds of thousands)."""


def _lower_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


@dataclass
class Running:
    """A bot process serving the Mini App, its Bot API, its web port and its log so far."""

    api: LocalBotApi
    api_server: Any
    """The local Bot API's HTTP server, on 127.0.0.1."""
    port: int
    log: list[str] = field(default_factory=list)


SECRET = "s3cret"


@asynccontextmanager
async def limited_bot(tmp_path: Path, *, webhook: bool = False) -> AsyncIterator[Running]:
    """A bot process with the Mini App served on a free port (with ``webhook``, the
    webhook's too), a file limit of :data:`FILE_LIMIT`, and its log read as it comes (a full
    pipe would stop it)."""
    api = make_api()
    server, api_port = await serve(api)
    seed_tables(tmp_path / "data")  # nothing to work out at start-up: a quiet process
    port = _free_port()
    hook = {
        "TELEGRAM_WEBHOOK_URL": "https://bot.example/telegram",
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
        "TELEGRAM_WEBHOOK_PORT": str(port),
    }
    env = _env(
        tmp_path,
        TELEGRAM_BOT_TOKEN="42:SLOW",
        TELEGRAM_API_URL=f"http://127.0.0.1:{api_port}",
        TWENTYFOUR_WEBAPP_URL="https://bot.example/app/",
        TWENTYFOUR_WEB_PORT=str(port),
        **(hook if webhook else {}),
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=_lower_file_limit,
    )
    running = Running(api, server, port)

    async def read_log() -> None:
        assert process.stderr is not None
        while line := await process.stderr.readline():
            running.log.append(line.decode(errors="replace"))

    reader = asyncio.create_task(read_log())
    try:
        if webhook:  # the server listens before the webhook is set
            await until(lambda: "setWebhook" in api.calls, timeout=30)
        else:
            api.send(ANN, ANN, "/start")
            await api.wait_for_sent(1, timeout=30)
            await until(
                lambda: any("Serving the Mini App" in line for line in running.log), timeout=10
            )
        yield running
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), timeout=20)
        finally:
            if process.returncode is None:
                process.kill()
            await asyncio.wait_for(reader, timeout=5)
            server.stop()
    assert process.returncode == 0, "".join(running.log[-20:])


async def _slow_connection(port: int, source: str = "127.0.0.1") -> socket.socket | None:
    """A connection from ``source`` that sends half a request line and no more (None: it
    never connected)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    try:
        sock.bind((source, 0))
        await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", port)), timeout=2)
        await asyncio.wait_for(loop.sock_sendall(sock, HALF_REQUEST), timeout=2)
    except (OSError, TimeoutError):
        sock.close()
        return None
    return sock


@asynccontextmanager
async def slow_flood(
    port: int, count: int = FLOOD, sources: list[str] = FLOODERS
) -> AsyncIterator[list[socket.socket]]:
    """``count`` slow connections to ``port`` from ``sources`` in turn, held open meanwhile."""
    opened = await asyncio.gather(
        *(_slow_connection(port, sources[index % len(sources)]) for index in range(count))
    )
    sockets = [sock for sock in opened if sock is not None]
    try:
        yield sockets
    finally:
        for sock in sockets:
            with suppress(OSError):
                sock.close()


def _client() -> httpx.AsyncClient:
    """A client whose connections come from :data:`TELEGRAM`'s address."""
    transport = httpx.AsyncHTTPTransport(local_address=TELEGRAM)
    return httpx.AsyncClient(transport=transport, timeout=5)


@pytest.mark.asyncio
async def test_a_slow_connection_flood_leaves_telegram_answered_and_the_log_quiet(
    tmp_path: Path,
) -> None:
    async with limited_bot(tmp_path) as bot:
        before = len(bot.log)
        async with slow_flood(bot.port):
            await asyncio.sleep(1)  # what the flood does to the log, it does at once
            # The bot's connections to Telegram drop: it must open new ones, with files the
            # flood has not taken.
            await bot.api_server.close_all_connections()
            bot.api.send(BOB, BOB, "/start")
            sent = await bot.api.wait_for_sent(2, timeout=10)
            assert sent[-1]["text"].startswith("你好，Bob！")  # Bob reads Chinese
            # A complete request still gets through: the slowest connections make room.
            async with _client() as client:
                page = await client.get(f"http://127.0.0.1:{bot.port}/app/")
            assert page.status_code == 200
            flood_log = bot.log[before:]
        assert len(flood_log) <= QUIET_LOG, "".join(flood_log[:5])


@pytest.mark.slow  # it waits out the real 10 s header timeout: run with pytest -m slow
@pytest.mark.asyncio
async def test_a_slow_connection_is_closed_within_seconds(tmp_path: Path) -> None:
    async with limited_bot(tmp_path) as bot:
        sock = await _slow_connection(bot.port)
        assert sock is not None
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            # The server closes it: the read ends (b"" or a reset) well before a minute.
            with suppress(ConnectionResetError):
                await asyncio.wait_for(loop.sock_recv(sock, 1024), timeout=30)
        finally:
            sock.close()
        assert loop.time() - started < 15


@pytest.mark.asyncio
async def test_a_slow_connection_flood_lets_telegrams_updates_through_to_a_webhook(
    tmp_path: Path,
) -> None:
    async with limited_bot(tmp_path, webhook=True) as bot:
        before = len(bot.log)
        async with slow_flood(bot.port):
            await asyncio.sleep(1)
            message = bot.api.send(ANN, ANN, "/start")
            async with _client() as client:
                posted = await client.post(
                    f"http://127.0.0.1:{bot.port}/telegram",
                    json={"update_id": 1, "message": message},
                    headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
                )
            assert posted.status_code == 200
            sent = await bot.api.wait_for_sent(1, timeout=10)
            assert "Hi Ann!" in sent[-1]["text"]
            flood_log = bot.log[before:]
        assert len(flood_log) <= QUIET_LOG, "".join(flood_log[:5])


@pytest.mark.asyncio
async def test_one_address_gets_no_more_than_its_share() -> None:
    server = WebServer(cap=20, per_address=4)
    port = await server.start("127.0.0.1", 0)
    loop = asyncio.get_running_loop()
    try:
        async with slow_flood(port, 6, ["127.0.0.3"]) as mine:
            # The first four are held; the two over the share are closed as accepted.
            ended = await asyncio.gather(
                *(asyncio.wait_for(_closed(loop, sock), timeout=2) for sock in mine),
                return_exceptions=True,
            )
            async with _client() as client:
                other = await client.get(f"http://127.0.0.1:{port}/elsewhere")
    finally:
        await server.stop()
    assert sum(result is True for result in ended) == 2
    assert other.status_code == 404  # another address is served (nothing is routed here)


@pytest.mark.asyncio
async def test_a_flood_of_one_connection_per_address_gives_way_after_two_seconds() -> None:
    server = WebServer(cap=8, per_address=4)
    port = await server.start("127.0.0.1", 0)
    addresses = [f"127.0.0.{40 + index}" for index in range(8)]
    try:
        async with slow_flood(port, 8, addresses), _client() as client:
            # Every address holds one, as the newcomer's would: none gives way to it yet.
            with pytest.raises(httpx.TransportError):
                await client.get(f"http://127.0.0.1:{port}/elsewhere")
            await asyncio.sleep(STALE_SECONDS + 0.2)
            other = await client.get(f"http://127.0.0.1:{port}/elsewhere")
    finally:
        await server.stop()
    assert other.status_code == 404  # served (nothing is routed here)


async def _closed(loop: asyncio.AbstractEventLoop, sock: socket.socket) -> bool:
    """Wait until the server closes ``sock``."""
    with suppress(ConnectionResetError):
        await loop.sock_recv(sock, 1024)
    return True
