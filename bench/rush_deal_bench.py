"""Rush's deals: how long the event loop is held for each hand of a run.

A Rush run deals its next hand inside the handler that judged the answer (or the skip), so
that hand's draw runs on the event loop.  This script times, with the bot's solving service
and its real worker processes: the first ``Solving.dealer`` call for Rush (the level table
loaded, once per process), then ``--hands`` draws of a run's hands, levels 1 to 5 in turn, and for a
baseline in the same run as many deals of a round with the default settings (which draw
from the same table, on the loop too).  Targets: a Rush hand's draw within a few hundred
microseconds at p99, no slower than a round's deal.

Usage: ``python bench/rush_deal_bench.py [--hands 2000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import time

from bot.rules.rush.run import CARDS as RUSH_CARDS
from bot.rules.rush.run import DECK as RUSH_DECK
from bot.rules.rush.run import TARGET as RUSH_TARGET
from bot.rules.table import GameSettings
from bot.services.solving import Solving
from bot.services.workers import WorkerPool


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def report(name: str, seconds: list[float]) -> None:
    micro = [s * 1e6 for s in seconds]
    print(
        f"{name:<22} n={len(micro):<6} median {statistics.median(micro):8.1f} µs"
        f"  p99 {percentile(micro, 0.99):8.1f} µs  max {max(micro):8.1f} µs"
    )


async def run(hands: int) -> None:
    pool = WorkerPool()
    await pool.start()
    solving = Solving(pool)
    try:
        await solving.prepare(4, 24)  # as the bot's warm-up does: the default game's solutions
        rng = random.Random(24)
        started = time.perf_counter()
        deal = await solving.dealer(rng, RUSH_CARDS, RUSH_TARGET, RUSH_DECK)
        print(f"first Rush dealer (table loaded): {(time.perf_counter() - started) * 1e3:.1f} ms")
        rush = []
        for index in range(hands):
            started = time.perf_counter()
            deal(index % 5 + 1)
            rush.append(time.perf_counter() - started)
        rounds = []
        settings = GameSettings()
        for _ in range(hands):
            started = time.perf_counter()
            await solving.deal(settings, rng)
            rounds.append(time.perf_counter() - started)
    finally:
        await pool.close()
    print(f"python {platform.python_version()} on {platform.machine()}")
    report("rush hand (on loop)", rush)
    report("round deal (baseline)", rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    asyncio.run(run(parser.parse_args().hands))


if __name__ == "__main__":
    main()
