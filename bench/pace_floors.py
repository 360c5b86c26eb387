"""The floors of a person's pace by level, measured from 4nums.com players' solve times.

Reads ``shared/data/4nums_difficulty.csv`` (beside the checkout or in a folder above it),
puts each hand at its level (:data:`bot.rules.rated.LEVELS_4_24`), and prints, per level,
the fast tenth of its hands' median solve times and the floor it gives: :data:`bot.rules.pace.
FLOOR` (level 1's) times how much slower that tenth is than level 1's, to a tenth of a
second, beside the table the bot keeps (:data:`bot.rules.pace.LEVEL_FLOORS`); then the
fastest "one-sigma mean less one deviation" of any hand, which :data:`bot.rules.pace.
PLAUSIBLE_MEDIAN` stands under; and how often a fast person's duel would be judged a
script's (:func:`bot.rules.pace.steady`: every winning answer under that median), for a
person as much faster than 4nums.com's players as one and one and a half deviations on every
hand (their time on a hand lognormal about the one-sigma mean less that much, spread as its
deviation is to its mean).  Usage: ``python bench/pace_floors.py``.
"""

from __future__ import annotations

import csv
import math
import random
import statistics
import sys
from pathlib import Path

from bot.games.duel.play import DIFFICULTY
from bot.rules.duel.race import STEADY_WINS, WINS_NEEDED
from bot.rules.hands import LABEL_LEVELS
from bot.rules.pace import FLOOR, LEVEL_FLOORS, PLAUSIBLE_MEDIAN, RECENT_KEPT, heard, scripted
from bot.rules.rated import LEVELS_4_24
from solver.decks import hands


def data_file() -> Path | None:
    """The reference file, beside the checkout or in a folder above it (a worktree)."""
    for folder in Path(__file__).resolve().parents[1:]:
        found = folder / "shared" / "data" / "4nums_difficulty.csv"
        if found.exists():
            return found
    return None


def measured(path: Path) -> tuple[dict[int, float], dict[int, float], float]:
    """Per level, the fast tenth's median solve time and the floor it gives; and the
    fastest one-sigma mean less one deviation of any hand."""
    level_of = {h: int(x) for h, x in zip(hands((1, 13), 4), LEVELS_4_24, strict=True)}
    times: dict[int, list[float]] = {}
    fastest = float("inf")
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows):
            hand = tuple(sorted(int(card) for card in row["Puzzles"].split()))
            times.setdefault(level_of[hand], []).append(float(row["AMT (s)"]))
            mean, deviation = float(row["1-sigma Mean (s)"]), float(row["1-sigma STD (s)"])
            fastest = min(fastest, mean - deviation)
    tenth = {level: sorted(found)[int(0.1 * (len(found) - 1))] for level, found in times.items()}
    floors = {level: round(FLOOR * tenth[level] / tenth[1], 1) for level in sorted(tenth)}
    return tenth, floors, fastest


def steady_duels(path: Path, faster: float, wins: int = WINS_NEEDED) -> float:
    """The share of a person's duel wins judged a script's steady pace: the chance that each
    of ``wins`` duel hands (the duel's level) is answered under
    :data:`PLAUSIBLE_MEDIAN` by a person ``faster`` deviations faster than 4nums.com's
    players' one-sigma mean (lognormal about it, spread as the hand's deviation to its mean;
    answers under the floor left in, so it is an upper bound)."""
    level_of = {h: int(x) for h, x in zip(hands((1, 13), 4), LEVELS_4_24, strict=True)}
    chances = []
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows):
            hand = tuple(sorted(int(card) for card in row["Puzzles"].split()))
            if level_of[hand] not in LABEL_LEVELS[DIFFICULTY]:
                continue
            mean, deviation = float(row["1-sigma Mean (s)"]), float(row["1-sigma STD (s)"])
            typical = mean - faster * deviation
            spread = deviation / mean
            if typical <= 0:
                chances.append(1.0)
                continue
            z = math.log(PLAUSIBLE_MEDIAN / typical) / spread
            chances.append(0.5 * (1 + math.erf(z / math.sqrt(2))))
    return statistics.fmean(chances) ** wins


def steady_records(
    path: Path, faster: float, levels: frozenset[int] | None = None, answers: int = 200_000
) -> tuple[float, float]:
    """The share of a person's answers that set no record as a script's steady pace, for a
    person ``faster`` deviations faster than 4nums.com's players (as :func:`steady_duels`),
    playing hands of ``levels`` (None: every hand) at random, one after another: among all
    their answers past their first :data:`RECENT_KEPT`, and among a new player's first
    answers (judged alone: the rule gives no free answers).  Seeded: the same each run."""
    level_of = {h: int(x) for h, x in zip(hands((1, 13), 4), LEVELS_4_24, strict=True)}
    pool = []
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows):
            hand = tuple(sorted(int(card) for card in row["Puzzles"].split()))
            if levels is None or level_of[hand] in levels:
                mean, deviation = float(row["1-sigma Mean (s)"]), float(row["1-sigma STD (s)"])
                pool.append((max(mean - faster * deviation, 0.01), deviation / mean))
    rng = random.Random(24)
    recent: list[float] = []
    barred = firsts = 0
    for count in range(answers):
        typical, spread = rng.choice(pool)
        heard(recent, rng.lognormvariate(math.log(typical), spread))
        if count >= RECENT_KEPT:
            barred += scripted(recent)
        firsts += recent[-1] < PLAUSIBLE_MEDIAN
    return barred / (answers - RECENT_KEPT), firsts / answers


def main() -> int:
    path = data_file()
    if path is None:
        print("shared/data/4nums_difficulty.csv is not here: nothing measured")
        return 0
    tenth, floors, fastest = measured(path)
    print("level  fast tenth (s)  floor (s)  kept (s)")
    for level in sorted(tenth):
        print(f"{level:5}  {tenth[level]:14.2f}  {floors[level]:9.1f}  {LEVEL_FLOORS[level]:8.1f}")
    print(
        f"fastest mean less one deviation: {fastest:.2f} s (plausible median {PLAUSIBLE_MEDIAN} s)"
    )
    for faster in (1.0, 1.5):
        print(
            f"a person {faster:g} deviations faster: {steady_duels(path, faster):.2%} of duel "
            f"wins unrated as a script's steady pace, "
            f"{steady_duels(path, faster, STEADY_WINS):.2%} of forfeits after {STEADY_WINS} wins"
        )
    for faster in (1.0, 1.5):
        easy, first_easy = steady_records(path, faster, frozenset({1}))
        every, first_every = steady_records(path, faster)
        print(
            f"a person {faster:g} deviations faster: {easy:.2%} of answers on level-1 hands "
            f"({every:.2%} on every hand) set no record as a script's steady pace; a new "
            f"player's first answer: {first_easy:.2%} ({first_every:.2%})"
        )
    return 0 if floors == LEVEL_FLOORS else 1


if __name__ == "__main__":
    sys.exit(main())
