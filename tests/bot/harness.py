"""Running the unmodified bot against the local Bot API, in-process, for tests."""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import os
import re
import socket
import sqlite3
import ssl
import sys
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from apscheduler.events import (
    EVENT_JOB_ERROR,
    EVENT_JOB_EXECUTED,
    EVENT_JOB_MISSED,
    EVENT_JOB_SUBMITTED,
    JobEvent,
)
from telegram.ext import Application, JobQueue

from bot import records
from bot.app import build_application, run_polling
from bot.clock import MONOTONIC
from bot.features.seasons.closing import JOB as SEASON_JOB
from bot.games.hunt.ready import DEFAULT_SIX
from bot.games.hunt.work import HuntDeals
from bot.local_api import LocalBotApi, LocalTransport, plain_text
from bot.persistence import FILE_NAME, SQLitePersistence
from bot.settings import Settings
from tests.bot.data_files import published_before, seed_tables
from tests.bot.faulty_api import FaultyBotApi
from tests.bot.shared_workers import IDLE_WORKERS, SPARE_HUNTS
from tests.bot.virtual_outbox import clock_of, no_job_within, run_on, waiting
from tests.bytecode import keep_bytecode
from tests.lean_imports import SITE

ANN, BOB = 501, 502
CAROL, DAVE, EVE = 503, 504, 505
GROUP = -1_002_000
NOON = 1_795_435_200.0
"""Monday 2026-11-23, noon (UTC)."""
OWNER = {"TWENTYFOUR_OWNER_ID": str(ANN)}
"""The bot's environment that makes Ann its owner (``/admin``)."""

if TYPE_CHECKING:

    class BotApplication(Application):
        """The application as the bot builds it: PTB types its job queue as optional, but
        the project depends on the job-queue extra (as ``bot.typed_handlers`` says)."""

        @property
        def job_queue(self) -> JobQueue[Any]: ...

else:
    BotApplication = Application


def players() -> FaultyBotApi:
    """The Bot API with Carol and Dave too (beside Ann and Bob)."""
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    return api


def with_carol() -> FaultyBotApi:
    """The Bot API with Carol too (beside Ann and Bob)."""
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    return api


def make_api() -> FaultyBotApi:
    """A server with Ann (English), Bob (Chinese) and a group where Ann is admin."""
    api = FaultyBotApi()
    api.add_user(ANN, "Ann", language_code="en")
    api.add_user(BOB, "Bob", language_code="zh-hans")
    api.add_group(GROUP, "Friends", admins={ANN})
    return api


class _RunningJobs:
    """How many job runs the bot's scheduler has started and not yet finished."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, event: JobEvent) -> None:
        if event.code == EVENT_JOB_SUBMITTED:
            self.count += len(event.scheduled_run_times)  # type: ignore[attr-defined]
        else:
            self.count -= 1  # one event for each run: done, failed or missed


_RUNNING_JOBS: weakref.WeakKeyDictionary[Application, _RunningJobs] = weakref.WeakKeyDictionary()


class FakeClock:
    """A clock that stands still until a test moves it."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


TEST_DAY_NOON = 1_795_435_200.0
"""Noon (UTC) of 23 November 2026, the day a test's bot lives in unless the test gives a
clock: its daily puzzle (2 6 6 12) shares three cards with none of the hands tests ask
/solve for but those about it, so no test depends on the day it runs (on 26 November,
3 5 7 8 made /solve 1 2 3 4 5 6 7 8 a spoiler of the daily puzzle, refused)."""


WORKER_NICE = 0
"""How far a test's bot's workers lower their priority (the bot's own: 10).  Below the loop
of their own bot, as deployed, they are below every other process of the test run too, and
under its load a job of a fifth of a second of CPU took seconds: searches and deals ran out
their budgets.  Tests of the loop's priority over its workers set the bot's own."""


class DayClock:
    """Time that flows as the wall clock's does, from :data:`TEST_DAY_NOON` on."""

    def __init__(self, start: float = TEST_DAY_NOON) -> None:
        self._offset = start - time.time()

    def __call__(self) -> float:
        return time.time() + self._offset


@asynccontextmanager
async def running_bot(
    api: LocalBotApi,
    data_dir: Path,
    *,
    clock: Callable[[], float] | None = None,
    env: dict[str, str] | None = None,
    own_clock: bool = False,
    wall: Callable[[], float] | None = None,
    monotonic: Callable[[], float] | None = None,
    watch: bool = False,
    menus_published: bool = True,
) -> AsyncIterator[BotApplication]:
    """The real application polling ``api`` through PTB's HTTP stack, until the block ends.

    Its clock is ``clock``, else a :class:`DayClock` (the bot lives on a fixed day), else,
    with ``own_clock``, the ones the bot makes for itself (on the system's wall and
    monotonic clocks, or on ``wall`` and ``monotonic`` when given: a test steps them).
    ``watch``: it serves /healthz, /readyz and /metrics on a free port (``web_address``).
    A new data folder comes as a restart finds it (:func:`published_before`: its menus
    published), unless ``menus_published`` is False: the bot's first start there."""
    own_clock = own_clock or wall is not None
    new_file = seed_tables(data_dir)
    web = {"TWENTYFOUR_WEB_PORT": "0"} if watch else {}
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data_dir), **web, **(env or {})})
    application = cast(
        "BotApplication",
        build_application(
            settings,
            token="42:TEST",
            transport=LocalTransport(api),
            clock=None if own_clock else clock or DayClock(),
            wall=wall or time.time,
            monotonic=monotonic or MONOTONIC,
            idle_workers=IDLE_WORKERS,
            worker_nice=WORKER_NICE,
        ),
    )
    if new_file and menus_published:
        published_before(api, application)
    hunts = HuntDeals.of(application.bot_data.solving).ready
    hunts.keep(DEFAULT_SIX, tuple(SPARE_HUNTS))  # the last bot's (tests/bot/shared_workers.py)
    running_jobs = _RUNNING_JOBS[application] = _RunningJobs()
    application.job_queue.scheduler.add_listener(
        running_jobs, EVENT_JOB_SUBMITTED | EVENT_JOB_EXECUTED | EVENT_JOB_ERROR | EVENT_JOB_MISSED
    )
    skipping = clock_of(api)
    if skipping is not None:
        run_on(application, api, skipping, lambda seconds: _quiet(api, application, seconds))
    stop = asyncio.Event()
    polls = api.polls  # the API may be reused from an earlier run: this run's first poll
    runner = asyncio.create_task(run_polling(application, stop, timeout=1, watch=watch))
    try:
        # The updater's first poll goes out only once run_polling waits for ``stop``: after
        # the application has started and rebuilt its jobs (timers, daily posts), which
        # serve_until does without awaiting anything in between.
        poll = asyncio.create_task(api.wait_for_poll(polls + 1))
        await asyncio.wait({poll, runner}, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():  # it stopped before it polled: the finally block says how
            poll.cancel()
            raise RuntimeError("the bot stopped at start-up")
        await poll
        assert application.running
        # As a bot is up well before its users come: its workers started and the default
        # game's solutions kept before the test's first update (a first /solve or deal raced
        # the workers' start-up, which on a loaded machine ran out its budget).
        warm = asyncio.ensure_future(application.bot_data.solving.warm_up())
        warm.add_done_callback(lambda done: done.cancelled() or done.exception())  # the bot logs
        await asyncio.wait({warm, runner}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        yield application
    finally:
        stop.set()
        assert await asyncio.wait_for(runner, timeout=10) == 0
        SPARE_HUNTS[:] = hunts.ready_hands(DEFAULT_SIX)


def refuse_writes(application: Application, refuse: bool = True) -> None:
    """Make the data file's disk refuse every write, as a full or read-only one does, or
    take them again.  SQLite's ``query_only`` fails each write on the bot's connection with
    the error a read-only file gives (SQLITE_READONLY); reads go on as before."""
    persistence = application.persistence
    assert isinstance(persistence, SQLitePersistence)
    persistence._db.execute(f"PRAGMA query_only = {int(refuse)}")


def saved_record(data_dir: Path, kind: str, key: int) -> Any:
    """A chat's or user's data as the data file holds it now, read as another program would
    while the bot runs (read-only: the bot holds the folder's lock)."""
    db = sqlite3.connect(f"file:{data_dir / FILE_NAME}?mode=ro", uri=True)
    try:
        row = db.execute(
            "SELECT value FROM records WHERE kind = ? AND key = ?", (kind, key)
        ).fetchone()
    finally:
        db.close()
    return None if row is None else records.load(kind, row[0])


async def reply_to(
    api: LocalBotApi, user: int, chat: int, text: str, *, timeout: float = 10, **kwargs: object
) -> str:
    """Send ``text`` and return the text of the bot's next message (waiting ``timeout``
    seconds at most)."""
    before = len(api.sent)
    api.send(user, chat, text, **kwargs)  # type: ignore[arg-type]
    sent = await api.wait_for_sent(before + 1, timeout=timeout)
    return sent[before].get("text") or sent[before].get("caption", "")


async def whole_reply(
    api: LocalBotApi, application: Application, user: int, chat: int, text: str
) -> str:
    """Send ``text`` and return the bot's whole reply in ``chat`` once it has settled: a reply
    too long for one message (a /help, which each game's line lengthens) comes in several,
    read here as one text, a paragraph break between them."""
    before = len(api.sent)
    api.send(user, chat, text)
    await settled(api, application)
    return "\n\n".join(
        message.get("text") or message.get("caption", "")
        for message in api.sent[before:]
        if message["chat"]["id"] == chat and not message.get("edited")
    )


async def until(
    predicate: Callable[[], object], *, timeout: float = 30, interval: float = 0.01
) -> None:
    """Wait until ``predicate()`` is true, checking every ``interval`` seconds; fail the test
    with what was awaited if it is not within ``timeout`` seconds (every wait is bounded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with waiting(lambda: not predicate()):
        while not predicate():
            if loop.time() >= deadline:
                try:
                    awaited = inspect.getsource(predicate).strip()
                except (OSError, TypeError):
                    awaited = repr(predicate)
                pytest.fail(f"waited {timeout} s in vain for: {awaited}", pytrace=False)
            await asyncio.sleep(interval)


def game_jobs(application: Application) -> tuple[Any, ...]:
    """The jobs pending, but the one that ends the season (always set: the bot's, not a
    game's; :mod:`bot.features.seasons.closing`)."""
    jobs = cast("BotApplication", application).job_queue.jobs()
    return tuple(job for job in jobs if job.name != SEASON_JOB)


def _jobs_idle(application: Application) -> bool:
    """No job is running, and none is due (about to be started by the scheduler)."""
    now = dt.datetime.now(dt.UTC)
    jobs = cast("BotApplication", application).job_queue.jobs()
    due = [job for job in jobs if job.next_t and job.next_t <= now]
    return _RUNNING_JOBS[application].count == 0 and not due


def _quiet(api: LocalBotApi, application: Application, seconds: float) -> bool:
    """Nothing but the outbox would act within ``seconds``: every update fetched and
    handled, no job running or due by then, no solver worker computing, no task the bot
    created running (see :mod:`tests.bot.virtual_outbox`)."""
    tasks = application._Application__create_task_tasks  # type: ignore[attr-defined]
    return (
        api.drained
        and not application.update_queue._unfinished_tasks  # type: ignore[attr-defined]
        and _RUNNING_JOBS[application].count == 0
        and no_job_within(application, seconds)
        and not application.bot_data.solving.pool._busy
        and all(task.done() for task in tasks)
    )


def _at_rest(api: LocalBotApi, application: Application) -> bool:
    """No update waits to be fetched, no job is running or due, no letter waits."""
    outbox = application.bot_data.outbox
    return api.drained and _jobs_idle(application) and not outbox.pending()


async def handled(api: LocalBotApi, application: Application, *, timeout: float = 10) -> None:
    """Wait until every update sent so far has been fetched and handled (what the handlers
    posted may still wait in the outbox: see :func:`settled`)."""
    async with asyncio.timeout(timeout):
        while True:
            if api.drained:
                await application.update_queue.join()
                if api.drained:
                    return
            await asyncio.sleep(0.01)


async def settled(api: LocalBotApi, application: Application, *, timeout: float = 10) -> None:
    """Wait until the bot has nothing under way: every update sent so far fetched and handled,
    no job running or due, and every letter in its outbox sent or given up.

    After this, "nothing else was sent" is a fact to check, not a hope after a sleep.  A job
    scheduled for later (a round's time-up) is not waited for: a test that must rule it out
    looks at ``application.job_queue.jobs()``.  Neither are tasks a handler leaves behind
    with ``application.create_task`` (working out a hand's solutions): they send nothing.
    """
    outbox = application.bot_data.outbox
    async with asyncio.timeout(timeout), waiting():
        while True:
            pushed = api.pushed
            if api.drained:
                await application.update_queue.join()  # every queued update handled
                await outbox.drained()
                # (api.drained is read again: an update may have come while this waited.)
                if api.pushed == pushed and _at_rest(api, application):
                    return
            await asyncio.sleep(0.01)


# --- helpers shared by test modules -----------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: where ``python -m bot`` runs from."""

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "data-release-1.sqlite3"
"""Release 1's data file, as its own bot wrote it (see ``tests/fixtures/make_release_data.py``)."""


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a bot process: none of this shell's bot settings, its data in
    ``tmp_path / "data"``, and ``extra``.  Where this shell writes no bytecode, the process
    keeps it where the test run does (:mod:`tests.bytecode`): it would otherwise compile the
    bot and its libraries from source, in each of the run's dozens of processes (a fifth of
    a second of CPU each)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TWENTYFOUR_"))}
    keep_bytecode(env)
    env.update(
        {"TWENTYFOUR_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": f"{ROOT}{os.pathsep}{SITE}"}
    )
    # The web port (health checks, metrics): a free one, unless named (processes side by side).
    env.update({"TWENTYFOUR_WEB_PORT": "0"}, **extra)
    return env


async def _bot_process(env: dict[str, str], data: Path | None = None) -> asyncio.subprocess.Process:
    """``python -m bot`` started in ``env`` (with its data in ``data`` if given)."""
    if data is not None:
        env = dict(env, TWENTYFOUR_DATA_DIR=str(data))
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


LOOPBACK_TLS = ssl.create_default_context()
"""The TLS settings of the tests' own HTTP clients (``httpx.AsyncClient(verify=...)``),
made once: they speak plain HTTP to 127.0.0.1, and httpx would load the system's
certificates again for each client (10 ms of CPU; the Mini App's tests make hundreds)."""


def _free_port() -> int:
    """A port of 127.0.0.1 free a moment ago."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dealt(message: dict) -> tuple[int, ...]:
    """The hand a deal message states in its caption (under the news of the round before
    it, if it has some: a group's match deals its next round with the win)."""
    caption = plain_text(message["caption"]).rsplit("\n\n", 1)[-1]
    numbers = re.search(r"(\d+(?: \d+)+)", caption.split("\n")[0].split("·")[-1])
    assert numbers, caption
    return tuple(int(n) for n in numbers.group(1).split())


async def deal(api: LocalBotApi, user: int, chat: int, command: str = "/play") -> dict:
    """The deal (a picture) the bot answers ``command`` with."""
    before = len(api.sent)
    api.send(user, chat, command)
    message = (await api.wait_for_sent(before + 1))[before]
    assert "photo" in message, message
    return message


async def untimed_deal(api: LocalBotApi, application: Application, user: int) -> tuple[int, ...]:
    """The hand dealt to ``user`` in private by /play, its time limit off first."""
    application.chat_data[user].table.settings.time_limit = 0
    return dealt(await deal(api, user, user))


PROBE_BOUND = 2.0
"""Seconds within which a probe user's /start must be answered, whatever others do."""


async def probe(api: LocalBotApi, user: int = ANN) -> float:
    """Seconds until the bot answers ``user``'s /start in private (fails after the bound)."""
    started = time.monotonic()
    answered = asyncio.Event()

    def listener(message: dict) -> None:
        if message["chat"]["id"] == user and "Hi " in message.get("text", ""):
            answered.set()

    api.on_sent(listener)
    api.send(user, user, "/start")
    await asyncio.wait_for(answered.wait(), PROBE_BOUND)
    return time.monotonic() - started
