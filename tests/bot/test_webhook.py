"""The webhook of the real ``python -m bot`` process, through raw HTTP on 127.0.0.1: the
secret is checked before a byte of the body is read, bodies are held to 1 MiB, and what is
not an update gets a 400."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from bot.local_api import LocalBotApi, serve
from bot.webhook import MAX_BODY
from tests.bot.harness import ANN, _bot_process, _env, _free_port, make_api, seed_tables, until

SECRET = "s3cret"
MiB = 1 << 20


@dataclass
class Hook:
    """A bot process in webhook mode, its Bot API, and the port of its webhook."""

    api: LocalBotApi
    port: int
    pid: int


@asynccontextmanager
async def webhook_bot(tmp_path: Path) -> AsyncIterator[Hook]:
    api = make_api()
    server, api_port = await serve(api)
    seed_tables(tmp_path / "data")  # nothing to work out at start-up: a quiet process
    port = _free_port()
    env = _env(
        tmp_path,
        TELEGRAM_BOT_TOKEN="42:HOOK",
        TELEGRAM_API_URL=f"http://127.0.0.1:{api_port}",
        TELEGRAM_WEBHOOK_URL="https://bot.example/telegram",
        TELEGRAM_WEBHOOK_SECRET=SECRET,
        TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
        TELEGRAM_WEBHOOK_PORT=str(port),
        TWENTYFOUR_WEBAPP_URL="https://bot.example/app/",
    )
    process = await _bot_process(env)
    try:
        await until(
            lambda: "setWebhook" in api.calls, timeout=60, interval=0.05
        )  # the server listens before it is set
        yield Hook(api, port, process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), timeout=20)
        server.stop()
    assert process.returncode == 0, err.decode()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def hook(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Hook]:
    async with webhook_bot(tmp_path_factory.mktemp("webhook")) as running:
        yield running


async def _status(port: int, head: list[str], body: bytes = b"", path: str = "/telegram") -> int:
    """Send one request as raw bytes (``head``: header lines) and read its status."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *head, "", ""]
        writer.write("\r\n".join(lines).encode() + body)
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), timeout=5)
    finally:
        writer.close()
    return int(status_line.split()[1])


def _secret(value: str = SECRET) -> str:
    return f"X-Telegram-Bot-Api-Secret-Token: {value}"


def _length(body: bytes) -> str:
    return f"Content-Length: {len(body)}"


NOT_JSON = b'{"update_id": 1, "message": '
NOT_AN_UPDATE = b"[1, 2, 3]"
NO_ID = b'{"message": {}}'
OVER = MAX_BODY + 1

CASES = [
    # name, header lines, body, path, status
    ("no secret, 90 MiB announced, none sent", [f"Content-Length: {90 * MiB}"], b"", None, 403),
    ("a wrong secret", [_secret("nope"), _length(NOT_JSON)], NOT_JSON, None, 403),
    (
        "the secret, 2 MiB announced, none sent",
        [_secret(), f"Content-Length: {2 * MiB}"],
        b"",
        None,
        413,
    ),
    (
        "the secret, a chunk over 1 MiB",
        [_secret(), "Transfer-Encoding: chunked"],
        f"{OVER:x}\r\n".encode() + b"x" * OVER,
        None,
        413,
    ),
    ("the secret, broken JSON", [_secret(), _length(NOT_JSON)], NOT_JSON, None, 400),
    (
        "the secret, JSON that is no update",
        [_secret(), _length(NOT_AN_UPDATE)],
        NOT_AN_UPDATE,
        None,
        400,
    ),
    ("the secret, an update with no id", [_secret(), _length(NO_ID)], NO_ID, None, 400),
    ("another path", [_secret(), _length(NOT_JSON)], NOT_JSON, "/elsewhere", 404),
    # The Mini App's API shares the server: no launch data, 401, the body never read.
    ("the app's API, no launch data", [f"Content-Length: {90 * MiB}"], b"", "/app/api/daily", 401),
    (
        "the app's API, 8 KiB",
        ["X-Telegram-Init-Data: x", _length(b"x" * 8192)],
        b"",
        "/app/api/daily",
        401,
    ),
]


@pytest.mark.parametrize(
    ("head", "body", "path", "status"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
@pytest.mark.asyncio(loop_scope="module")
async def test_what_is_refused(
    hook: Hook, head: list[str], body: bytes, path: str | None, status: int
) -> None:
    assert await _status(hook.port, head, body, path or "/telegram") == status


@pytest.mark.asyncio(loop_scope="module")
async def test_the_mini_apps_page_shares_the_webhooks_port(hook: Hook) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", hook.port)
    try:
        writer.write(b"GET /app/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), timeout=5)
    finally:
        writer.close()
    assert status_line.split()[1] == b"200"


@pytest.mark.asyncio(loop_scope="module")
async def test_an_update_with_the_secret_is_served(hook: Hook) -> None:
    before = len(hook.api.sent)
    message = hook.api.send(ANN, ANN, "/start")
    update = f'{{"update_id": 7, "message": {json.dumps(message)}}}'.encode()
    assert await _status(hook.port, [_secret(), _length(update)], update) == 200
    sent = await hook.api.wait_for_sent(before + 1, timeout=20)
    assert "Hi Ann!" in sent[before]["text"]


@pytest.mark.asyncio(loop_scope="module")
async def test_webhook_mode_checks_the_secret(hook: Hook) -> None:
    api = hook.api
    before = len(api.sent)
    update = {"update_id": 1, "message": api.send(ANN, ANN, "/start")}
    url = f"http://127.0.0.1:{hook.port}/telegram"
    async with httpx.AsyncClient() as client:
        wrong = await client.post(
            url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "nope"}
        )
        assert wrong.status_code == 403
        right = await client.post(
            url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}
        )
        assert right.status_code == 200
        # The health checks share the webhook's port: the update posted shows Telegram.
        ready = await client.get(f"http://127.0.0.1:{hook.port}/readyz", timeout=10)
        assert ready.json()["telegram"]["ok"], ready.text
    sent = (await api.wait_for_sent(before + 1, timeout=20))[before:]
    assert "Hi Ann!" in sent[0]["text"]
    assert len(sent) == 1
    assert "getWebhookInfo" in api.calls  # the webhook's state, looked at with Telegram


def _peak_memory(pid: int) -> int:
    """The process's peak resident memory so far, in bytes (Linux's VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.asyncio
async def test_ten_90_mib_posts_without_the_secret_cost_no_memory(tmp_path: Path) -> None:
    async with webhook_bot(tmp_path) as running:
        before = _peak_memory(running.pid)
        for _ in range(10):
            _reader, writer = await asyncio.open_connection("127.0.0.1", running.port)
            head = f"POST /telegram HTTP/1.1\r\nHost: x\r\nContent-Length: {90 * MiB}\r\n\r\n"
            writer.write(head.encode())
            try:
                for _ in range(90):
                    writer.write(bytes(MiB))
                    await writer.drain()
            except (ConnectionResetError, BrokenPipeError):
                pass  # refused: the bot closed the connection without reading on
            writer.close()
        grown = _peak_memory(running.pid) - before
    assert grown < 16 * MiB, f"{grown / MiB:.0f} MiB"
