"""Rank correlation of the difficulty rating with 4nums.com players' solve times.

Reads ``../shared/data/4nums_difficulty.csv`` (the 1362 solvable hands ranked by adjusted
median solve time) and prints Spearman's rho for the rating's score, for its level, and for
the simple baseline of counting distinct solutions.
Usage: ``python bench/calibrate_difficulty.py``.
"""

from __future__ import annotations

import csv
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from solver import difficulty, solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "4nums_difficulty.csv"


def ranks(xs: Sequence[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=xs.__getitem__)
    result = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2
        i = j + 1
    return result


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var_a = sum((x - ma) ** 2 for x in ra)
    var_b = sum((y - mb) ** 2 for y in rb)
    return cov / math.sqrt(var_a * var_b)


def load(path: Path = DATA) -> tuple[list[tuple[int, ...]], list[float]]:
    """The hands and their adjusted median solve times."""
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    hands = [tuple(int(x) for x in row["Puzzles"].split()) for row in rows]
    return hands, [float(row["AMT (s)"]) for row in rows]


def main() -> int:
    if not DATA.exists():
        print(f"no reference data at {DATA}; nothing to calibrate", file=sys.stderr)
        return 0
    hands, times = load()
    started = time.perf_counter()
    rated = [difficulty(h) for h in hands]
    elapsed = time.perf_counter() - started
    counts = [-len(solve(h)) for h in hands]
    print(f"hands: {len(hands)}; rating all took {elapsed:.2f} s")
    print(f"Spearman rho, rating score: {spearman([d.score for d in rated], times):.3f}")
    print(f"Spearman rho, rating level: {spearman([d.level for d in rated], times):.3f}")
    print(
        f"Spearman rho, baseline (fewer distinct solutions = harder): {spearman(counts, times):.3f}"
    )
    for level in range(1, 6):
        share = sum(d.level == level for d in rated)
        print(f"level {level}: {share} hands")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
