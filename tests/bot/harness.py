"""Running the unmodified bot against the local Bot API, in-process, for tests."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from telegram.ext import Application

from bot.app import build_application, run_polling
from bot.game.hands import solutions_job
from bot.local_api import LocalBotApi, LocalTransport
from bot.persistence import FILE_NAME, open_database
from bot.services.solving import DEFAULT_GAME
from bot.settings import Settings

ANN, BOB = 501, 502
GROUP = -1_002_000


def make_api() -> LocalBotApi:
    """A server with Ann (English), Bob (Chinese) and a group where Ann is admin."""
    api = LocalBotApi()
    api.add_user(ANN, "Ann", language_code="en")
    api.add_user(BOB, "Bob", language_code="zh-hans")
    api.add_group(GROUP, "Friends", admins={ANN})
    return api


class FakeClock:
    """A clock that stands still until a test moves it."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def running_bot(
    api: LocalBotApi,
    data_dir: Path,
    *,
    clock: Callable[[], float] = time.time,
    env: dict[str, str] | None = None,
) -> AsyncIterator[Application]:
    """The real application polling ``api`` through PTB's HTTP stack, until the block ends."""
    seed_tables(data_dir)
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data_dir), **(env or {})})
    application = build_application(
        settings, token="42:TEST", transport=LocalTransport(api), clock=clock
    )
    stop = asyncio.Event()
    calls_before = len(api.calls)
    runner = asyncio.create_task(run_polling(application, stop, timeout=1))
    try:
        # This run's own start-up: the API may be reused from an earlier run.
        while not application.running or "getUpdates" not in api.calls[calls_before:]:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)  # start() returned; timers and subscriptions are restored
        yield application
    finally:
        stop.set()
        assert await asyncio.wait_for(runner, timeout=10) == 0


@functools.cache
def _default_solutions() -> str:
    return solutions_job(*DEFAULT_GAME)


def seed_tables(data_dir: Path) -> None:
    """Give a new data file the default game's solutions, listed once per test process:
    each bot a test starts would otherwise list them again in a worker (about a second)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    db = open_database(data_dir / FILE_NAME)
    with db:
        db.execute(
            "INSERT OR IGNORE INTO tables (name, value) VALUES (?, ?)",
            ("solutions:v1:{}:{}".format(*DEFAULT_GAME), _default_solutions()),
        )
    db.close()


async def reply_to(api: LocalBotApi, user: int, chat: int, text: str, **kwargs: object) -> str:
    """Send ``text`` and return the text of the bot's next message."""
    before = len(api.sent)
    api.send(user, chat, text, **kwargs)  # type: ignore[arg-type]
    sent = await api.wait_for_sent(before + 1)
    return sent[before].get("text") or sent[before].get("caption", "")
