"""Speed and memory of the solver against the classic brute force, measured in one run.

The baseline tries 5 bracket shapes × 24 orders × 64 operator choices per 4-card hand with
exact fractions.  Usage::

    python bench/solver_bench.py            # everything (about two minutes)
    python bench/solver_bench.py --quick    # the baseline on every 10th hand only
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction

from solver import closest, is_solvable, solve
from solver.solutions import clear_caches

HANDS = list(itertools.combinations_with_replacement(range(1, 14), 4))
OPS: list[Callable[[Fraction, Fraction], Fraction]] = [
    lambda a, b: a + b,
    lambda a, b: a - b,
    lambda a, b: a * b,
    lambda a, b: a / b,
]
SHAPES: list[Callable[..., Fraction]] = [
    lambda a, b, c, d, f, g, h: h(g(f(a, b), c), d),  # ((a b) c) d
    lambda a, b, c, d, f, g, h: h(f(a, g(b, c)), d),  # (a (b c)) d
    lambda a, b, c, d, f, g, h: h(f(a, b), g(c, d)),  # (a b) (c d)
    lambda a, b, c, d, f, g, h: f(a, h(g(b, c), d)),  # a ((b c) d)
    lambda a, b, c, d, f, g, h: f(a, g(b, h(c, d))),  # a (b (c d))
]


def brute_force(hand: tuple[int, ...], *, first: bool) -> int:
    """How many (shape, order, operators) choices make 24; stops at one when ``first``."""
    found = 0
    for order in itertools.permutations(Fraction(x) for x in hand):
        for f, g, h in itertools.product(OPS, repeat=3):
            for shape in SHAPES:
                try:
                    if shape(*order, f, g, h) == 24:
                        found += 1
                        if first:
                            return found
                except ZeroDivisionError:
                    pass
    return found


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def cold() -> None:
    clear_caches()


def seven_numbers() -> tuple[float, float, int]:
    """Seconds, peak MiB and count for 3 5 8 13 21 34 55 → 24, in a fresh process."""
    code = (
        "import resource, time\nfrom solver import solve\n"
        "t = time.perf_counter(); n = len(solve([3, 5, 8, 13, 21, 34, 55]))\n"
        "rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        "print(time.perf_counter() - t, rss, n)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, mib, count = out.stdout.split()
    return float(seconds), float(mib), int(count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="baseline on every 10th hand only")
    args = parser.parse_args()
    sample = HANDS[::10] if args.quick else HANDS
    scale = len(HANDS) / len(sample)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )

    base_all = timed(lambda: [brute_force(h, first=False) for h in sample]) * scale
    base_first = timed(lambda: [brute_force(h, first=True) for h in sample]) * scale
    cold()
    ours_all = timed(lambda: [solve(h) for h in HANDS])
    cold()
    ours_first = timed(lambda: [is_solvable(h) for h in HANDS])
    per_hand = []
    for hand in HANDS:
        cold()
        per_hand.append(timed(functools.partial(solve, hand)))
    per_hand.sort()
    p99 = per_hand[int(len(per_hand) * 0.99)]
    countdown = []
    for _ in range(21):
        cold()
        countdown.append(timed(lambda: closest([1, 2, 3, 4, 7, 25], 573, integer_only=True)))
    seven_s, seven_mib, seven_count = seven_numbers()

    note = " (from every 10th hand, scaled)" if args.quick else ""
    print(f"baseline find-all sweep of 1820 hands{note}: {base_all:.2f} s")
    print(
        f"solver  find-all sweep (all distinct solutions): {ours_all:.2f} s"
        f"  -> {base_all / ours_all:.0f}x"
    )
    print(f"baseline find-first sweep{note}: {base_first:.2f} s")
    print(f"solver  is-solvable sweep: {ours_first:.3f} s  -> {base_first / ours_first:.0f}x")
    print(
        f"single 4-card hand, cold caches: median {statistics.median(per_hand) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms, max {per_hand[-1] * 1000:.2f} ms"
    )
    print(
        "1 2 3 4 7 25 -> 573 integer-only closest, cold: "
        f"median {statistics.median(countdown) * 1000:.1f} ms"
    )
    print(
        f"3 5 8 13 21 34 55 -> 24: {seven_count} distinct solutions in {seven_s:.2f} s, "
        f"peak {seven_mib:.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
