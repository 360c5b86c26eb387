"""``/healthz`` and ``/readyz`` on the bot's web port, with each part stalled in turn: the
event loop, Telegram, the data file's disk and the solver workers; only that part fails."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.play import monitoring
from bot.services.watch import heartbeat
from tests.bot.harness import (
    ANN,
    BotApplication,
    FaultyBotApi,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    until,
)

pytestmark = pytest.mark.asyncio


async def _get(application: BotApplication, path: str) -> httpx.Response:
    address = application.bot_data.web_address
    assert address is not None
    async with httpx.AsyncClient(timeout=10) as client:
        return await client.get(address + path)


def _failing(body: dict[str, Any]) -> set[str]:
    """The parts ``/readyz`` says fail."""
    return {name for name, part in body.items() if isinstance(part, dict) and not part["ok"]}


async def test_a_healthy_bot_is_healthy_and_ready(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        await reply_to(api, ANN, ANN, "/start")
        await application.bot_data.solving.pool.start()  # (the workers start lazily)
        health = await _get(application, "/healthz")
        ready = await _get(application, "/readyz")
    assert health.status_code == 200
    assert ready.status_code == 200, ready.text
    assert ready.json()["ready"] is True


async def test_a_stalled_event_loop_fails_healthz_and_readyz_on_it_alone(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        beats = application.bot_data.heartbeat
        await application.bot_data.solving.pool.start()
        await until(beats.beating)
        time.sleep(heartbeat.LATE + 0.3)  # a handler that computes on the loop: the fault
        await until(lambda: beats.stalled() is not None, timeout=5)
        health = await _get(application, "/healthz")
        ready = await _get(application, "/readyz")
    assert health.status_code == 503
    assert "held up" in health.json()["loop"]
    assert ready.status_code == 503
    assert _failing(ready.json()) == {"loop"}


class _Unreachable(FaultyBotApi):
    """A Bot API whose polls fail (502) while :attr:`down`."""

    down = False

    async def call(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.down and method == "getUpdates":
            return 502, {"ok": False, "error_code": 502, "description": "Bad Gateway"}
        return await super().call(method, params)


async def test_telegram_unreachable_fails_readyz_on_telegram_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(monitoring, "POLL_FRESH", 1.0)
    api = _Unreachable()
    api.add_user(ANN, "Ann")
    async with running_bot(api, tmp_path, watch=True) as application:
        await application.bot_data.solving.pool.start()
        assert (await _get(application, "/readyz")).status_code == 200
        api.down = True
        data = application.bot_data
        polling = data.polling
        # Failed since its last answer: no poll is under way that might still be answered.
        await until(lambda: not monitoring.telegram_check(data).ok and polling.asked_at is None)
        ready = await _get(application, "/readyz")
        health = await _get(application, "/healthz")
        api.down = False
    assert ready.status_code == 503
    assert _failing(ready.json()) == {"telegram"}
    assert "answered a poll" in ready.json()["telegram"]["said"]
    assert health.status_code == 200


async def test_a_disk_that_refuses_writes_fails_readyz_on_the_data_alone(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        await application.bot_data.solving.pool.start()
        refuse_writes(application)
        ready = await _get(application, "/readyz")
        refuse_writes(application, False)
        again = await _get(application, "/readyz")
    assert ready.status_code == 503
    assert _failing(ready.json()) == {"data"}
    assert again.status_code == 200


async def test_stalled_solver_workers_fail_readyz_on_the_workers_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(monitoring, "WORKERS_BUDGET", 0.5)
    # The loop's own check is another test's (a held loop fails /healthz and /readyz); here a
    # loop slowed by a loaded machine (a second and more, starting the pool) must not fail it.
    monkeypatch.setattr(heartbeat, "LATE", 30.0)
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        pool = application.bot_data.solving.pool
        await pool.start()
        stalled = [pid for pid in pool.pids() if pid is not None]
        assert len(stalled) == pool.size
        for pid in stalled:
            os.kill(pid, signal.SIGSTOP)
        try:
            ready = await _get(application, "/readyz")
        finally:
            for pid in stalled:
                # (A worker killed by the pool for overrunning is gone: it is replaced.)
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)
        await until(lambda: pool.running("game") == 0, timeout=10)
        monkeypatch.setattr(monitoring, "SHARED_FOR", 0.0)
        again = await _get(application, "/readyz")
    assert ready.status_code == 503
    assert _failing(ready.json()) == {"workers"}
    assert ready.json()["workers"]["said"] == (
        "the solver workers did not answer a ping within 0.5 s (stalled, or all busy with "
        "long searches)"
    )
    assert again.status_code == 200, again.text


async def test_readyz_requests_at_once_share_one_look_at_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    looks = []
    ping = monitoring.WorkersCheck._ping

    async def counted(data: Any) -> monitoring.Check:
        looks.append(1)
        return await ping(data)

    monkeypatch.setattr(monitoring.WorkersCheck, "_ping", staticmethod(counted))
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        await application.bot_data.solving.pool.start()
        address = application.bot_data.web_address
        async with httpx.AsyncClient(timeout=10) as client:
            answers = [client.get(f"{address}/readyz") for _ in range(20)]
            statuses = {answer.status_code for answer in await asyncio.gather(*answers)}
    assert statuses == {200}
    assert len(looks) == 1
