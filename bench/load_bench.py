"""Load: a thousand chats playing rounds at once through the in-process Bot API.

Two kinds of chat play the same round: *private* chats (a player deals with /play, sends two
wrong answers and the right one; every update gets a reply) and *groups* of three players
(one deals, each sends a wrong /a, then one wins; wrong guesses share one status message,
as Telegram's limit of 20 messages a minute per group demands).

For each kind the script reports:

* **throughput**: every chat sends each step at the same moment (a burst of one message
  per chat); updates handled per second over the whole round;
* **latency**: the same round again, with the messages spread evenly at ``--rate`` updates
  a second and the chats at different steps of the round, as in real traffic; the time from
  a user's message to the end of the bot's handling of it (reply sent), p50 and p99.  At a
  rate the bot sustains this is the wait a player feels; in a burst it would only measure
  the length of the queue;
* **a slow /solve**: /start in other chats every 50 ms while the slowest /solve (eight
  numbers, stopped at its time limit) runs: how long each waits;
* **memory**: the traced memory 100 more chats in an open round add, per chat (their chat and
  user data, timers, PTB's records), and the memory an idle chat's data takes.

Baselines in the same run: an echo bot on unmodified PTB with the same transport (the cost
of one update in and one message out, which no handler can go below), and the bot's /start.
Telegram's outgoing rate limits are off, and every hand is rated and solved first, as after
the bot's start-up, so this measures the bot's own steady work (the script works out a
right answer for every hand beforehand, too).  The fake Bot API runs in the same process
and its work is counted.

Latency and throughput count until the player sees the bot's answer: from a user's message
to the bot's next message (or edit) in that chat, so a bot that queues its replies gets no
credit for returning early.

The chats, the observer and the rounds are in ``bench/load_bench_chats.py``.

Usage: ``python bench/load_bench.py [--chats 1000] [--rate 100] [--bot-path DIR]
[--no-gc-freeze]``; with ``--bot-path`` the bot is imported from another checkout (see
``bench/checkout.py``), to compare two versions in one session; ``--no-gc-freeze`` runs the
bot without its ``gc.freeze()`` after the warm-up (the baseline of that step).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import pickle
import platform
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from checkout import bot_path_argument, strays, use_checkout

use_checkout(bot_path_argument(sys.argv))

from load_bench_chats import (  # noqa: E402
    COHORTS,
    PLAYERS,
    Hands,
    Observer,
    StepOf,
    burst,
    group_round,
    in_bursts,
    new_api,
    private_round,
    work_out_answers,
)
from telegram import Update  # noqa: E402
from telegram.ext import (  # noqa: E402
    Application,
    ApplicationBuilder,
    MessageHandler,
    filters,
)
from telegram.request import HTTPXRequest  # noqa: E402

from bot.app import build_application, run_polling  # noqa: E402
from bot.local_api import LocalBotApi, LocalTransport  # noqa: E402
from bot.settings import Settings  # noqa: E402


async def mixed(observer: Observer, chats: list[int], steps: list[StepOf], rate: float) -> None:
    """Every chat plays the round, messages sent evenly at ``rate`` a second.

    The chats are split into :data:`COHORTS` groups, each a step behind the one before, so
    that (after the first few steps) every step is being played at any moment, as in real
    traffic.
    """
    cohorts = [chats[i::COHORTS] for i in range(COHORTS)]
    order = []
    for wave in range(COHORTS + len(steps) - 1):
        playing = [
            [(chat, steps[wave - i]) for chat in cohort]
            for i, cohort in enumerate(cohorts)
            if 0 <= wave - i < len(steps)
        ]
        order += [move for moves in zip(*playing, strict=False) for move in moves]
    expected = observer.handled + len(order)
    start = time.perf_counter()
    for i, (chat, step) in enumerate(order):
        delay = start + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        observer.send(*step(chat))
    await observer.until_handled(expected)


async def start_during_slow_solve(
    observer: Observer, users: list[int]
) -> tuple[list[float], float]:
    """/start from other chats, every 50 ms, while the slowest /solve (8 numbers) runs.

    Returns the /start latencies (ms) and the seconds until the /solve was answered.
    """
    solver, others = users[0], users[1:41]
    expected = observer.handled + 1 + len(others)
    slow = observer.send(solver, solver, "/solve 1 2 3 4 5 6 7 8")
    starts = []
    for user in others:
        starts.append(observer.send(user, user, "/start"))
        await asyncio.sleep(0.05)
    await observer.until_handled(expected)
    return [observer.latency[key] * 1000 for key in starts], observer.latency[slow]


async def _running(application: Application) -> tuple[asyncio.Event, asyncio.Task]:
    stop = asyncio.Event()
    runner = asyncio.create_task(run_polling(application, stop, timeout=1))
    while not application.running:
        await asyncio.sleep(0.01)
    return stop, runner


async def echo_baseline(chats: int) -> float:
    """Updates a second of a bare PTB bot that answers every message with one message."""

    async def echo(update: Update, _context: object) -> None:
        if update.effective_message is not None:
            await update.effective_message.reply_text("ok")

    api = new_api()
    request = HTTPXRequest(
        connection_pool_size=256, httpx_kwargs={"transport": LocalTransport(api)}
    )
    poll = HTTPXRequest(httpx_kwargs={"transport": LocalTransport(api)})
    application = (
        ApplicationBuilder()
        .token("1:ECHO")
        .request(request)
        .get_updates_request(poll)
        .concurrent_updates(256)
        .build()
    )
    application.add_handler(MessageHandler(filters.ALL, echo))
    observer = Observer(api)
    observer.attach(application)
    users = [100_000 + i for i in range(chats)]
    for user in users:
        api.add_user(user, f"P{user}")
    updater = application.updater
    assert updater is not None  # the builder makes one
    async with application:
        await application.start()
        await updater.start_polling(poll_interval=0, timeout=1)
        seconds = 0.0
        for _ in range(3):
            seconds += await burst(observer, [(u, u, "hello") for u in users])
        await updater.stop()
        await application.stop()
    return 3 * chats / seconds


async def memory_per_chat(application: Application, api: LocalBotApi, observer: Observer) -> float:
    """Bytes that 100 more private chats in an open round add, per chat (traced)."""
    users = [900_000 + i for i in range(100)]
    for user in users:
        api.add_user(user, f"M{user}")
    # A first round warms PTB's and the bot's caches; the second is the one measured.
    await burst(observer, [(u, u, "/play") for u in users])
    await burst(observer, [(u, u, "/stop") for u in users])
    # Each snapshot waits for the save of what changed: copies on their way to the data
    # file are not what a chat keeps.
    await application.update_persistence()
    gc.collect()
    tracemalloc.start()
    before = _bot_memory(tracemalloc.take_snapshot())
    await burst(observer, [(u, u, "/play") for u in users])
    await application.update_persistence()
    gc.collect()
    after = _bot_memory(tracemalloc.take_snapshot())
    tracemalloc.stop()
    return (after - before) / len(users)


def idle_chat_memory(application: Application, chat: int) -> float:
    """Bytes one idle chat's data takes in memory (after a won round): 1,000 copies, traced."""
    one = pickle.dumps(application.chat_data[chat])
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [pickle.loads(one) for _ in range(1000)]
    size = (tracemalloc.get_traced_memory()[0] - before) / len(copies)
    tracemalloc.stop()
    return size


def _bot_memory(snapshot: tracemalloc.Snapshot) -> int:
    """Traced bytes, leaving out the fake Bot API's record of every message and this script
    (``load_bench*.py``)."""
    leave_out = [
        tracemalloc.Filter(False, "*/local_api/*", all_frames=True),
        tracemalloc.Filter(False, "*/load_bench*.py"),
        tracemalloc.Filter(False, tracemalloc.__file__),
    ]
    return sum(stat.size for stat in snapshot.filter_traces(leave_out).statistics("filename"))


FREEZE = gc.freeze


class CollectorPauses:
    """The cycle collector's pauses from now on (``gc.callbacks``): how many, their total, the
    longest, and the full (generation 2) ones."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self.full = 0
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        self.pauses.append(time.perf_counter() - self._started)
        self.full += info["generation"] == 2

    def line(self) -> str:
        """The figures, as one line of the report."""
        longest = max(self.pauses, default=0.0)
        return (
            f"garbage collection over the rounds: {len(self.pauses)} collections "
            f"({self.full} full), {sum(self.pauses) * 1000:.0f} ms in all, "
            f"longest {longest * 1000:.1f} ms; {gc.get_freeze_count()} objects frozen"
        )


async def warm_up(application: Application) -> None:
    """Let the bot do its start-up work (rating every hand) before anything is timed."""
    app_module = importlib.import_module("bot.app")
    prepare: Any = getattr(app_module, "prepare_every_hand", None)
    if prepare is not None:  # versions that rated and solved every hand on the event loop
        await prepare()
        return
    solving = application.bot_data.solving
    await solving.levels(4, 24)
    if hasattr(solving, "warm_up"):  # versions that keep the default game's solutions
        await solving.warm_up()
    else:
        await solving.pool.start()


async def run(chats: int, rate: float) -> None:
    work_out_answers()
    echo = await echo_baseline(chats)

    api = new_api()
    users = [100_000 + i for i in range(chats)]
    groups = {
        -(10**6) - i: [200_000 + PLAYERS * i + p for p in range(PLAYERS)] for i in range(chats)
    }
    for user in users + [p for players in groups.values() for p in players]:
        api.add_user(user, f"P{user}")
    for chat in groups:
        api.add_group(chat, f"G{chat}")
    data = Path(tempfile.mkdtemp(prefix="twentyfour-load-"))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data)})
    application = build_application(
        settings, token="1:LOAD", transport=LocalTransport(api), rate_limited=False
    )
    observer = Observer(api)
    observer.attach(application)
    stop, runner = await _running(application)
    await warm_up(application)
    for _ in range(100):  # the bot's own freeze runs as its warm-up's callback
        if gc.get_freeze_count() or gc.freeze is not FREEZE:
            break
        await asyncio.sleep(0.01)
    pauses = CollectorPauses()

    start_seconds = await burst(observer, [(u, u, "/start") for u in users])
    hands = Hands(api)
    rows = []
    for name, chats_of_kind, steps in (
        ("private rounds", users, private_round(hands)),
        ("group rounds", list(groups), group_round(hands, groups)),
    ):
        seconds = await in_bursts(observer, chats_of_kind, steps)
        # Let the bot save what the bursts changed (every chat at once) before timing.
        await asyncio.sleep(2)
        observer.samples.clear()
        await mixed(observer, chats_of_kind, steps, rate)
        throughput = len(steps) * len(chats_of_kind) / seconds
        rows.append((name, throughput, observer.percentile(0.5), observer.percentile(0.99)))
    collected = pauses.line()  # over the rounds: the memory's tracing below slows everything
    starts, solve_seconds = await start_during_slow_solve(observer, users)
    active = await memory_per_chat(application, api, observer)
    idle = idle_chat_memory(application, users[-1])  # users[0] also ran the /solve
    stop.set()
    await runner

    root = Path(sys.modules["bot.app"].__file__ or ".").resolve().parents[1]
    if strays(root):
        print(f"warning: modules not from {root}: {', '.join(strays(root))}")
    print(f"bot: {root}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; {chats} chats")
    print(f"baseline, echo bot on bare PTB: {echo:.0f} updates/s")
    print(f"baseline, /start: {chats / start_seconds:.0f} updates/s")
    for name, throughput, p50, p99 in rows:
        print(
            f"{name}: {throughput:.0f} updates/s in a burst; "
            f"at {rate:.0f}/s latency p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )
    print(
        f"/start in other chats while /solve 1 2 3 4 5 6 7 8 runs ({solve_seconds:.1f} s): "
        f"{len(starts)} answered, median {sorted(starts)[len(starts) // 2]:.1f} ms, "
        f"slowest {max(starts):.1f} ms"
    )
    print(
        f"memory: {active / 1024:.1f} KiB per chat in an open round; "
        f"{idle / 1024:.1f} KiB per idle chat's data"
    )
    print(collected)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=100, help="updates a second, for latency")
    parser.add_argument("--bot-path", help="checkout to import bot and solver from")
    parser.add_argument(
        "--no-gc-freeze", action="store_true", help="the bot without gc.freeze() at warm-up"
    )
    args = parser.parse_args()
    if args.no_gc_freeze:
        gc.freeze = lambda: None  # the bot's own call becomes a no-op: the step's baseline
    asyncio.run(run(args.chats, args.rate))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
