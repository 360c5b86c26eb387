"""Building the application: handlers, defaults, rate limiter, persistence (the command menus:
:mod:`bot.menus`)."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import ssl
import time
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any

import httpx
from telegram import (
    Update,
)
from telegram.constants import ParseMode
from telegram.error import Conflict, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    ContextTypes,
    Defaults,
    Updater,
)

from bot.clock import MONOTONIC, GameClock, SteadyClock
from bot.context import BotContext, BotData, ChatData, UserData, services
from bot.features import (
    FEATURES,
    achievements,
    admin,
    basics,
    chat_settings,
    fair_play,
    names,
    scores,
    seasons,
    solve,
    stray_buttons,
)
from bot.games import GAMES
from bot.i18n import keep_compiled
from bot.menus import register_commands
from bot.persistence import SQLitePersistence
from bot.play import answer_router as answers
from bot.play import backup_schedule, monitoring
from bot.play.game_page import game_routes
from bot.play.miniapp import app_routes
from bot.play.monitoring import MeteredApplication, watch_routes
from bot.play.registry import (
    Feature,
    Slot,
    TelegramGame,
    register_slot,
    restore_all,
    set_up_work,
)
from bot.services.outbox import FloodControl, Outbox
from bot.services.polling import PollingRequest
from bot.services.sending import SendingRequest
from bot.services.solving import Solving
from bot.services.timers import Timers
from bot.services.web import ListenError, WebServer
from bot.services.workers import IdleWorkers, WorkerPool
from bot.settings import Settings
from bot.start_up import StartUpError, connect, publish_menus, with_retries
from bot.typed_handlers import jobs_of

logger = logging.getLogger(__name__)

CONCURRENT_UPDATES = 256

CONTEXT_TYPES = ContextTypes(
    context=BotContext, chat_data=ChatData, user_data=UserData, bot_data=BotData
)

STOP_SENDING = 3.0
"""Seconds a stopping bot goes on sending game messages already decided (wins, time-ups)."""
ALLOWED_UPDATES = [
    kind
    for kind in Update.ALL_TYPES
    if kind not in (Update.MESSAGE_REACTION, Update.MESSAGE_REACTION_COUNT)
]
"""The updates asked of Telegram: its default ones, and ``chat_member`` (who is promoted or
demoted, sent where the bot is an admin), which it sends only when asked by name."""


@cache
def tls() -> ssl.SSLContext:
    """The TLS settings of the bot's connections to the Bot API, one for the process: httpx
    would otherwise load the certificates again for each of its clients (50 ms of CPU)."""
    return httpx.create_ssl_context()


def build_application(
    settings: Settings,
    *,
    token: str | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    clock: Callable[[], float] | None = None,
    rate_limited: bool = True,
    wall: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = MONOTONIC,
    idle_workers: IdleWorkers | None = None,
    worker_nice: int = 10,
) -> Application:
    """The bot's application, ready to initialise.

    ``transport`` replaces the network under PTB's own HTTP stack (the console and the tests
    pass the local Bot API's); ``settings.api_url`` points it at another Bot API server.
    ``clock`` gives the time in seconds, for the games and the calendar alike (tests pass a
    fixed one).  By default the games keep a :class:`~bot.clock.GameClock` (a step of the
    wall clock is no time played) and the calendar a :class:`~bot.clock.SteadyClock`
    (wall-clock time that never runs backwards), both on ``wall`` and ``monotonic``.
    ``rate_limited=False`` drops Telegram's outgoing limits, for benchmarks of the bot's own
    processing only.  ``idle_workers`` lends the worker pool solver workers kept from earlier
    bots of this process, and takes its idle ones back at the stop (the tests pass theirs).
    ``worker_nice``: how far the workers lower their priority below the bot's loop (the
    tests' bots share the machine with other test processes, not only with their loop).
    """
    # PTB 22 gives durations such as a 429's retry_after as timedeltas only when this is set
    # (and warns at every read otherwise); the outbox reads either.
    os.environ.setdefault("PTB_TIMEDELTA", "true")
    keep_compiled(settings.cache_dir)  # before the menus compile every catalogue
    httpx_kwargs: dict[str, Any] = {"transport": transport} if transport else {"verify": tls()}
    polling = PollingRequest(connection_pool_size=1, httpx_kwargs=httpx_kwargs)
    persistence = SQLitePersistence(settings.data_dir)
    # Telegram's limits are kept by the outbox, per chat; PTB's own limiter would make every
    # handler wait for them, holding one of the concurrent-update slots meanwhile.
    outbox = Outbox(limited=rate_limited)
    builder = (
        ApplicationBuilder()
        .token(token or settings.token or "")
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .context_types(CONTEXT_TYPES)
        .persistence(persistence)
        # Updates are handled concurrently so that a slow one (a search waiting for a worker)
        # never holds up other chats; handlers change shared state only between awaits.
        .concurrent_updates(CONCURRENT_UPDATES)
        # Messages whose answer nobody reads are sent without PTB building a Message of it.
        .request(SendingRequest(connection_pool_size=64, httpx_kwargs=httpx_kwargs))
        .get_updates_request(polling)
        # Counts and times every update for the metrics (bot.play.monitoring).
        .application_class(MeteredApplication)
    )
    flood = FloodControl(outbox) if rate_limited else None
    if flood is not None:  # a benchmark of the bot's own work has no 429s to wait out
        builder = builder.rate_limiter(flood)
    base_url, base_file_url = settings.base_url, settings.base_file_url
    if base_url is not None and base_file_url is not None:
        builder = builder.base_url(base_url).base_file_url(base_file_url)
    application = builder.build()
    job_queue = jobs_of(application)
    # APScheduler, under PTB's JobQueue, silently skips a job that runs more than a second
    # late; after a burst of updates a round's time-up or the daily post can be that late,
    # and must still happen.  (configure() replaces the scheduler's settings: PTB's go too.)
    job_queue.scheduler.configure(
        job_defaults={"misfire_grace_time": None}, **job_queue.scheduler_configuration
    )
    data = services(application)
    data.polling = polling
    data.settings = settings
    data.clock = clock or GameClock(wall, monotonic)
    data.calendar = clock or SteadyClock(wall, monotonic)
    data.outbox = outbox
    data.timers = Timers(job_queue, data.now, lambda: data.pause.stopped)
    data.write_now, persistence.on_saved_again = persistence.write_now, data.until_saved.release
    data.global_data = persistence.load_global()
    memory = settings.worker_memory and settings.worker_memory * 2**20
    pool = WorkerPool(nice=worker_nice, memory=memory, idle_workers=idle_workers)
    data.solving = Solving(
        pool, (persistence.load_table, persistence.save_table), local_now=data.local_now
    )
    set_up_work(data.solving, GAMES)
    monitoring.instrument(application, flood)
    add_handlers(application)
    return application


def updater_of(application: Application) -> Updater:
    """The application's updater (PTB types it optional: an application may be built
    without one, which :func:`build_application` never does)."""
    if application.updater is None:
        raise RuntimeError("the application was built without an updater")
    return application.updater


HANDLERS: tuple[Feature | Slot, ...] = (
    admin.FEATURE,  # first: the owner's /admin, and the maintenance notice before anything else
    Slot.BEFORE_START,  # an attempt at the daily puzzle given up; a challenge's /giveup
    basics.FEATURE,
    fair_play.FEATURE,
    Slot.GAMES,
    scores.FEATURE,
    seasons.FEATURE,
    names.FEATURE,
    achievements.FEATURE,
    Slot.BEFORE_SOLVE,  # inline queries (@bot rush) that solve's catch-all would take
    solve.FEATURE,
    chat_settings.FEATURE,
    Slot.LAST,
)
"""Registered in this order, each slot by the games standing in it (in the order of
:data:`bot.games.GAMES`): the most frequent commands are matched first, after the few
handlers that take some updates before the feature that has them otherwise (an attempt at
the daily puzzle given up; a Rush run's /skip and /stop, and a solo hunt's or Countdown
game's /stop and /giveup, before the rounds'; a challenge's /giveup).  Typed answers do
not follow this order: the games give the answer router their routes, asked by their
declared priority (:attr:`bot.services.answer_routes.Route.priority`)."""


def add_handlers(application: Application) -> None:
    """Register every feature's and game's handlers, then the answer router's (/a, plain
    text)."""
    services(application).games = GAMES
    services(application).features = FEATURES
    for handlers in HANDLERS:
        if isinstance(handlers, Slot):
            register_slot(application, GAMES, handlers)
        else:
            handlers.register(application)
    answers.register(application)
    stray_buttons.FEATURE.register(application)  # last: a catch-all for presses no feature took


def telegram_game() -> TelegramGame | None:
    """The first Telegram game a game declares (the console's bot makes it), if any."""
    return next((game.telegram_game for game in GAMES if game.telegram_game), None)


def app_server(
    application: Application, *, serve_app: bool | None = None, watch: bool = False
) -> WebServer | None:
    """The web server with long polling: the health checks and metrics with ``watch`` (as
    ``python -m bot`` serves them), the Mini App when ``TWENTYFOUR_WEBAPP_URL`` is set (or
    ``serve_app`` says so, as the console does); None when it serves neither."""
    serve_app = bool(services(application).settings.webapp_url if serve_app is None else serve_app)
    if not (serve_app or watch):
        return None
    server = WebServer()
    if watch:
        server.add(watch_routes(application))
    if serve_app:
        server.add(game_routes(application))  # first: the Mini App's API pattern matches it too
        server.add(app_routes(application))
    return server


async def listen(
    application: Application, server: WebServer, address: str, port: int, *, any_port: bool = False
) -> int:
    """Start ``server`` on ``address:port`` (with ``any_port``, on a free port if that one is
    taken); records where in :attr:`BotData.web_address` and returns the port."""
    try:
        port = await server.start(address, port)
    except ListenError as error:
        if not any_port:
            raise StartUpError(str(error)) from None
        port = await server.start(address, 0)
    host = f"[{address}]" if ":" in address else address
    services(application).web_address = f"http://{host}:{port}"
    return port


async def run_polling(
    application: Application,
    stop: asyncio.Event,
    *,
    timeout: int = 10,
    serve_app: bool | None = None,
    any_port: bool = False,
    watch: bool = False,
    menus: bool = True,
) -> int:
    """Poll for updates until ``stop`` is set; returns the process exit status.

    The Mini App is served meanwhile on ``TWENTYFOUR_WEB_LISTEN:TWENTYFOUR_WEB_PORT`` when
    ``TWENTYFOUR_WEBAPP_URL`` is set, or as ``serve_app`` says (on any free port if that
    one is taken, with ``any_port``), and with ``watch`` the health checks and metrics
    (:mod:`bot.play.monitoring`).  The command menus and the menu button are published
    first, unless ``menus`` is False (the console: its Bot API lives for one session and
    shows no menu).

    A 409 Conflict that tells this process it came second (see
    :meth:`~bot.services.polling.PollingRequest.newcomer`) is logged clearly and ends the run
    with status 1, without polling again; any other 409 means a newcomer appeared, and this
    process keeps serving.  A Bot API that cannot be reached at start-up is tried a few
    times, then :class:`StartUpError` (see :mod:`bot.start_up`).
    """
    status = 0

    polling = services(application).polling

    def on_error(error: TelegramError) -> None:
        nonlocal status
        if isinstance(error, Conflict) and polling.newcomer():
            polling.give_way()
            logger.error(
                "Another instance of this bot is already running with the same token "
                "(Telegram answered 409 Conflict). Stop it first; this one exits."
            )
            status = 1
            stop.set()
        elif isinstance(error, Conflict):
            # We were polling first: the newcomer is the one that will give up.
            logger.warning("Another instance started polling with this token: %s", error)
        else:
            logger.warning("Polling error (will retry): %s", error)

    settings = services(application).settings
    server = app_server(application, serve_app=serve_app, watch=watch)
    await connect(application)
    async with application:
        retrying = await publish_menus(application, register_commands) if menus else None
        if server is not None:
            await listen(
                application, server, settings.web_listen, settings.web_port, any_port=any_port
            )
            address = services(application).web_address
            if watch:
                logger.info("Serving /healthz, /readyz and /metrics at %s", address)
            if settings.webapp_url if serve_app is None else serve_app:
                logger.info("Serving the Mini App at %s/app/", address)
        try:
            # Asked first on its own: PTB's own call, in start_polling, logs a traceback.
            await with_retries(application, "deleteWebhook", application.bot.delete_webhook)
            await with_retries(
                application,
                "deleteWebhook",
                lambda: updater_of(application).start_polling(
                    poll_interval=0,
                    timeout=timeout,
                    error_callback=on_error,
                    allowed_updates=ALLOWED_UPDATES,
                ),
            )
            await serve_until(application, stop)
        finally:
            if retrying is not None:
                retrying.cancel()
            if server is not None:
                await server.stop()
    return status


async def serve_until(
    application: Application,
    stop: asyncio.Event,
    *,
    stop_taking_updates: Callable[[], Awaitable[object]] | None = None,
) -> None:
    """Start handling updates (the updater, or a webhook server, already takes them),
    rebuild the jobs PTB does not persist (round timers, daily posts), and stop promptly once
    ``stop`` is set.  ``stop_taking_updates`` stops what takes them (the updater's polling by
    default)."""
    data = services(application)
    await application.start()
    # The workers start, and the default game's solutions are loaded, in the background.
    warm_up = asyncio.create_task(data.solving.warm_up(), name="warm up")
    # What is loaded by then (every chat of the data file, the kept tables) lives as long as
    # the bot serves: the cycle collector need not scan it again.  Its full scans of it took
    # about a twelfth of a busy bot's time.
    warm_up.add_done_callback(lambda _: gc.freeze())
    admin.restore(application)  # first: a maintenance kept on keeps the games' clock still
    restore_all(application, GAMES)
    seasons.restore(application)  # a season the bot was down over ends now
    solve.restore(application)  # after the games': a hand still live keeps its requests
    backup_schedule.schedule(application)
    monitoring.start(application)  # after the restores: a game restored is not dealt again
    await stop.wait()
    # Stop taking updates, end the solver work still waiting (those handlers answer at
    # once), send the game messages already decided for a few seconds, and save.
    await (stop_taking_updates or updater_of(application).stop)()
    warm_up.cancel()
    await data.solving.pool.close()
    await data.outbox.close(STOP_SENDING)
    admin.keep(application)
    await monitoring.stop(application)
    await application.stop()
    gc.unfreeze()
