"""/solve as a user waits for it: hands of 4 to 8 numbers through the bot's real workers.

Each request goes through :meth:`bot.services.solving.Solving.search` with its worker pool,
one at a time, as a user's /solve or inline query does, and is timed from the call to the
answer (the reply is sent right after).  Hands are drawn at random (seeded) from 1 to 13
for every count of numbers, and Countdown-sized (one to four of 25 50 75 100, the rest 1 to
10, a target from 101 to 999) under the 24 game's and Countdown's rules.  Every request is
new, so no answer comes from the bot's cache of recent answers; the workers' own caches
warm up over the run as they do in the bot.  Counted apart: answers that list every
solution, answers with the first solutions found (``at least N``), answers with the
closest values (no solution), answers with no solution whose closest values took too long
to find, and searches that ran out of the budget with nothing to show.

With ``--burst N``, ``N`` users instead send their eight-number requests at the same moment
(a group trying hands together), for ``--rounds`` rounds of new hands (1 to 13 → 24, and
Countdown-sized numbers under Countdown's rules, alternately): the times are from the burst
to each answer, and "busy" counts the users told to try again later.

Usage: ``python bench/solve_latency_bench.py [--hands 20] [--burst N [--rounds 4]]``.
Against another checkout in the same session (``git archive main | tar -x -C /tmp/main``,
and a copy of the built ``solver/_core*.so``), this same script:
``PYTHONPATH=/tmp/main:<site-packages> python -S bench/solve_latency_bench.py``; the first
line says which checkout ran.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

import bot
from bot.rules.countdown import SOLVE_RULES
from bot.rules.requests import Rules, SolveRequest, SolveResult
from bot.services.solving import SolveBusy, SolveTimeout, Solving
from bot.services.workers import WorkerPool


def requests(hands: int) -> dict[str, list[SolveRequest]]:
    rng = random.Random(24)
    made: dict[str, list[SolveRequest]] = {}
    for count in range(4, 9):
        made[f"{count} cards"] = [
            (tuple(sorted(rng.randint(1, 13) for _ in range(count))), 24, Rules.EXACT)
            for _ in range(hands)
        ]
    for count in (6, 7, 8):
        for rules in (Rules.EXACT, SOLVE_RULES):
            drawn: list[SolveRequest] = []
            for _ in range(hands):
                large = rng.sample((25, 50, 75, 100), rng.randint(1, 4))
                small = [rng.randint(1, 10) for _ in range(count - len(large))]
                target: int | Fraction = rng.randint(101, 999)
                drawn.append((tuple(sorted(large + small)), target, rules))
            made[f"{count} numbers, {rules}"] = drawn
    return made


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def tally(result: SolveResult, outcomes: Counter[str], found: list[int]) -> None:
    """Count how an answer ended; ``found`` gets the N of an "at least N" answer."""
    complete = getattr(result, "complete", True)  # older versions list all
    if result.solutions:
        outcomes["all" if complete else "partial"] += 1
        if not complete:
            found.append(len(result.solutions))
    else:
        outcomes["closest" if complete else "no closest"] += 1


async def run(hands: int) -> None:
    pool = WorkerPool()
    await pool.start()
    solving = Solving(pool)
    print(f"checkout: {Path(bot.__file__).parent.parent}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(
        "requests                  p50 / p99 / max (ms)      "
        "all / at least N / closest / no closest / timed out   (N p50)"
    )
    for name, batch in requests(hands).items():
        times: list[float] = []
        outcomes: Counter[str] = Counter()
        found: list[int] = []  # N of the "at least N" answers
        for request in batch:
            started = time.perf_counter()
            try:
                result = await solving.search(request, owner=None)
            except SolveTimeout:
                outcomes["timeout"] += 1
            else:
                tally(result, outcomes, found)
            times.append(time.perf_counter() - started)
        print(
            f"{name:24} {statistics.median(times) * 1000:7.1f} / "
            f"{percentile(times, 0.99) * 1000:7.1f} / {max(times) * 1000:7.1f}      "
            f"{outcomes['all']} / {outcomes['partial']} / {outcomes['closest']} / "
            f"{outcomes['no closest']} / {outcomes['timeout']}"
            + (f"   ({statistics.median(found):.0f})" if found else "")
        )
    await pool.close()


async def burst(users: int, rounds: int) -> None:
    pool = WorkerPool()
    await pool.start()
    solving = Solving(pool)
    print(f"checkout: {Path(bot.__file__).parent.parent}")
    print(f"{users} users at once, {rounds} rounds of new eight-number hands")
    made = requests(users * rounds)
    times: list[float] = []
    outcomes: Counter[str] = Counter()
    found: list[int] = []

    async def one(request: SolveRequest, owner: int, started: float) -> None:
        try:
            result = await solving.search(request, owner=owner)
        except SolveBusy:
            outcomes["busy"] += 1
        except SolveTimeout:
            outcomes["timeout"] += 1
        else:
            tally(result, outcomes, found)
        times.append(time.perf_counter() - started)

    for number in range(rounds):
        kind = "8 cards" if number % 2 == 0 else "8 numbers, countdown"
        batch = made[kind][number * users : (number + 1) * users]
        started = time.perf_counter()
        await asyncio.gather(*(one(r, 1000 + i, started) for i, r in enumerate(batch)))
        await asyncio.sleep(1)  # the workers finish what was given up
    print(
        "p50 / p90 / max (ms)          all / at least N / closest / no closest / busy / timed out"
        "   (N p50)"
    )
    print(
        f"{statistics.median(times) * 1000:6.0f} / {percentile(times, 0.9) * 1000:6.0f} / "
        f"{max(times) * 1000:6.0f}          {outcomes['all']} / {outcomes['partial']} / "
        f"{outcomes['closest']} / {outcomes['no closest']} / {outcomes['busy']} / "
        f"{outcomes['timeout']}" + (f"   ({statistics.median(found):.0f})" if found else "")
    )
    await pool.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="requests of each kind")
    parser.add_argument("--burst", type=int, default=0, help="users sending at once")
    parser.add_argument("--rounds", type=int, default=4, help="bursts, each of new hands")
    args = parser.parse_args()
    if args.burst:
        asyncio.run(burst(args.burst, args.rounds))
    else:
        asyncio.run(run(args.hands))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
