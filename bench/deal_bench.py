"""Deals: how long a chat waits for its hand, for every kind of settings it can choose.

For each combination of deck (1–10, 1–13), card count (3 to 6), difficulty (any, easy,
medium, hard), target and unsolvable hands (off, on), the script asks the bot's solving
service (:class:`bot.services.solving.Solving`, with its real worker processes) whether the
settings are accepted, as ``/settings`` does, then deals ``--deals`` hands and times each,
from the request to the hand with its facts (the wait before the picture goes out).  A
level table a combination needs is rated first and timed apart (the bot does that once per
card count and target, and keeps it).  Targets: a spread from 1 to 100 by default, every one
with ``--all-targets``.

Usage: ``python bench/deal_bench.py [--deals 10] [--all-targets]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import platform
import random
import statistics
import time

from bot.rules.table import GameSettings
from bot.services.solving import DealRefused, Solving
from bot.services.workers import WorkerPool

TARGETS = (1, 2, 5, 10, 13, 17, 24, 36, 50, 64, 89, 97, 100)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def run(deals: int, targets: list[int]) -> None:
    pool = WorkerPool()
    await pool.start()
    kept: dict[str, str] = {}
    solving = Solving(pool, (kept.get, kept.__setitem__))
    rng = random.Random(1)
    rating: list[float] = []
    times: list[float] = []
    by_cards: dict[int, list[float]] = {}
    worst = (0.0, "")
    accepted = refused = 0
    for deck, cards, difficulty, target, unsolvable in itertools.product(
        ((1, 10), (1, 13)), (3, 4, 5, 6), (None, "easy", "medium", "hard"), targets, (False, True)
    ):
        settings = GameSettings(deck, difficulty, 0, target, cards, unsolvable)
        if cards in (3, 4) and solving.known_levels(cards, target) is None:
            started = time.perf_counter()
            await solving.levels(cards, target)
            rating.append(time.perf_counter() - started)
        try:
            await solving.check(settings)
        except DealRefused:
            refused += 1
            continue
        accepted += 1
        for _ in range(deals):
            started = time.perf_counter()
            await solving.deal(settings, rng)
            seconds = time.perf_counter() - started
            times.append(seconds)
            by_cards.setdefault(cards, []).append(seconds)
            if seconds > worst[0]:
                worst = (seconds, f"{cards} cards {deck[0]}-{deck[1]} → {target}, {difficulty}")
    await pool.close()

    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"settings: {accepted} accepted, {refused} refused when set; {len(times)} deals")
    print(
        f"all deals: p50 {statistics.median(times) * 1000:.1f} ms, "
        f"p99 {percentile(times, 0.99) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
        f"({worst[1]})"
    )
    for cards, values in sorted(by_cards.items()):
        print(
            f"  {cards} cards: p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p99 {percentile(values, 0.99) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"
        )
    print(
        f"level tables rated: {len(rating)}, median {statistics.median(rating):.2f} s, "
        f"max {max(rating):.2f} s (once per card count and target, then kept)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals per combination")
    parser.add_argument("--all-targets", action="store_true", help="every target 1 to 100")
    args = parser.parse_args()
    targets = list(range(1, 101)) if args.all_targets else list(TARGETS)
    asyncio.run(run(args.deals, targets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
