"""The worker pool: a job given up with ``linger`` is asked to stop, and its worker kept."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio

from bot.services.workers import WorkerPool
from tests.bot import worker_jobs
from tests.bot.harness import until

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def pool() -> AsyncIterator[WorkerPool]:
    pool = WorkerPool(workers=2, search_workers=1, preload=["tests.bot.worker_jobs"])
    await pool.start()
    yield pool
    await pool.close()


async def _running(
    pool: WorkerPool, job: Callable[..., object], linger: float
) -> tuple[asyncio.Task[object], int]:
    """A search job started, and its worker's process id (from its first report)."""
    reported: list[int] = []
    task = asyncio.create_task(
        pool.run(
            job, 30, budget=60, lane="search", owner=1, progress=reported.append, linger=linger
        )
    )
    await until(lambda: bool(reported))
    return task, reported[0]


async def test_a_stopped_jobs_worker_serves_the_next_job(pool: WorkerPool) -> None:
    task, pid = await _running(pool, worker_jobs.report_pid, linger=30)
    task.cancel()
    await until(lambda: pool.running("search") == 0)
    assert await pool.run(worker_jobs.pid, budget=10, lane="search") == pid


async def test_the_owner_of_a_stopping_job_may_search_again_at_once(pool: WorkerPool) -> None:
    task, _ = await _running(pool, worker_jobs.sleep_reporting, linger=30)
    task.cancel()
    await asyncio.wait([task])
    follow = asyncio.create_task(pool.run(worker_jobs.add, 1, 1, budget=60, lane="search", owner=1))
    await asyncio.sleep(0.05)
    assert pool.queued("search") == 1
    follow.cancel()


async def test_a_job_that_does_not_stop_within_linger_loses_its_worker(pool: WorkerPool) -> None:
    task, pid = await _running(pool, worker_jobs.sleep_reporting, linger=0.2)
    task.cancel()
    await until(lambda: pid not in pool.pids())
    assert pool.running("search") == 0


async def test_without_linger_a_given_up_job_loses_its_worker_at_once(pool: WorkerPool) -> None:
    task, pid = await _running(pool, worker_jobs.report_pid, linger=0)
    task.cancel()
    await asyncio.wait([task])
    assert pid not in pool.pids()
