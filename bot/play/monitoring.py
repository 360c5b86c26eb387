"""What tells the host how the bot is doing, on the web port: ``/healthz``, ``/readyz`` and
``/metrics``, each check bounded, and the application that counts what it handles
(:class:`MeteredApplication`; docs/operating.md, *Health checks* and *Metrics*)."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application

from bot.context import BotData, services
from bot.persistence import SQLitePersistence
from bot.services.outbox import FloodControl
from bot.services.watch import Metrics, Readings, label
from bot.services.web import BoundedHandler, Rules
from bot.services.workers import PoolClosed, WorkFailed, WorkTimeout

logger = logging.getLogger(__name__)

POLL_FRESH = 30.0
"""Seconds within which Telegram must have answered a poll (a long poll waits 10 s)."""
WEBHOOK_EVERY = 30.0
"""Seconds between two looks at the webhook's state (``getWebhookInfo``) with a webhook."""
WEBHOOK_FRESH = 90.0
"""Seconds within which Telegram must have been seen to reach the webhook."""
WORKERS_BUDGET = 3.0
"""Seconds a solver worker has to answer ``/readyz``'s ping."""
SHARED_FOR = 1.0
"""Seconds a look at the workers answers every ``/readyz`` that asks."""
DAY, WEEK = 86_400.0, 7 * 86_400.0
UPDATE_KINDS = tuple(Update.ALL_TYPES)


def update_kind(update: object) -> str:
    """What an update is (``message``, ``callback_query``, ``inline_query``…)."""
    if isinstance(update, Update):
        for kind in UPDATE_KINDS:
            if getattr(update, kind, None) is not None:
                return kind
    return "other"


class MeteredApplication(Application):
    """PTB's application, counting each update by kind and timing its handlers, and
    noting who was active (a few microseconds an update)."""

    async def process_update(self, update: object) -> None:
        data: BotData = self.bot_data
        if isinstance(update, Update):
            _note_activity(self, data, update)
        started = time.perf_counter()
        try:
            await super().process_update(update)
        finally:
            data.metrics.handled(update_kind(update), time.perf_counter() - started)


def _note_activity(application: Application, data: BotData, update: Update) -> None:
    now = data.now()
    user, chat = update.effective_user, update.effective_chat
    # Kept with the saved data too, once an hour each, so that the counts survive a restart.
    if user is not None and not user.is_bot and data.activity.players.see(user.id, now):
        application.user_data[user.id].seen = now
    if chat is not None and data.activity.chats.see(chat.id, now):
        application.chat_data[chat.id].seen = now


def instrument(application: Application, flood: FloodControl | None) -> None:
    """Give the application its metrics, and hook the services to them."""
    data = services(application)
    data.metrics = metrics = Metrics(readings(application))
    data.solving.pool.on_done = _worked(metrics)
    if flood is not None:
        flood.on_flood = metrics.flooded
    persistence = application.persistence
    if isinstance(persistence, SQLitePersistence):
        persistence.on_write = metrics.saved
        data.writable = persistence.writable


def _worked(metrics: Metrics) -> Callable[[str, float, float | None], None]:
    """The pool's hook: a job's wait for a worker and its run, in seconds."""

    def worked(lane: str, queued: float, started: float | None) -> None:
        now = asyncio.get_running_loop().time()
        start = now if started is None else started  # never started: it waited all along
        metrics.worked(lane, start - queued, now - start)

    return worked


def readings(application: Application) -> Readings:
    """What the metrics read from the application's services at each scrape."""
    data = services(application)

    def messages() -> dict[str, int]:
        stats = data.outbox.stats
        return {
            "sent": stats.sent,
            "failed": stats.failed,
            "dropped": stats.dropped,
            "merged": stats.merged,
        }

    def queue() -> dict[str, int]:
        pool = data.solving.pool
        return {"game": pool.queued("game"), "search": pool.queued("search")}

    def active(seen: Any) -> dict[str, int]:
        now = data.now()
        return {"day": seen.since(now - DAY), "week": seen.since(now - WEEK)}

    return Readings(
        outbox_queued=data.outbox.queued,
        messages=messages,
        live_games=lambda: live_games(data),
        games_started=lambda: dict(data.activity.games),
        workers=lambda: workers_of(data),
        worker_queue=queue,
        active_players=lambda: active(data.activity.players),
        active_chats=lambda: active(data.activity.chats),
        loop_lag=data.heartbeat.lag,
        errors=lambda: data.errors.total,
        backups=lambda: dict(data.backups),
    )


def live_games(data: BotData) -> dict[str, int]:
    """The games being played now, by kind."""
    games: Counter[str] = Counter()
    for kind, count in data.live_hands.live_kinds().items():
        games[label(kind)] += count
    return dict(games)


def workers_of(data: BotData) -> dict[str, int]:
    """The solver workers alive now, busy and idle."""
    pool = data.solving.pool
    busy = pool.running("game") + pool.running("search")
    return {"busy": busy, "idle": max(0, len(pool.pids()) - busy)}


def start(application: Application) -> None:
    """At start-up, once the games still on are restored: the heartbeat, the error count,
    who was active (from the saved data), and the count of games dealt from now on."""
    data = services(application)
    data.live_hands.on_new = lambda kind, game: data.activity.played(
        kind, data.local_now().date(), game
    )
    for user_id, user in application.user_data.items():
        if user.seen:
            data.activity.players.see(user_id, user.seen)
    for chat_id, chat in application.chat_data.items():
        if chat.seen:
            data.activity.chats.see(chat_id, chat.seen)
    data.heartbeat.start()
    data.errors.attach()


async def stop(application: Application) -> None:
    """At the stop: no more heartbeat nor error count."""
    data = services(application)
    data.errors.detach()
    await data.heartbeat.stop()


# --- the checks --------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One part's state: whether it is fine, and in a few words why."""

    ok: bool
    said: str


def loop_check(data: BotData) -> Check:
    """Whether the event loop answered within a second over the last few seconds."""
    held = data.heartbeat.stalled()
    if held is not None:
        return Check(False, f"the event loop was held up for {held:.1f} s")
    return Check(
        True, f"the event loop answers (last beat {1000 * data.heartbeat.lag():.0f} ms late)"
    )


def telegram_check(data: BotData) -> Check:
    """Whether Telegram was seen lately: a poll answered, or with a webhook an update posted
    or its state looked at with no delivery error."""
    if data.settings.webhook_url:
        seen, fresh, how = data.telegram_seen, WEBHOOK_FRESH, "reached the webhook"
    else:
        seen, fresh, how = data.polling.answered_at, POLL_FRESH, "answered a poll"
        asked = data.polling.asked_at
        if asked is not None and time.monotonic() - asked <= fresh:
            return Check(True, f"a poll waits on Telegram ({time.monotonic() - asked:.0f} s)")
    if seen is None:
        return Check(False, f"Telegram has not {how} yet")
    ago = time.monotonic() - seen
    if ago > fresh:
        return Check(False, f"Telegram last {how} {ago:.0f} s ago")
    return Check(True, f"Telegram {how} {ago:.0f} s ago")


def data_check(data: BotData) -> Check:
    """Whether the data file's disk takes writes."""
    if data.writable():
        return Check(True, "the data file takes writes")
    return Check(False, "the data file's disk refuses writes (full or read-only?)")


class WorkersCheck:
    """A ping of the solver workers (a job in the game lane), shared by every ``/readyz``
    within :data:`SHARED_FOR` seconds."""

    def __init__(self) -> None:
        self._look: asyncio.Task[Check] | None = None
        self._at = 0.0

    async def __call__(self, data: BotData) -> Check:
        if self._look is None or (self._look.done() and time.monotonic() - self._at > SHARED_FOR):
            self._at = time.monotonic()
            self._look = asyncio.ensure_future(self._ping(data))
        return await asyncio.shield(self._look)

    @staticmethod
    async def _ping(data: BotData) -> Check:
        pool = data.solving.pool
        try:
            await pool.run(os.getpid, budget=WORKERS_BUDGET)
        except WorkTimeout:
            return Check(
                False,
                f"the solver workers did not answer a ping within {WORKERS_BUDGET:g} s "
                "(stalled, or all busy with long searches)",
            )
        except (WorkFailed, PoolClosed) as error:
            return Check(False, f"the solver workers fail: {error}")
        workers = workers_of(data)
        return Check(
            True, f"solver workers answer ({workers['busy']} busy, {workers['idle']} idle)"
        )


async def readiness(application: Application, workers: WorkersCheck) -> dict[str, Check]:
    """Every part's check."""
    data = services(application)
    return {
        "loop": loop_check(data),
        "telegram": telegram_check(data),
        "data": data_check(data),
        "workers": await workers(data),
    }


async def watch_webhook(application: Application) -> None:
    """With a webhook: look at its state with Telegram every :data:`WEBHOOK_EVERY` seconds
    (until cancelled); Telegram is seen when it knows the webhook and has had no error
    delivering to it since the last look."""
    data = services(application)
    while True:
        looked = time.time()
        try:
            info = await application.bot.get_webhook_info()
        except TelegramError as error:
            logger.warning("Cannot look at the webhook's state: %s", error)
        else:
            failed = info.last_error_date
            if info.url != data.settings.webhook_url:
                logger.warning("Telegram does not post to this bot's webhook now")
            elif failed is not None and failed.timestamp() > looked - 2 * WEBHOOK_EVERY:
                logger.warning("Telegram cannot post to the webhook: %s", info.last_error_message)
            else:
                data.telegram_seen = time.monotonic()
        await asyncio.sleep(WEBHOOK_EVERY)


# --- the routes --------------------------------------------------------------------------


class _Answers(BoundedHandler):
    """A GET answered with JSON; no body is read."""

    SUPPORTED_METHODS = ("GET",)

    def initialize(self, bot_application: Application, **kwargs: Any) -> None:
        self.bot_application = bot_application
        for name, value in kwargs.items():
            setattr(self, name, value)

    def answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))


class Healthz(_Answers):
    """``GET /healthz``: 200 while the event loop answers within a second, else 503 (logged
    as a warning: the loop was slow, which the check tells; not an error to report)."""

    unavailable_level = logging.WARNING

    def get(self) -> None:
        check = loop_check(services(self.bot_application))
        status = HTTPStatus.OK if check.ok else HTTPStatus.SERVICE_UNAVAILABLE
        self.answer(status, {"ok": check.ok, "loop": check.said})


class Readyz(_Answers):
    """``GET /readyz``: 200 when every part answers (the loop, Telegram, the data file, the
    solver workers), else 503 naming the parts that do not (logged at INFO: not ready while
    starting, or while a part is down, is the check's answer, not an error to report)."""

    unavailable_level = logging.INFO

    workers: WorkersCheck

    async def get(self) -> None:
        checks = await readiness(self.bot_application, self.workers)
        ready = all(check.ok for check in checks.values())
        body: dict[str, Any] = {"ready": ready}
        body.update({name: {"ok": c.ok, "said": c.said} for name, c in checks.items()})
        self.answer(HTTPStatus.OK if ready else HTTPStatus.SERVICE_UNAVAILABLE, body)


class MetricsPage(_Answers):
    """``GET /metrics``: every metric in Prometheus's text format; with
    ``TWENTYFOUR_METRICS_TOKEN`` set, only for ``Authorization: Bearer <token>``."""

    def admit(self) -> int | None:
        token = services(self.bot_application).settings.metrics_token
        if token is None:
            return None
        # The scheme is case-insensitive (RFC 9110 §11.1: "Bearer", "bearer"); the token not.
        scheme, _, given = self.request.headers.get("Authorization", "").strip().partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode("utf-8", "replace"), token.encode()
        ):
            return None
        self.set_header("WWW-Authenticate", 'Bearer realm="metrics"')
        return HTTPStatus.UNAUTHORIZED

    def get(self) -> None:
        self.set_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(services(self.bot_application).metrics.text())


def watch_routes(application: Application) -> Rules:
    """The routes of the health checks and the metrics."""
    args = {"bot_application": application}
    return [
        ("/healthz", Healthz, args),
        ("/readyz", Readyz, {**args, "workers": WorkersCheck()}),
        ("/metrics", MetricsPage, args),
    ]
