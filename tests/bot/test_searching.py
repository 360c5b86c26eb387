"""What a search answers from its job and its reports (searching.search_answer)."""

from __future__ import annotations

import asyncio

import pytest

from bot.rules.requests import Rules, SolveResult
from bot.services.solving import SolveBusy, SolveTimeout
from bot.services.solving.searching import Searches, search_answer
from bot.services.workers import WorkTimeout
from tests.bot.harness import until

pytestmark = pytest.mark.asyncio

HAND = (1, 2, 3, 4, 5, 6, 7, 8)


def _found(*solutions: str, complete: bool = False) -> SolveResult:
    return SolveResult(HAND, 24, Rules.EXACT, solutions, complete=complete)


NONE_YET = SolveResult(HAND, 24, Rules.EXACT, (), complete=False)
"""A report that there is no solution, before the closest values."""


class Job:
    """A job as :meth:`Searches.search` sees it: its future, and its reports."""

    def __init__(self) -> None:
        loop = asyncio.get_running_loop()
        self.future: asyncio.Future[SolveResult] = loop.create_future()
        self.first: asyncio.Future[None] = loop.create_future()
        self.enough: asyncio.Future[None] = loop.create_future()
        self.reported: list[SolveResult] = []
        self.listing: list[float] = []

    def report(self, result: SolveResult) -> None:
        self.reported[:] = [result]
        if not self.first.done():
            self.first.set_result(None)

    def answer(self, seconds: float | None) -> asyncio.Task[SolveResult]:
        loop = asyncio.get_running_loop()
        deadline = None if seconds is None else loop.time() + seconds
        return asyncio.ensure_future(
            search_answer(
                self.future, self.first, self.enough, self.reported, deadline, self.listing
            )
        )


async def test_a_job_done_in_time_is_the_answer() -> None:
    job = Job()
    job.report(_found("a"))
    job.future.set_result(_found("a", "b", complete=True))
    assert await job.answer(60) == _found("a", "b", complete=True)


async def test_a_job_late_is_answered_by_its_last_report() -> None:
    job = Job()
    job.report(_found("a"))
    job.report(_found("a", "b"))
    assert await job.answer(0) == _found("a", "b")


async def test_with_nothing_reported_by_the_deadline_the_first_report_answers() -> None:
    job = Job()
    answer = job.answer(0)
    await asyncio.sleep(0.01)
    assert not answer.done()
    job.report(_found("a"))
    assert await answer == _found("a")


async def test_no_solution_waits_for_the_closest_values() -> None:
    job = Job()
    job.report(NONE_YET)
    answer = job.answer(0)
    await asyncio.sleep(0.01)
    assert not answer.done()
    closest = SolveResult(HAND, 24, Rules.EXACT, (), ("23", "1+2"), None)
    job.future.set_result(closest)
    assert await answer == closest


async def test_no_solution_and_no_time_for_the_closest_values_says_no_solution() -> None:
    job = Job()
    job.report(NONE_YET)
    job.future.set_exception(WorkTimeout())
    assert await job.answer(0) == NONE_YET


async def test_nothing_reported_in_the_budget_is_a_timeout() -> None:
    job = Job()
    job.future.set_exception(WorkTimeout())
    with pytest.raises(SolveTimeout):
        await job.answer(0)


async def test_a_hand_listed_whole_waits_for_its_end() -> None:
    job = Job()
    job.report(_found("a"))
    answer = job.answer(None)
    await asyncio.sleep(0.01)
    assert not answer.done()
    job.future.set_result(_found("a", "b", complete=True))
    assert await answer == _found("a", "b", complete=True)


async def test_a_job_superseded_is_busy() -> None:
    job = Job()
    job.future.cancel()
    with pytest.raises(SolveBusy, match="superseded"):
        await job.answer(60)


async def test_a_search_that_never_reached_a_worker_is_busy() -> None:
    job = Job()
    job.future.set_exception(WorkTimeout(queued=True))
    with pytest.raises(SolveBusy, match="full"):
        await job.answer(60)


async def test_a_search_that_has_listed_enough_is_answered_before_the_deadline() -> None:
    job = Job()
    job.report(_found("a"))
    job.report(_found("a", "b"))
    job.enough.set_result(None)
    assert await job.answer(60) == _found("a", "b")


async def test_a_search_started_after_its_deadline_lists_a_few_more() -> None:
    job = Job()
    job.listing.append(asyncio.get_running_loop().time())
    job.report(_found("a"))
    answer = job.answer(0)
    await asyncio.sleep(0.01)
    assert not answer.done()
    job.report(_found("a", "b"))
    job.enough.set_result(None)
    assert await answer == _found("a", "b")


class FakePool:
    """The pool as :class:`Searches` uses it: each job's outcome is set by the test."""

    search_workers = 2

    def __init__(self) -> None:
        self.jobs: list[tuple[int | None, asyncio.Future[SolveResult]]] = []

    def queued(self, lane: str) -> int:
        return 0

    async def run(self, *args: object, owner: int | None = None, **options: object) -> SolveResult:
        job: asyncio.Future[SolveResult] = asyncio.get_running_loop().create_future()
        self.jobs.append((owner, job))
        return await job


SIX = ((1, 2, 3, 4, 5, 6), 24, Rules.EXACT)
"""A hand listed whole: its answer is its job's."""


async def test_a_solve_of_a_hand_being_searched_waits_for_that_search() -> None:
    pool = FakePool()
    searches = Searches(pool)  # type: ignore[arg-type]
    first = asyncio.ensure_future(searches.search(SIX, owner=1))
    second = asyncio.ensure_future(searches.search(SIX, owner=2))
    await until(lambda: len(pool.jobs) == 1)
    answer = SolveResult(*SIX, ("a",))
    pool.jobs[0][1].set_result(answer)
    assert (await first, await asyncio.wait_for(second, 10), len(pool.jobs)) == (answer, answer, 1)


async def test_a_solve_waiting_for_a_search_that_fails_searches_itself() -> None:
    pool = FakePool()
    searches = Searches(pool)  # type: ignore[arg-type]
    first = asyncio.ensure_future(searches.search(SIX, owner=1))
    second = asyncio.ensure_future(searches.search(SIX, owner=2))
    await until(lambda: len(pool.jobs) == 1)
    pool.jobs[0][1].set_exception(WorkTimeout())
    await until(lambda: len(pool.jobs) == 2)
    answer = SolveResult(*SIX, ("a",))
    pool.jobs[1][1].set_result(answer)
    with pytest.raises(SolveTimeout):
        await first
    assert (pool.jobs[1][0], await asyncio.wait_for(second, 10)) == (2, answer)


async def test_inline_queries_of_one_hand_search_for_themselves() -> None:
    pool = FakePool()
    searches = Searches(pool)  # type: ignore[arg-type]
    first = asyncio.ensure_future(searches.search(SIX, owner=1, supersede=True))
    second = asyncio.ensure_future(searches.search(SIX, owner=2, supersede=True))
    await until(lambda: len(pool.jobs) == 2)
    for _, job in pool.jobs:
        job.set_result(SolveResult(*SIX, ("a",)))
    await asyncio.wait([first, second])
