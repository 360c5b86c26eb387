"""The host's command lines against a real ``python -m bot`` process: the image's
HEALTHCHECK command (healthy, then failing while the process is stopped), ``backup PATH``
while it serves, ``restore PATH`` refused while it serves and done once it has stopped; and
its log, one JSON object a line."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local_api import serve
from bot.persistence import FILE_NAME
from tests.bot.harness import ANN, ROOT, _bot_process, _env, _free_port, make_api


def _healthcheck() -> list[str]:
    """The Dockerfile's HEALTHCHECK command, run with this Python."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    found = re.search(r"^HEALTHCHECK .*?CMD (\[.*?\])$", dockerfile, re.MULTILINE | re.DOTALL)
    assert found, "the Dockerfile has no HEALTHCHECK"
    command: list[str] = json.loads(found.group(1))
    assert command[0] == "python"
    return [sys.executable, *command[1:]]


async def _run(env: dict[str, str], *args: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        *args,
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=30)
    assert process.returncode is not None
    return process.returncode, out.decode()


@pytest.mark.asyncio
async def test_the_hosts_commands_against_a_running_bot(tmp_path: Path) -> None:
    api = make_api()
    server, port = await serve(api)
    env = _env(
        tmp_path,
        TELEGRAM_BOT_TOKEN="42:HOST",
        TELEGRAM_API_URL=f"http://127.0.0.1:{port}",
        TWENTYFOUR_WEB_PORT=str(_free_port()),
        TWENTYFOUR_LOG_FORMAT="json",
    )
    copy = tmp_path / "copy.sqlite3"
    bot = await _bot_process(env)
    try:
        api.send(ANN, ANN, "/start")
        await api.wait_for_sent(1, timeout=30)
        status, said = 1, ""
        for _ in range(60):  # until its workers are up (a second or two)
            status, said = await _run(env, *_healthcheck())
            if status == 0:
                break
            await asyncio.sleep(0.25)
        assert status == 0, said
        assert "/readyz: 200" in said
        backed = await _run(env, sys.executable, "-m", "bot", "backup", str(copy))
        refused = await _run(env, sys.executable, "-m", "bot", "restore", str(copy))
        bot.send_signal(signal.SIGSTOP)  # the whole process, its event loop with it
        try:
            stalled = await _run(env, *_healthcheck())
        finally:
            bot.send_signal(signal.SIGCONT)
    finally:
        bot.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(bot.communicate(), timeout=20)
        server.stop()
    assert bot.returncode == 0, err.decode()
    assert backed[0] == 0, backed[1]
    db = sqlite3.connect(copy)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    assert refused[0] == 1
    assert "in use by another running bot" in refused[1]
    assert stalled[0] == 1
    assert "/healthz: no answer within" in stalled[1]
    restored = await _run(env, sys.executable, "-m", "bot", "restore", str(copy))
    assert restored[0] == 0, restored[1]
    assert (tmp_path / "data" / FILE_NAME).exists()
    lines = err.decode().splitlines()
    assert lines
    assert all(json.loads(line)["level"] for line in lines)


def test_the_health_check_imports_none_of_the_bots_application() -> None:
    """``python -m bot health`` runs every half minute: it reads the heartbeat's limit through
    the watch package's face, which loads its names at first use, not the metrics' library,
    the JSON log's formatter, Telegram's library or the bot's application."""
    code = "import sys, bot.host; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=30
    )
    loaded = set(done.stdout.split())
    heavy = {"prometheus_client", "pythonjsonlogger", "telegram", "bot.app", "bot.context"}
    assert loaded & heavy == set(), done.stderr
