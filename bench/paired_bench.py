"""The solver side by side with an outside yardstick and another version of itself, paired.

Each workload runs in a fresh process, timed from before ``import solver`` to the last
solution listed (the cold start a command-line user or a new worker pays):

* ``sweep``: every distinct solution of the 1820 hands of four cards 1..13 (3017 in all);
* ``hands``: each of those hands alone with every cache emptied, p50 and p99;
* ``six``: 1 2 3 4 5 6 → 24; ``seven``: 1 1 2 3 5 8 13 → 24; ``eight`` (with ``--eight``,
  minutes): 1 2 3 4 5 6 7 8 → 24.

The runs alternate (this version, the anchor, the baseline, again …) and each figure is the
median over ``--pairs`` runs, with the ratio taken pair by pair, so that a machine whose
speed drifts still gives a fair ratio.  ``--baseline DIR`` is another checkout of the
project (for example ``git worktree add /tmp/main main``).  ``--anchor CMD`` is any program
that does the same work, called as ``CMD sweep``, ``CMD hands`` and ``CMD hand 24 1 2 3 4 5
6``, that prints the count of solutions and the seconds it took on two lines (``hands``:
``p50 p99`` in seconds on one); docs/performance.md says which program was used and how.

Before the runs, each checkout's solver is compiled to bytecode (``compileall``, into its
git-ignored ``__pycache__``), as ``pip install`` does: a fresh process then reads it rather
than compiling the sources again, which it would do at every run where
``PYTHONDONTWRITEBYTECODE`` is set (as on this project's machines and in its Docker image,
whose installed wheel is compiled nonetheless).

``--pure`` runs this version a second time on its pure Python path (``TWENTYFOUR_PURE_PYTHON=1``:
no compiled core, as on a machine without a C compiler), as one more column.

Usage: ``python bench/paired_bench.py [--pairs 5] [--baseline DIR] [--anchor CMD] [--pure]
[--eight]``.
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

HERE = Path(__file__).resolve().parent.parent

HANDS = {
    "six": (1, 2, 3, 4, 5, 6),
    "seven": (1, 1, 2, 3, 5, 8, 13),
    "eight": (1, 2, 3, 4, 5, 6, 7, 8),
}

RUNNER = """
import sys, time
started = time.process_time()
import itertools, statistics
import solver
from solver import solve
work = sys.argv[1]
if work == "sweep":
    hands = itertools.combinations_with_replacement(range(1, 14), 4)
    count = sum(len(solve(hand)) for hand in hands)
    print(count)
    print(time.process_time() - started)
elif work == "hands":
    from solver.search import engine
    try:
        from solver.solutions import clear_caches
    except ImportError:  # an older version, with no lists kept
        def clear_caches():
            engine(False).clear()
            engine(True).clear()
    each = []
    for hand in itertools.combinations_with_replacement(range(1, 14), 4):
        clear_caches()
        begun = time.process_time()
        solve(hand)
        each.append(time.process_time() - begun)
    each.sort()
    print(statistics.median(each), each[len(each) * 99 // 100])
else:
    count = len(solve([int(x) for x in sys.argv[3:]], int(sys.argv[2])))
    print(count)
    print(time.process_time() - started)
"""


def arguments(work: str) -> list[str]:
    if work in ("sweep", "hands"):
        return [work]
    return ["hand", "24", *map(str, HANDS[work])]


def run_python(root: Path, work: str, pure: bool = False) -> list[float]:
    # The checkout given must be the solver imported: -S skips site-packages (where this
    # checkout may be installed; the solver needs nothing but the standard library), and
    # the working directory, first on the path of ``python -c``, is the checkout itself.
    # Its compiled core, if built in place (an editable install), is used unless ``pure``.
    env = {**os.environ, "PYTHONPATH": str(root), "TWENTYFOUR_PURE_PYTHON": "1" if pure else ""}
    command = [sys.executable, "-S", "-c", RUNNER, *arguments(work)]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd=root)
    return [float(x) for x in out.stdout.split()]


def compile_solver(root: Path) -> None:
    """Write the bytecode of ``root``'s solver, as an installation has it (untimed)."""
    command = [sys.executable, "-S", "-m", "compileall", "-q", str(root / "solver")]
    subprocess.run(command, check=True, capture_output=True)


def run_anchor(anchor: str, work: str) -> list[float]:
    command = [*shlex.split(anchor), *arguments(work)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def show(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="runs of each, alternated")
    parser.add_argument("--baseline", type=Path, help="another checkout of the project")
    parser.add_argument("--anchor", help="a command doing the same work (see above)")
    parser.add_argument("--pure", action="store_true", help="also this version, pure Python")
    parser.add_argument("--eight", action="store_true", help="also 1..8 (minutes)")
    parser.add_argument("--work", nargs="*", help="only these workloads")
    args = parser.parse_args()
    works = args.work or ["sweep", "hands", "six", "seven", *(["eight"] if args.eight else [])]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    compile_solver(HERE)
    if args.baseline:
        compile_solver(args.baseline)
    for work in works:
        runs: dict[str, list[list[float]]] = {"this": [], "pure": [], "baseline": [], "anchor": []}
        for _ in range(args.pairs):
            runs["this"].append(run_python(HERE, work))
            if args.pure:
                runs["pure"].append(run_python(HERE, work, pure=True))
            if args.anchor:
                runs["anchor"].append(run_anchor(args.anchor, work))
            if args.baseline:
                runs["baseline"].append(run_python(args.baseline, work))
        # The figure compared: the seconds (last value), or for ``hands`` p50 and p99.
        picks = [0, 1] if work == "hands" else [-1]
        for pick in picks:
            label = work + (" p50" if pick == 0 else " p99" if work == "hands" else "")
            ours = [run[pick] for run in runs["this"]]
            line = f"{label:10} this {show(statistics.median(ours))}"
            if work != "hands":
                line += f" ({int(runs['this'][0][0])} solutions)"
            for other in ("pure", "baseline", "anchor"):
                theirs = [run[pick] for run in runs[other]]
                if theirs:
                    ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
                    line += f" | {other} {show(statistics.median(theirs))}, ratio {ratio:.2f}"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
