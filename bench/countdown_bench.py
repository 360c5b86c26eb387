"""Speed of the solver under Countdown's rules, on random six-number instances.

Each instance is drawn as the show draws it: 0 to 4 large numbers from 25 50 75 100 (as
many instances of each count), the rest from the small numbers 1 to 10 (two of each), and a
target from 101 to 999; the draw is seeded, so every run answers the same instances.  Each is
answered cold (no search kept from before) by ``closest(numbers, target, countdown=True)``:
one solution when the target is reachable, else the closest value on each side, each with an
expression.  Wall-clock and CPU time are both reported: the CPU time is what the machine's
other work cannot inflate.  Usage::

    python bench/countdown_bench.py [--instances 1000] [--seed 18]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from solver import closest
from solver.countdown_search import countdown

LARGE = (25, 50, 75, 100)
SMALL = tuple(n for n in range(1, 11) for _ in range(2))
TARGET_MS = 50.0


def instances(count: int, seed: int) -> list[tuple[list[int], int]]:
    """``count`` Countdown instances (six numbers and a target), the same for one seed."""
    rng = random.Random(seed)
    drawn = []
    for i in range(count):
        large = i % (len(LARGE) + 1)
        numbers = rng.sample(LARGE, large) + rng.sample(SMALL, 6 - large)
        drawn.append((numbers, rng.randint(101, 999)))
    return drawn


def percentile(sorted_times: list[float], share: float) -> float:
    """The time below which ``share`` of the (sorted) times fall, nearest rank."""
    return sorted_times[min(len(sorted_times) - 1, int(len(sorted_times) * share))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=1000, help="how many (default 1000)")
    parser.add_argument("--seed", type=int, default=18, help="the draw's seed (default 18)")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the start"
    )
    wall: list[float] = []
    cpu: list[float] = []
    exact = 0
    slowest = (0.0, "")
    for numbers, target in instances(args.instances, args.seed):
        countdown.cache_clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        result = closest(numbers, target, countdown=True)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        exact += result.exact is not None
        slowest = max(slowest, (wall[-1], f"{' '.join(map(str, numbers))} -> {target}"))
    print(f"{len(wall)} instances, {exact} with the target reachable, the rest the closest")
    for name, times in (("wall-clock", sorted(wall)), ("CPU", sorted(cpu))):
        p50, p99, most = (
            1000 * t for t in (percentile(times, 0.5), percentile(times, 0.99), times[-1])
        )
        print(f"{name:>10}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {most:.1f} ms")
    print(f"slowest: {slowest[1]} ({slowest[0] * 1000:.1f} ms)")
    p99_wall = 1000 * percentile(sorted(wall), 0.99)
    verdict = "met" if p99_wall <= TARGET_MS else "missed"
    print(f"target p99 <= {TARGET_MS:.0f} ms (wall-clock): {verdict}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
