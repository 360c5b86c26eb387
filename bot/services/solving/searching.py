"""/solve and inline searches in the worker pool's search lane, answered within half a second:
listed whole up to :data:`~bot.rules.requests.WHOLE_LIST_NUMBERS` numbers, else for a share
of :data:`LIST_SECONDS` with the worker's reports, recent answers kept (docs/design.md,
*/solve and inline mode*)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from bot.rules.requests import (
    REPORT_SECONDS,
    SolveRequest,
    SolveResult,
    listed_whole,
    solve_job,
)
from bot.services.solving.errors import SolveBusy, SolveTimeout, SolveTooBig
from bot.services.workers import (
    AlreadyRunning,
    PoolBusy,
    WorkerPool,
    WorkFailed,
    WorkTimeout,
    WorkTooBig,
    stop_asked,
)

SEARCH_BUDGET = 2.0
"""Seconds a /solve or inline search may take, queueing included."""
LIST_SECONDS = 0.3
"""Wall-clock seconds the solutions of a hand of more numbers than
:data:`~bot.rules.requests.WHOLE_LIST_NUMBERS` are listed for, from the worker's start: a
hand whose full list takes longer is answered with those found by then (on a busy machine,
fewer rather than later)."""
ANSWER_SECONDS = 0.45
"""Seconds from such a request to its answer when the hand has solutions: the worker
reports the first at once (in milliseconds), but a step of the search may run on past
:data:`LIST_SECONDS` (tenths of a second for eight numbers); the user is then answered with
the solutions it reported last."""
MIN_SHARE = 0.05
"""Seconds of listing (after the first solution) that every search gets, however many wait."""
LATE_SECONDS = 1.0
"""Seconds after its request a search that has not started lists only its first solution:
its user has waited long enough, and others wait behind it (a burst beyond what the workers
can list for in time is then answered rather than refused)."""
SEARCH_LINGER = 1.0
"""Seconds a given-up search may run on before its worker is killed: it stops at its next
solution found (in milliseconds, mostly), or at the end of a step of the search."""
RESULTS_KEPT = 256
"""Answers kept: a reply's pages and a request asked again need no search."""


def search_job(
    request: SolveRequest,
    seconds: float,
    late: float = math.inf,
    options: Mapping[str, bool] | None = None,
    *,
    report: Callable[[SolveResult], None],
) -> SolveResult:
    """Worker job: :func:`~bot.rules.requests.solve_job`, whose listing also ends once the
    pool asks to stop it (its caller is answered or gone); started at ``late``
    (:func:`time.monotonic`) or after, it lists only the first solution.  ``options`` are the
    rules' solver keywords, worked out where the games' rules are declared (a worker
    process need not have imported them)."""

    def clock() -> float:
        return math.inf if stop_asked() else time.monotonic()

    if time.monotonic() >= late:
        seconds = 0.0
    return solve_job(request, seconds, report=report, clock=clock, options=options)


class Searches:
    """The features' searches: one at a time per user, bounded, answered in time."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool
        self._results: OrderedDict[SolveRequest, SolveResult] = OrderedDict()
        self._latest: dict[int, asyncio.Future[SolveResult]] = {}
        self._running: dict[SolveRequest, tuple[int | None, asyncio.Future[SolveResult]]] = {}

    def cached(self, request: SolveRequest) -> SolveResult | None:
        """A result computed recently, if any (no work)."""
        return self._results.get(request)

    async def search(
        self, request: SolveRequest, *, owner: int | None, supersede: bool = False
    ) -> SolveResult:
        """The answer to a /solve or inline request; raises :class:`SolveBusy` or
        :class:`SolveTimeout`.

        The answer is the worker's; for a hand not listed whole, when it is not there
        :data:`ANSWER_SECONDS` after the call, the solutions the worker reported last (the
        search is then given up), or its first report of solutions if that comes later.
        When the worker has reported that there is no solution, it is the worker's answer,
        or that report if the budget runs out while the closest values are looked for.

        With ``supersede`` the request replaces the owner's earlier superseding one, which
        ends with ``SolveBusy("superseded")``: inline queries come one per key typed, and
        only the answer to the latest is shown.

        A request without ``supersede`` (a /solve) being searched for another user waits for
        that search's answer (a group trying one hand), and searches itself only if that one
        ends without an answer.  Inline queries search for themselves: one per key typed, a
        shared search would be given up by its owner's next key, and its waiters would start
        their own, late.
        """
        found = self._results.get(request)
        if found is not None:
            self._results.move_to_end(request)
            return found
        shared = self._running.get(request)
        if shared is not None and not supersede and (owner is None or shared[0] != owner):
            with contextlib.suppress(SolveBusy, SolveTimeout):  # its fate, not this one's
                return await asyncio.shield(shared[1])
        return await self._shared(request, owner=owner, supersede=supersede)

    async def _shared(
        self, request: SolveRequest, *, owner: int | None, supersede: bool
    ) -> SolveResult:
        """:meth:`_search`, whose answer other users asking the same meanwhile wait for."""
        mine: asyncio.Future[SolveResult] = asyncio.get_running_loop().create_future()
        self._running.setdefault(request, (owner, mine))
        try:
            found = await self._search(request, owner=owner, supersede=supersede)
            mine.set_result(found)
            return found
        finally:
            if not mine.done():
                mine.set_exception(SolveBusy("shared"))
                mine.exception()  # retrieved: no one may be waiting
            if self._running.get(request, (None, None))[1] is mine:
                del self._running[request]

    async def _search(
        self, request: SolveRequest, *, owner: int | None, supersede: bool
    ) -> SolveResult:
        """:meth:`search` in a worker of the pool."""
        whole = listed_whole(request)
        loop = asyncio.get_running_loop()
        deadline = None if whole else loop.time() + ANSWER_SECONDS
        if supersede and owner is not None:
            older = self._latest.pop(owner, None)
            if older is not None:
                older.cancel()
                await asyncio.wait([older])  # until its worker job is given up
        reported: list[SolveResult] = []
        first = loop.create_future()
        enough = loop.create_future()
        listing: list[float] = []  # when the first solution came

        def progress(result: SolveResult) -> None:
            reported[:] = [result]
            now = loop.time()
            if not first.done():
                first.set_result(None)
            if deadline is None or not result.solutions or enough.done():
                return
            if not listing:
                listing.append(now)
            workers = self.pool.search_workers
            share = LIST_SECONDS * workers / (workers + self.pool.queued("search"))
            if now >= deadline:  # started late: the first few then
                share = min(share, MIN_SHARE)
            if now - listing[0] >= max(share, MIN_SHARE):
                enough.set_result(None)

        job = asyncio.ensure_future(
            self.pool.run(
                search_job,
                request,
                math.inf if whole else LIST_SECONDS,
                math.inf if whole else time.monotonic() + LATE_SECONDS,
                request[2].options(),
                budget=SEARCH_BUDGET,
                lane="search",
                owner=owner,
                progress=progress,
                linger=SEARCH_LINGER,
            )
        )
        if supersede and owner is not None:
            self._latest[owner] = job
        try:
            found = await search_answer(job, first, enough, reported, deadline, listing)
        finally:
            if not job.done():  # given up, or the caller itself is cancelled
                job.cancel()
            if owner is not None and self._latest.get(owner) is job:
                del self._latest[owner]
        self._results[request] = found
        while len(self._results) > RESULTS_KEPT:
            self._results.popitem(last=False)
        return found


async def search_answer(
    job: asyncio.Future[SolveResult],
    first: asyncio.Future[None],
    enough: asyncio.Future[None],
    reported: list[SolveResult],
    deadline: float | None,
    listing: list[float],
) -> SolveResult:
    """What :meth:`Searches.search` answers: the job's result, or its last report (see there)."""
    loop = asyncio.get_running_loop()
    if deadline is None:  # listed whole, within the job's budget
        await asyncio.wait([job])
    else:
        either: list[asyncio.Future[Any]] = [job, enough]
        await asyncio.wait(
            either, timeout=max(0.0, deadline - loop.time()), return_when=asyncio.FIRST_COMPLETED
        )
    if not job.done() and not reported:  # not started yet, or a starved worker
        either = [job, first]
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
    if not job.done() and not enough.done() and listing:  # a late start: a few more
        either = [job, enough]
        more = listing[0] + MIN_SHARE + 2 * REPORT_SECONDS - loop.time()
        if more > 0:
            await asyncio.wait(either, timeout=more, return_when=asyncio.FIRST_COMPLETED)
    if not job.done() and not reported[-1].solutions:
        await asyncio.wait([job])  # the closest values, within the job's budget
    if not job.done():
        return reported[-1]
    if job.cancelled():  # by a newer request of the same owner
        raise SolveBusy("superseded")
    try:
        return job.result()
    except AlreadyRunning:
        raise SolveBusy("mine") from None
    except PoolBusy:
        raise SolveBusy("full") from None
    except WorkTooBig:
        if reported:
            return reported[-1]
        raise SolveTooBig from None
    except WorkTimeout as late:
        if reported:
            return reported[-1]
        if late.queued:  # other searches took the workers all along: nothing was tried
            raise SolveBusy("full") from None
        raise SolveTimeout from None
    except WorkFailed:
        if reported:
            return reported[-1]
        raise SolveTimeout from None
