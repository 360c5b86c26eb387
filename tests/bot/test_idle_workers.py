"""Worker processes kept idle between pools (bot/services/workers/idle.py), as the bots of
a test process share them (tests/bot/shared_workers.py): handed on, never a busy, dead or
other kind's one, and reset first."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.services.workers import IdleWorkers, PoolClosed, WorkerPool
from tests.bot import worker_jobs
from tests.bot.harness import ANN, GROUP, deal, make_api, running_bot, until
from tests.bot.shared_workers import GROWN, IDLE_WORKERS, forget_caches

pytestmark = pytest.mark.asyncio


@asynccontextmanager
async def started(idle: IdleWorkers, memory: int | None = 64 * 2**20) -> AsyncIterator[WorkerPool]:
    """A pool of two workers on ``idle``, started, and closed when the block ends."""
    pool = WorkerPool(workers=2, search_workers=1, memory=memory, idle_workers=idle)
    await pool.start()
    try:
        yield pool
    finally:
        await pool.close()


async def test_the_next_pool_starts_with_the_workers_a_pool_left() -> None:
    idle = IdleWorkers()
    async with started(idle) as first:
        workers = first.pids()
    async with started(idle) as second:
        assert second.pids() == workers


async def test_a_worker_busy_when_its_pool_closes_is_stopped_not_kept() -> None:
    idle = IdleWorkers()
    reported: list[int] = []
    async with started(idle) as first:
        job = first.run(worker_jobs.report_pid, 30, budget=60, progress=reported.append)
        busy = asyncio.create_task(job)
        await until(lambda: bool(reported))
    with pytest.raises(PoolClosed):
        await busy
    async with started(idle) as second:
        assert reported[0] not in second.pids()


async def test_a_kept_worker_that_died_is_not_handed_out() -> None:
    idle = IdleWorkers()
    async with started(idle) as first:
        dead, alive = sorted(pid or 0 for pid in first.pids())
    os.kill(dead, signal.SIGKILL)
    await until(lambda: not Path(f"/proc/{dead}").exists())  # gone, and reaped
    async with started(idle) as second:
        workers = second.pids()
    assert dead not in workers
    assert alive in workers
    assert len(workers) == 2


async def test_workers_go_only_to_a_pool_of_their_kind() -> None:
    idle = IdleWorkers()
    async with started(idle) as first:
        workers = first.pids()
    async with started(idle, memory=None) as other:  # no memory cap: another kind of worker
        assert other.pids().isdisjoint(workers)


async def test_a_handed_on_worker_has_forgotten_what_earlier_jobs_cached() -> None:
    idle = IdleWorkers(reset=forget_caches)
    async with started(idle) as first:
        # Both workers at once (each sleeps first), so that both list a hand.
        listed = await asyncio.gather(
            *(first.run(worker_jobs.list_then_count, 0.2, budget=30) for _ in range(2))
        )
    async with started(idle) as second:
        kept = await asyncio.gather(
            *(second.run(worker_jobs.kept_lists, 0.2, budget=30) for _ in range(2))
        )
    assert sorted(pid for pid, _ in kept) == sorted(pid for pid, _ in listed)
    assert [count for _, count in kept] == [0, 0]


async def test_a_worker_grown_by_its_jobs_is_not_handed_out() -> None:
    """Its memory cap counts from its size when it started: a worker holding more would
    leave the next test's jobs less room than a new one."""
    idle = IdleWorkers(reset=forget_caches)
    async with started(idle, memory=256 * 2**20) as first:
        grown = await first.run(worker_jobs.keep, 4 * GROWN >> 20, budget=30)
    async with started(idle, memory=256 * 2**20) as second:
        workers = second.pids()
    assert grown not in workers
    assert len(workers) == 2


async def test_a_bot_after_one_whose_worker_was_killed_has_all_its_workers(
    tmp_path: Path,
) -> None:
    """The bots of a test process share workers: a test that kills one leaves the next bot
    three live workers, and it deals."""
    api = make_api()
    async with running_bot(api, tmp_path / "first") as application:
        pool = application.bot_data.solving.pool
        await pool.start()
        workers = pool.pids()
        killed = min(pid or 0 for pid in workers)
        os.kill(killed, signal.SIGKILL)
        await until(lambda: killed not in pool.pids())
    async with running_bot(api, tmp_path / "second") as application:
        pool = application.bot_data.solving.pool
        await pool.start()
        shared = pool.pids()
        await deal(api, ANN, GROUP)
    assert killed not in shared
    assert len(shared) == 3
    assert shared & workers  # the others were handed on
    assert IDLE_WORKERS.count() >= 2
