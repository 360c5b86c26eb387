"""Every kind of deal: the solver work a worker does before a hand can be shown, timed.

For each kind of game the script draws hands as the bot does (seeded) and times the worker
job the deal waits for, in one long-lived process as a worker is (its caches warm up over
the deals as a worker's do):

* a round of 4 cards: its facts (every solution, hints), worked out while the players think;
* a round of 5 or 6 cards: the deal itself (the first solvable candidate), and its facts;
* a Solution Hunt of 4, 5 or 6 cards: the first candidate with three solutions, with all of
  them (the hunt shows how many there are); for six cards both as a deal with no hand ready
  finds it, players waiting (where the version has it, passing over the candidates that take
  long to list: ``bot.rules.hunt.WORK``), and as the background keeps hands ready;
* a Countdown game: the draw and the solver's best answer;
* the daily puzzle of a day;
* a Rush hand (a level 1 to 5) and a duel's hand (medium): drawn from the four-card level
  table on the event loop, no worker; their facts (hints) follow from a worker like a
  four-card round's.

After each job the worker's housekeeping (:func:`bot.services.workers.pool.settle`, where the
version has it) runs untimed, as in a worker after its reply; its own time is shown last.
The CPU time is the job's own; the wall-clock time also counts the waits for a core that
other work on the machine causes.

``--ready N`` then deals N six-card hunts through the bot's own solving service and worker
pool, where the version keeps hunt hands ready (:mod:`bot.games.hunt.ready`), one every
``--gap`` seconds, and shows the wall-clock time each deal waited and how many found no
hand ready; ``--none-ready N`` deals N more with none kept ready (each finds its own hand,
as the first deal of a chat's settings does).

Usage: ``python bench/deal_kinds_bench.py [--deals 200] [--ready 40] [--none-ready 40]
[--gap 0.5]``.
To compare with another version in the same session, run this script alternately with each
version's own environment (``python3 -m venv .venv && .venv/bin/pip install -e .`` in a
checkout of it, e.g. ``git worktree add --detach /tmp/main main``), from a directory outside
both checkouts: ``cd /tmp && /tmp/main/.venv/bin/python PATH/TO/bench/deal_kinds_bench.py``.
(Putting the other checkout first on ``PYTHONPATH`` is not enough for ``--ready`` and
``--none-ready``: the worker processes import the version installed in the environment.)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import platform
import random
import statistics
import time
from collections.abc import Callable

from bot.rules.countdown import countdown_job, draw
from bot.rules.hands import (
    CANDIDATES,
    LABEL_LEVELS,
    HandFacts,
    LevelTable,
    draw_unrated,
    facts_job,
    rate_job,
)
from bot.rules.hunt import hunt_job

try:
    from bot.rules.hunt import WORK

    DEAL_WORK: int | None = WORK
except ImportError:  # a version whose deals list their first candidate, however long
    DEAL_WORK = None
from bot.rules.rush.run import DECK as RUSH_DECK
from solver import daily, daily_pools

try:
    from bot.services.workers import settle
except ImportError:  # a version without it: the collector runs as it will

    def settle() -> None:
        pass


SETTLED: list[float] = []
"""CPU seconds of each housekeeping after a job."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def timed(
    name: str, deals: int, job: Callable[[random.Random], object]
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each deal (hands drawn from a seed of each kind's own)."""
    rng = random.Random(name)
    wall, cpu = [], []
    for _ in range(deals):
        started, used = time.perf_counter(), time.process_time()
        job(rng)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        used = time.process_time()
        settle()
        SETTLED.append(time.process_time() - used)
    return wall, cpu


def kinds() -> dict[str, Callable[[random.Random], object]]:
    deck = (1, 13)

    def candidates(rng: random.Random, cards: int) -> list[tuple[int, ...]]:
        return draw_unrated(rng, deck, cards, CANDIDATES)

    pools = daily_pools()
    start = dt.date(2026, 1, 1)
    days = iter(range(100_000))
    table = LevelTable.from_text(4, 24, rate_job(4, 24))

    def hunt_deal(hands: list[tuple[int, ...]]) -> object:
        """A six-card hunt's hand as a deal with none ready finds it."""
        return hunt_job(hands, 24) if DEAL_WORK is None else hunt_job(hands, 24, DEAL_WORK)

    def rush(rng: random.Random) -> HandFacts:
        return table.dealer(rng, RUSH_DECK)(rng.randint(1, 5))

    return {
        "round, 4 cards: facts": lambda rng: facts_job(candidates(rng, 4), 24, True),
        "round, 5 cards: deal": lambda rng: facts_job(candidates(rng, 5), 24, True, False),
        "round, 5 cards: facts": lambda rng: facts_job(candidates(rng, 5), 24, True),
        "round, 6 cards: deal": lambda rng: facts_job(candidates(rng, 6), 24, True, False),
        "round, 6 cards: facts": lambda rng: facts_job(candidates(rng, 6), 24, True),
        "hunt, 4 cards": lambda rng: hunt_job(candidates(rng, 4), 24),
        "hunt, 5 cards": lambda rng: hunt_job(candidates(rng, 5), 24),
        "hunt, 6: none ready": lambda rng: hunt_deal(candidates(rng, 6)),
        "hunt, 6: kept ready": lambda rng: hunt_job(candidates(rng, 6), 24),
        "countdown": lambda rng: countdown_job(*draw(rng, None)),
        "daily": lambda rng: daily(start + dt.timedelta(days=next(days)), pools),
        "rush: the deal": rush,
        "duel: the deal": lambda rng: table.draw(rng, deck, LABEL_LEVELS["medium"]),
        "rush/duel: facts": lambda rng: facts_job([rush(rng).hand], 24, False),
    }


def ready_hunts(deals: int, gap: float, keep: bool = True) -> None:
    """Six-card hunts dealt through the solving service, one every ``gap`` seconds (without
    ``keep``, none kept ready: each deal finds its own, as a key's first deal does)."""
    from bot.games.hunt.work import HuntDeals
    from bot.rules.table import GameSettings
    from bot.services.solving import Solving
    from bot.services.workers import WorkerPool

    async def run() -> None:
        pool = WorkerPool()
        solving = Solving(pool)
        hunt = HuntDeals(solving)
        hunts = hunt.ready
        settings, rng = GameSettings(cards=6), random.Random("ready")
        await pool.start()
        if not keep:
            hunts.ready = 0
        else:
            hunts.fill(settings, rng)
            await hunts.refilled(settings)
        waits, empty = [], 0
        try:
            for _ in range(deals):
                empty += not hunts.kept(settings)
                started = time.perf_counter()
                await hunt.hand(settings, rng)
                waits.append(time.perf_counter() - started)
                await asyncio.sleep(gap)
        finally:
            await pool.close()
        median, p99 = statistics.median(waits) * 1000, percentile(waits, 0.99) * 1000
        name = "dealt" if keep else "none kept"
        print(
            f"hunt, 6 cards, {name:9} {median:7.2f} / {p99:7.2f} / {max(waits) * 1000:7.2f}"
            f"     (wall; {empty} of {deals} with no hand ready)"
        )

    asyncio.run(run())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of each kind")
    parser.add_argument("--ready", type=int, default=0, help="six-card hunts dealt by the bot")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between those deals")
    parser.add_argument(
        "--none-ready", type=int, default=0, help="six-card hunts dealt with none kept ready"
    )
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print("kind                     wall: p50 / p99 / max (ms)    CPU: p50 / p99 / max (ms)")
    for name, job in kinds().items():
        figures = []
        for times in timed(name, args.deals, job):
            median, p99 = statistics.median(times) * 1000, percentile(times, 0.99) * 1000
            figures.append(f"{median:7.2f} / {p99:7.2f} / {max(times) * 1000:7.2f}")
        print(f"{name:24} {figures[0]}     {figures[1]}")
    median, p99 = statistics.median(SETTLED) * 1000, percentile(SETTLED, 0.99) * 1000
    print(
        f"after each job: settle {' ' * 30}{median:7.2f} / {p99:7.2f} / {max(SETTLED) * 1000:7.2f}"
    )
    if args.ready:
        ready_hunts(args.ready, args.gap)
    if args.none_ready:
        ready_hunts(args.none_ready, args.gap, keep=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
