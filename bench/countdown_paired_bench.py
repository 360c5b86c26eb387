"""Countdown's best answer side by side with an outside solver, paired, draw by draw.

The draws are those of ``bench/countdown_bench.py`` (seeded: six numbers, 0 to 4 of them
large, a target from 101 to 999).  For each, the best answer: the target if some of the
numbers make it, else the value closest to it, with one expression.  This version answers
with ``closest(numbers, target, countdown=True)``, every cache emptied before each draw, in
a fresh process (from this checkout, its compiled search used where it was built; with
``--pure`` a second column on the pure Python path, ``TWENTYFOUR_PURE_PYTHON=1``; with
``--baseline DIR`` one more, another checkout of the project, for example a previous
version: ``git archive COMMIT | tar -x -C DIR``).  Each draw is timed alone in CPU time
(``time.process_time``), the import left out.

``--anchor CMD`` is the outside solver: it reads the draws on its standard input, one a
line (``n1 n2 n3 n4 n5 n6 target``), and prints one line a draw, ``best seconds``
(anything after is ignored): the value it reached and the CPU seconds the draw took.
docs/performance.md says which program was used and how it was built.

The runs alternate (this version, the anchor, again …); each figure is the median over
``--pairs`` runs of the p50 or p99 of the draws' times, and each ratio the median of the
ratios run by run.  The answers are compared too: on every draw both must reach a value
as close to the target.

Usage: ``python bench/countdown_paired_bench.py [--pairs 5] [--instances 1000] [--seed 18]
[--anchor CMD] [--pure] [--baseline DIR]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

from countdown_bench import instances, percentile

HERE = Path(__file__).resolve().parent.parent

RUNNER = """
import sys, time
from solver import closest
from solver.countdown_search import countdown
for line in sys.stdin:
    *numbers, target = map(int, line.split())
    countdown.cache_clear()
    started = time.process_time()
    result = closest(numbers, target, countdown=True)
    took = time.process_time() - started
    near = [w.value for w in (result.exact, result.below, result.above) if w is not None]
    best = min(near, key=lambda v: abs(v - target))
    print(best, took)
"""

Run = list[tuple[int, float]]
"""Per draw: the value reached and the CPU seconds taken."""


def parse(out: str) -> Run:
    return [(int(best), float(seconds)) for best, seconds, *_ in map(str.split, out.splitlines())]


def run_ours(draws: str, pure: bool, root: Path = HERE) -> Run:
    # -S and the checkout as the working directory: that checkout's solver is imported
    # (with its compiled parts, if built in place), whatever is installed.
    env = {**os.environ, "PYTHONPATH": str(root), "TWENTYFOUR_PURE_PYTHON": "1" if pure else ""}
    command = [sys.executable, "-S", "-c", RUNNER]
    done = subprocess.run(
        command, input=draws, capture_output=True, text=True, check=True, env=env, cwd=root
    )
    return parse(done.stdout)


def run_anchor(anchor: str, draws: str) -> Run:
    done = subprocess.run(
        shlex.split(anchor), input=draws, capture_output=True, text=True, check=True
    )
    return parse(done.stdout)


def quantiles(run: Run) -> tuple[float, float]:
    times = sorted(seconds for _, seconds in run)
    return percentile(times, 0.5), percentile(times, 0.99)


def shown(runs: list[tuple[float, float]]) -> str:
    """The medians of the runs' p50 and p99, in milliseconds."""
    return " / ".join(f"{1000 * statistics.median(q[k] for q in runs):.3f}" for k in (0, 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="runs of each, alternated")
    parser.add_argument("--instances", type=int, default=1000, help="draws (default 1000)")
    parser.add_argument("--seed", type=int, default=18, help="the draw's seed (default 18)")
    parser.add_argument("--anchor", help="an outside solver (see above)")
    parser.add_argument("--pure", action="store_true", help="also this version, pure Python")
    parser.add_argument("--baseline", type=Path, help="another checkout of the project")
    args = parser.parse_args()
    drawn = instances(args.instances, args.seed)
    draws = "".join(f"{' '.join(map(str, numbers))} {target}\n" for numbers, target in drawn)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the start"
    )
    runs: dict[str, list[Run]] = {"this": [], "pure": [], "baseline": [], "anchor": []}
    for _ in range(args.pairs):
        runs["this"].append(run_ours(draws, pure=False))
        if args.pure:
            runs["pure"].append(run_ours(draws, pure=True))
        if args.baseline:
            runs["baseline"].append(run_ours(draws, pure=False, root=args.baseline))
        if args.anchor:
            runs["anchor"].append(run_anchor(args.anchor, draws))
    targets = [target for _, target in drawn]
    ours = [quantiles(run) for run in runs["this"]]
    print(f"{len(drawn)} draws, {args.pairs} runs of each, CPU ms per draw, p50 / p99:")
    print(f"{'this':>8} {shown(ours)}")
    for other in ("pure", "baseline", "anchor"):
        if not runs[other]:
            continue
        theirs = [quantiles(run) for run in runs[other]]
        ratios = " / ".join(
            f"{statistics.median(a[k] / b[k] for a, b in zip(ours, theirs, strict=True)):.2f}"
            for k in (0, 1)
        )
        line = f"{other:>8} {shown(theirs)}, this one's time over it, run by run: {ratios}"
        # Both reach a value as close to the target, draw by draw.
        differ = sum(
            abs(mine - target) != abs(best - target)
            for mine, (best, _), target in zip(
                (best for best, _ in runs["this"][0]), runs[other][0], targets, strict=True
            )
        )
        line += f"; {differ} draws answered less well by one or the other"
        print(line)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
