"""``python -m bot`` refusing to start: one line saying why, exit status 2, no traceback, and
the data file left as it was; a Bot API that is briefly away is waited for."""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.local_api import serve
from bot.persistence import FILE_NAME, open_database
from tests.bot.harness import ANN, ROOT, FaultyBotApi, _bot_process, _env, _free_port, make_api

UNREACHABLE = "http://127.0.0.1:9"  # the discard port: nothing listens there


def _start(env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _errors(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if " ERROR " in line]


def _data_file(tmp_path: Path) -> Path:
    """A data file of this version, as the bot leaves it, in ``tmp_path / "data"``."""
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    open_database(data / FILE_NAME).close()
    return data / FILE_NAME


# --- the data folder ---------------------------------------------------------------------------


def test_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    done = _start(_env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=UNREACHABLE))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "is a file, not a folder" in done.stderr


def test_a_data_folder_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=UNREACHABLE)
    done = _start(dict(env, TWENTYFOUR_DATA_DIR=str(tmp_path / "file" / "data")))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert f"lies under {tmp_path / 'file'}, which is a file" in done.stderr


# --- the data file's content --------------------------------------------------------------------


@pytest.mark.parametrize(
    "schema",
    [
        "CREATE TABLE records (id INTEGER PRIMARY KEY, payload BLOB)",
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)",
    ],
    ids=["records of another shape", "another program's file"],
)
def test_a_database_with_another_schema(tmp_path: Path, schema: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / FILE_NAME)
    db.execute(schema)
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    before = (data / FILE_NAME).read_bytes()
    done = _start(_env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=UNREACHABLE))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "is not one this bot writes" in done.stderr
    assert (data / FILE_NAME).read_bytes() == before


@pytest.mark.parametrize(
    ("key", "value"),
    [(ANN, 42), ("Ann", json.dumps({"v": 1})), (1.5, json.dumps({"v": 1}))],
    ids=["a value that is a number", "a key that is text", "a key that is a float"],
)
@pytest.mark.asyncio
async def test_a_row_of_the_wrong_type(tmp_path: Path, key: object, value: object) -> None:
    path = _data_file(tmp_path)
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT INTO records (kind, key, value) VALUES ('chat', ?, ?)", (key, value))
    db.close()
    api = make_api()
    server, port = await serve(api)  # the rows are read once the bot has met Telegram
    try:
        env = _env(
            tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}"
        )
        process = await _bot_process(env)
        _, err = await asyncio.wait_for(process.communicate(), timeout=30)
    finally:
        server.stop()
    errors = [line for line in err.decode().splitlines() if " ERROR " in line]
    assert process.returncode == 2
    assert "Traceback" not in err.decode()
    assert len(errors) == 1, err.decode()
    assert "holds chat data this version cannot read" in errors[0]
    assert "getUpdates" not in api.calls


# --- a full or read-only disk -------------------------------------------------------------------


@cache
def _namespaces() -> bool:
    """Whether this user may make a mount namespace of its own (``unshare -rm``), where a
    small file system of its own can fill up or be read-only, as a real disk can."""
    if shutil.which("unshare") is None:
        return False
    probe = ["unshare", "--user", "--map-root-user", "--mount", "true"]
    return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0


def _start_on_a_small_disk(tmp_path: Path, then: str) -> subprocess.CompletedProcess[str]:
    """Start the bot on its data file copied onto a 256 KiB file system of its own, after
    running the shell command ``then`` (to fill it up, or make it read-only).  The script
    says on stderr whether the data file is as it was once the bot has stopped."""
    if not _namespaces():
        pytest.skip("needs user and mount namespaces (unshare --user --map-root-user --mount)")
    seed = _data_file(tmp_path)
    shutil.move(seed, tmp_path / "seed.sqlite3")
    script = f"""
        mount -t tmpfs -o size=256k tmpfs "$TWENTYFOUR_DATA_DIR" || exit 90
        cp "$SEED" "$TWENTYFOUR_DATA_DIR/{FILE_NAME}" || exit 91
        {then}
        "$PYTHON" -m bot
        status=$?
        cmp -s "$SEED" "$TWENTYFOUR_DATA_DIR/{FILE_NAME}" && echo "(data file as it was)" >&2
        exit $status
    """
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=UNREACHABLE)
    env.update(SEED=str(tmp_path / "seed.sqlite3"), PYTHON=sys.executable)
    return subprocess.run(
        ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "then",
    [
        'cat /dev/zero > "$TWENTYFOUR_DATA_DIR/filler" 2>/dev/null; true',
        'mount -o remount,ro "$TWENTYFOUR_DATA_DIR"',
    ],
    ids=["full", "read-only"],
)
def test_a_full_or_read_only_disk_is_named_as_such(tmp_path: Path, then: str) -> None:
    done = _start_on_a_small_disk(tmp_path, then)
    assert done.returncode == 2, done.stderr
    assert len(_errors(done)) == 1, done.stderr
    assert "is the disk full or read-only" in done.stderr
    assert "cannot be read" not in done.stderr  # which would send the operator to move it
    assert "Traceback" not in done.stderr
    assert "(data file as it was)" in done.stderr


# --- the Bot API ----------------------------------------------------------------------------------


def test_a_bot_api_that_cannot_be_reached(tmp_path: Path) -> None:
    # The operator's shorter waits (docs/operating.md): the same four tries in 0.35 s, not 7 s.
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=UNREACHABLE)
    done = _start(dict(env, TWENTYFOUR_START_RETRY_SECONDS="0.05"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.count("trying again in") == 3  # tried four times in all
    assert "trying again in 0.2 s" in done.stderr  # the third wait: 4 x 0.05 s
    assert "tried 4 times in 0.35 s" in done.stderr
    assert len(_errors(done)) == 1, done.stderr
    assert "Cannot start: the Bot API at http://127.0.0.1:9 cannot be reached" in done.stderr


@pytest.mark.asyncio
async def test_a_bot_api_back_within_the_retries_is_served(tmp_path: Path) -> None:
    api = make_api()
    port = _free_port()
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    process = await _bot_process(env)
    assert process.stderr is not None
    server = None
    try:
        line = b"?"
        while line and b"trying again in" not in line:  # until the first attempt has failed
            line = await asyncio.wait_for(process.stderr.readline(), timeout=30)
        assert line, "the bot stopped without trying again"
        server, _ = await serve(api, port=port)
        api.send(ANN, ANN, "/start")
        sent = await api.wait_for_sent(1, timeout=30)
        assert "Hi Ann!" in sent[0]["text"]
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.communicate(), timeout=20)
        if server is not None:
            server.stop()
    assert process.returncode == 0


# --- a Bot API that is not Telegram's ---------------------------------------------------------


class NotOursApi(FaultyBotApi):
    """A Bot API server that answers some methods as Telegram never would: ``statuses``
    maps a method to the HTTP status it always gets (404: a server without the method)."""

    def __init__(self, statuses: dict[str, int]) -> None:
        super().__init__()
        self.statuses = statuses
        self.add_user(ANN, "Ann", language_code="en")

    async def call(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        status = self.statuses.get(method)
        if status is None:
            return await super().call(method, params)
        self.calls.append(method)
        description = "Not Found: method not found" if status == 404 else "Internal Server Error"
        return status, {"ok": False, "error_code": status, "description": description}


async def _served_despite(api: NotOursApi, tmp_path: Path) -> tuple[str, str]:
    """Start the bot on ``api``; its answer to Ann's /start and what it logged."""
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    process = await _bot_process(env)
    try:
        api.send(ANN, ANN, "/start")
        answer = (await api.wait_for_sent(1, timeout=40))[0]["text"]
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), timeout=20)
        server.stop()
    assert process.returncode == 0, err.decode()
    return answer, err.decode()


@pytest.mark.asyncio
async def test_a_bot_api_without_the_menu_methods_is_served_without_menus(tmp_path: Path) -> None:
    api = NotOursApi({"setMyCommands": 404})
    answer, log = await _served_despite(api, tmp_path)
    port = log.split("http://127.0.0.1:")[1].split(" ")[0]
    assert "Hi Ann!" in answer
    assert (
        "Serving without the command menus for now: the Bot API at http://127.0.0.1:"
        f"{port} answered setMyCommands with HTTP 404 (Not Found: method not found); "
        "trying again in 30 s"
    ) in log
    assert "refused the token" not in log


@pytest.mark.asyncio
async def test_a_server_error_on_the_menus_is_named_as_such_and_served(tmp_path: Path) -> None:
    api = NotOursApi({"setMyCommands": 500})
    answer, log = await _served_despite(api, tmp_path)
    assert "Hi Ann!" in answer
    assert "answered setMyCommands with HTTP 500 (Internal Server Error)" in log
    assert "cannot be reached" not in log


@pytest.mark.asyncio
async def test_a_bot_api_without_delete_webhook_names_the_method(tmp_path: Path) -> None:
    api = NotOursApi({"deleteWebhook": 404})
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    try:
        done = await asyncio.to_thread(_start, env)
    finally:
        server.stop()
    assert done.returncode == 2
    assert len(_errors(done)) == 1, done.stderr
    assert _errors(done)[0].endswith(
        f" ERROR bot: Cannot start: the Bot API at http://127.0.0.1:{port} answered "
        "deleteWebhook with HTTP 404 (Not Found: method not found)"
    )
    assert "Traceback" not in done.stderr


def _garbage_server(api: FaultyBotApi) -> tuple[Any, int]:
    """``api`` over loopback HTTP, except that ``getMe`` gets a web page, not JSON."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application, RequestHandler

    class Garbage(RequestHandler):
        async def post(self, method: str) -> None:
            api.calls.append(method)
            self.set_header("Content-Type", "text/html")
            self.finish("<html><body>It works!</body></html>")

        get = post

    sockets = bind_sockets(0, address="127.0.0.1")
    server = HTTPServer(Application([(r"/bot[^/]+/(getMe)", Garbage)]))
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]


@pytest.mark.asyncio
async def test_an_unreadable_get_me_is_one_line_and_exit_2(tmp_path: Path) -> None:
    server, port = _garbage_server(FaultyBotApi())
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    try:
        done = await asyncio.to_thread(_start, env)
    finally:
        server.stop()
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(_errors(done)) == 1, done.stderr
    assert (
        f"Cannot start: the Bot API at http://127.0.0.1:{port} gave an answer to getMe that "
        "cannot be read (Invalid server response: '<html><body>It works!</body></html>')"
    ) in done.stderr
