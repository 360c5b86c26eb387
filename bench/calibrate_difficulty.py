"""Rank correlation of the difficulty rating with 4nums.com players' solve times.

Reads ``shared/data/4nums_difficulty.csv`` (the 1362 solvable hands ranked by adjusted
median solve time; looked for beside the checkout and the folders above it) and prints
Spearman's rho for the rating's score, for its level, and for the simple baseline of
counting distinct solutions; then how many hands the level puts two or more levels away
from the players' (their fifths of the ranking, cut as the levels are), and a few hands
with both levels.  Usage: ``python bench/calibrate_difficulty.py``.
"""

from __future__ import annotations

import csv
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from solver import difficulty, solve


def _data() -> Path:
    """The reference file, beside the checkout or in a folder above it (a worktree)."""
    for folder in Path(__file__).resolve().parents[1:]:
        found = folder / "shared" / "data" / "4nums_difficulty.csv"
        if found.exists():
            return found
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "4nums_difficulty.csv"


DATA = _data()
PLAYERS_CUTS = (294, 536, 844, 1092)
"""The players' levels: hands ranked past these are of level 2, 3, 4 and 5 (the shares the
rating's own levels are cut at)."""
SHOWN = ((4, 4, 8, 9), (2, 6, 7, 11), (6, 8, 9, 11), (1, 2, 2, 7), (2, 4, 6, 8), (3, 3, 8, 8))
"""Hands whose levels are printed side by side."""


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
    players = [1 + sum(rank >= cut for cut in PLAYERS_CUTS) for rank in range(len(hands))]
    off = [abs(d.level - level) for d, level in zip(rated, players, strict=True)]
    print(f"hands two or more levels from the players': {sum(o >= 2 for o in off)}")
    print(f"hands at the players' level: {sum(o == 0 for o in off)}")
    for hand in SHOWN:
        i = hands.index(hand)
        shown = " ".join(map(str, hand))
        print(f"{shown}: level {rated[i].level}, players' {players[i]} ({times[i]} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
