"""Timers: every job the bot schedules for a chat, named ``KIND:CHAT_ID``, indexed per chat, rung
by the bot's clock (``by_clock``), held while the clock is paused, and moved with a group
that becomes a supergroup (docs/design-platform.md, *Clocks* and *Data*).  Each game names
its own kinds of job (``"hunt-up"``), distinct from every other game's; a chat has at most
one pending of each (but for the daily post, whose catch-up may wait beside the day's own)."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from apscheduler.events import EVENT_JOB_REMOVED, JobEvent
from apscheduler.jobstores.base import JobLookupError
from telegram.ext import CallbackContext, Job, JobQueue

logger = logging.getLogger(__name__)

_Context = TypeVar("_Context", bound=CallbackContext[Any, Any, Any, Any])

JobCallback = Callable[[_Context], Coroutine[Any, Any, None]]
"""A job of a chat: it gets the chat's context, with the job's ``chat_id`` and ``data``
(typed as :class:`bot.typed_handlers.JobContext`, which this module, below the context,
does not import)."""


EARLY = 0.5
"""Seconds an alarm that rings by the bot's clock may ring early and still ring (the job
queue and the clock are read a moment apart)."""


def job_name(kind: str, chat_id: int) -> str:
    """The name of a chat's job of a kind: ``KIND:CHAT_ID``."""
    return f"{kind}:{chat_id}"


def _id(job: Job[Any]) -> str:
    """The scheduler's id of a job (APScheduler's)."""
    return str(job.job.id)


@dataclass
class _Timer:
    """A pending job, and what it takes to schedule it again (for another chat id)."""

    kind: str
    callback: JobCallback[Any]
    job: Job[Any]
    daily_at: dt.time | None = None
    """For a daily job, its time of day (with its time zone); None for a job that runs once."""
    due: float | None = None
    """For an alarm that rings by the bot's clock, when it is due on that clock."""


class Timers:
    """The chats' pending jobs on the application's job queue (``context.bot_data.timers``)."""

    def __init__(
        self,
        job_queue: JobQueue[Any],
        clock: Callable[[], float] | None = None,
        stopped: Callable[[], bool] = lambda: False,
    ) -> None:
        """``clock``: the bot's clock, by which alarms set ``by_clock`` ring; ``stopped``:
        whether that clock stands still (maintenance): an alarm that rings then is held until
        :meth:`resume`."""
        self._queue = job_queue
        self._clock = clock
        self._stopped = stopped
        self._held: dict[tuple[int, str], tuple[JobCallback[Any], float | None, object]] = {}
        """Alarms that rang while the clock stood still, by chat and kind: their callback,
        due time (None: a job that ``pauses``, run at once) and data."""
        self._chats: dict[int, dict[str, _Timer]] = {}
        """Each chat's pending jobs, by the scheduler's job id."""
        self._chat_of: dict[str, int] = {}
        """The chat of each pending job, by the scheduler's job id."""
        job_queue.scheduler.add_listener(self._dropped, EVENT_JOB_REMOVED)

    def run_once(
        self,
        callback: JobCallback[_Context],
        when: float | dt.datetime,
        *,
        chat_id: int,
        kind: str,
        data: object = None,
        by_clock: bool = False,
        pauses: bool = False,
    ) -> Job[Any]:
        """Run ``callback`` once, in ``when`` seconds (or at that time), for the chat;
        ``by_clock``: when ``when`` seconds have passed on the bot's clock (see the module);
        ``pauses``: held while the games' clock stands still, and run when it runs again
        (a match's or a duel's next deal: no game starts during maintenance)."""
        due = None
        ring: JobCallback[Any] = callback
        if by_clock and self._clock is not None and not isinstance(when, dt.datetime):
            due = self._clock() + when
            ring = self._by_clock(callback, due, chat_id=chat_id, kind=kind)
        elif pauses:
            ring = self._pausing(callback, chat_id=chat_id, kind=kind)
        job = self._queue.run_once(
            ring,
            when,
            data=data,
            name=job_name(kind, chat_id),
            chat_id=chat_id,
        )
        return self._keep(chat_id, _Timer(kind, callback, job, due=due))

    def _by_clock(
        self, callback: JobCallback[_Context], due: float, *, chat_id: int, kind: str
    ) -> JobCallback[_Context]:
        """``callback``, unless the job queue runs it before ``due`` on the bot's clock (the
        wall clock stepped forward): then it is set again for the rest of its time."""
        clock = self._clock
        assert clock is not None

        async def ring(context: _Context) -> None:
            job = context.job
            if self._stopped():  # the games' clock stands still: rung when it runs again
                self._held[(chat_id, kind)] = (callback, due, job.data if job else None)
                return
            early = due - clock()
            if early > EARLY:
                logger.info("A %s alarm rang %.0f s early (a clock step): set again", kind, early)
                data = job.data if job is not None else None
                self.run_once(callback, early, chat_id=chat_id, kind=kind, data=data, by_clock=True)
                return
            await callback(context)

        return ring

    def _pausing(
        self, callback: JobCallback[_Context], *, chat_id: int, kind: str
    ) -> JobCallback[_Context]:
        """``callback``, held (until :meth:`resume`) if it rings while the clock stands still."""

        async def ring(context: _Context) -> None:
            if self._stopped():
                job = context.job
                self._held[(chat_id, kind)] = (callback, None, job.data if job else None)
                return
            await callback(context)

        return ring

    def run_daily(
        self, callback: JobCallback[_Context], at: dt.time, *, chat_id: int, kind: str
    ) -> Job[Any]:
        """Run ``callback`` every day at ``at`` (a time with its time zone), for the chat."""
        job = self._queue.run_daily(
            callback,
            at,
            name=job_name(kind, chat_id),
            chat_id=chat_id,
        )
        return self._keep(chat_id, _Timer(kind, callback, job, at))

    def _keep(self, chat_id: int, timer: _Timer) -> Job[Any]:
        self._chats.setdefault(chat_id, {})[_id(timer.job)] = timer
        self._chat_of[_id(timer.job)] = chat_id
        return timer.job

    def pending(self, chat_id: int, *kinds: str) -> list[Job[Any]]:
        """The chat's jobs still to run, of the given kinds (of every kind if none given)."""
        timers = self._chats.get(chat_id, {}).values()
        return [t.job for t in timers if not kinds or t.kind in kinds]

    def chats(self) -> set[int]:
        """The chats that have jobs still to run."""
        return set(self._chats)

    def resume(self) -> int:
        """The games' clock runs again: set again every alarm held while it stood still, for
        the time it had still to run; returns how many."""
        held, self._held = self._held, {}
        for (chat_id, kind), (callback, due, data) in held.items():
            if due is None or self._clock is None:
                self.run_once(callback, 0, chat_id=chat_id, kind=kind, data=data, pauses=True)
                continue
            left = max(due - self._clock(), 0.0)
            self.run_once(callback, left, chat_id=chat_id, kind=kind, data=data, by_clock=True)
        return len(held)

    def cancel(self, chat_id: int, *kinds: str) -> None:
        """Cancel the chat's jobs of these kinds (a job that is running already goes on)."""
        for kind in kinds:
            self._held.pop((chat_id, kind), None)
        for timer in list(self._chats.get(chat_id, {}).values()):
            if timer.kind in kinds:
                self._cancel(timer)

    def move(self, old_chat_id: int, new_chat_id: int) -> int:
        """Give the old chat's pending jobs to the new chat id; returns how many moved.

        Each is scheduled again for the new id as it was (the same callback, data and next
        run, or the same time of day), and cancelled for the old one.
        """
        moved = 0
        for timer in list(self._chats.get(old_chat_id, {}).values()):
            job, when = timer.job, timer.job.next_t
            self._cancel(timer)
            if timer.daily_at is not None:
                self.run_daily(timer.callback, timer.daily_at, chat_id=new_chat_id, kind=timer.kind)
            elif timer.due is not None and self._clock is not None:
                self.run_once(
                    timer.callback,
                    max(timer.due - self._clock(), 0.0),
                    chat_id=new_chat_id,
                    kind=timer.kind,
                    data=job.data,
                    by_clock=True,
                )
            elif when is not None:
                self.run_once(
                    timer.callback, when, chat_id=new_chat_id, kind=timer.kind, data=job.data
                )
            else:
                continue
            moved += 1
        if moved:
            logger.info("Moved %d jobs from chat %s to %s", moved, old_chat_id, new_chat_id)
        return moved

    def _cancel(self, timer: _Timer) -> None:
        with contextlib.suppress(JobLookupError):  # dropped meanwhile: gone already
            timer.job.schedule_removal()
        self._forget(_id(timer.job))

    def _dropped(self, event: JobEvent) -> None:
        """The scheduler dropped a job (it ran for the last time, or was cancelled)."""
        self._forget(event.job_id)

    def _forget(self, job_id: str) -> None:
        chat_id = self._chat_of.pop(job_id, None)
        if chat_id is None:
            return
        timers = self._chats[chat_id]
        del timers[job_id]
        if not timers:
            del self._chats[chat_id]
