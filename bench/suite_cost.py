"""What a test run costs: wall seconds and the CPU of every process it starts.

Runs ``pytest`` (the README's default run, or the arguments given after ``--``) as a child
subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), so that the processes which outlive their
parents (solver workers, fork servers, the bot processes of the process tests) are reaped
here and counted in ``getrusage(RUSAGE_CHILDREN)``; ``/usr/bin/time`` alone misses them.

With ``--per-test FILE`` each pytest process also records, per test, its wall seconds and
the CPU seconds it cost (see :mod:`bench.test_cpu`), as JSON lines in ``FILE``; ``--top N``
then prints the costliest files and tests, and the orphans reaped here by program.

With ``--baseline DIR`` (another checkout with its own ``.venv``, e.g. ``git worktree add
/tmp/base main``) the two run in turn, this one first, ``--pairs`` times: each line says
both runs' wall and CPU seconds and their ratios, and the last line the medians (the
machine is shared: a pair is taken close together, and the median of several says more
than any one run).

Usage: ``python bench/suite_cost.py [--per-test FILE] [--top 25] [--baseline DIR
[--pairs 3]] [-- PYTEST ARGS]``.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import json
import os
import resource
import statistics
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PR_SET_CHILD_SUBREAPER = 36


def run(
    pytest_args: list[str], per_test: Path | None = None, root: Path = HERE
) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (every descendant's) and pytest's exit status, for the
    README's ``.venv/bin/pytest`` in the checkout ``root``."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    env = dict(os.environ)
    command = [str(root / ".venv" / "bin" / "pytest"), *pytest_args]
    if per_test is not None:
        per_test.unlink(missing_ok=True)
        env["TEST_CPU_FILE"] = str(per_test)
        env["PYTHONPATH"] = str(HERE / "bench")  # for test_cpu, and nothing else of here
        command[1:1] = ["-p", "test_cpu"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    pytest = subprocess.Popen(command, cwd=root, env=env)
    status = pytest.wait()
    orphans = reap_orphans()
    wall = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
    if per_test is not None:
        for program, (count, seconds) in sorted(orphans.items(), key=lambda kv: -kv[1][1]):
            print(f"orphans reaped here: {seconds:7.1f} s of CPU, {count:4d} x {program}")
    return wall, cpu, status


def reap_orphans() -> dict[str, tuple[int, float]]:
    """Reap every orphan handed to this process; their count and CPU seconds by program.

    These are not in any test's figures: a browser whose driver has gone, the fork servers
    and solver workers of the bot processes that outlive them."""
    orphans: dict[str, tuple[int, float]] = {}
    while True:
        try:
            # Seen first and reaped after, so that its name can still be read.
            found = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT)
        except ChildProcessError:
            break
        if found is None:
            break
        try:
            program = Path(f"/proc/{found.si_pid}/comm").read_text(encoding="utf-8").strip()
        except OSError:
            program = "?"
        _, _, usage = os.wait4(found.si_pid, 0)
        count, seconds = orphans.get(program, (0, 0.0))
        orphans[program] = (count + 1, seconds + usage.ru_utime + usage.ru_stime)
    return orphans


def report(per_test: Path, top: int) -> None:
    """The costliest files and tests by CPU, from the per-test records, with the solver
    workers' share (their fork server's and theirs)."""
    rows = [json.loads(line) for line in per_test.read_text().splitlines()]
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for row in rows:
        entry = files[row["id"].split("::")[0]]
        entry[0] += row["cpu"]
        entry[1] += row["wall"]
        entry[2] += row.get("workers", 0.0)
        entry[3] += 1
    print(f"\n{'cpu s':>7} {'wall s':>7} {'workers':>7} {'tests':>5}  file")
    for name, (cpu, wall, workers, count) in sorted(files.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:7.1f} {wall:7.1f} {workers:7.1f} {count:5.0f}  {name}")
    print(
        f"{sum(r['cpu'] for r in rows):7.1f} {sum(r['wall'] for r in rows):7.1f} "
        f"{sum(r.get('workers', 0.0) for r in rows):7.1f} {len(rows):5d}"
    )
    print(f"\n{'cpu s':>7} {'wall s':>7} {'workers':>7}  test")
    for row in sorted(rows, key=lambda r: -r["cpu"])[:top]:
        print(f"{row['cpu']:7.2f} {row['wall']:7.2f} {row.get('workers', 0.0):7.2f}  {row['id']}")


def paired(pytest_args: list[str], baseline: Path, pairs: int) -> None:
    """This checkout and ``baseline`` in turn, with each pair's ratios and the medians."""
    rows = []
    for number in range(1, pairs + 1):
        (wall, cpu, status), (base_wall, base_cpu, base_status) = (
            run(pytest_args, root=root) for root in (HERE, baseline)
        )
        rows.append((wall, cpu, base_wall, base_cpu, wall / base_wall, cpu / base_cpu))
        print(
            f"pair {number}: wall {wall:.1f} s vs {base_wall:.1f} s ({wall / base_wall:.2f}), "
            f"cpu {cpu:.1f} s vs {base_cpu:.1f} s ({cpu / base_cpu:.2f}), "
            f"exit {status} and {base_status}",
            flush=True,
        )
    wall, cpu, base_wall, base_cpu, wall_ratio, cpu_ratio = (
        statistics.median(column) for column in zip(*rows, strict=True)
    )
    print(
        f"medians: wall {wall:.1f} s vs {base_wall:.1f} s (ratio {wall_ratio:.2f}), "
        f"cpu {cpu:.1f} s vs {base_cpu:.1f} s (ratio {cpu_ratio:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-test", type=Path, help="record each test's cost in this file")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--baseline", type=Path, help="another checkout, run in turn")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments")
    args = parser.parse_args()
    if args.baseline is not None:
        paired(args.pytest_args, args.baseline.resolve(), args.pairs)
        return
    wall, cpu, status = run(args.pytest_args, args.per_test)
    if args.per_test is not None and args.per_test.exists():
        report(args.per_test, args.top)
    print(f"\nwall {wall:.1f} s, cpu {cpu:.1f} s, pytest exit {status}")


if __name__ == "__main__":
    main()
