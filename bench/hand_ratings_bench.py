"""Hand ratings learned from play (issue 41) against 4nums.com's order.

Simulated players (skill drawn log-normally) attempt hands chosen by the ladder
(:meth:`bot.rules.ladder.puzzle_rating.Ladder.choose`); each solve time is drawn log-normally
around the hand's 4nums one-sigma mean and deviation, scaled by the player's skill, and a
miss with the hand's 4nums failure rate.  Prints Spearman's rho of the learned ratings
with 4nums's order after N attempts, against the model's prior alone, how fast the
ladder's choice reaches a new player's level (:func:`converge`), and the cost of one update
and of one choice (the baseline: one OpenSkill rate call, in the same run).  Reads
``shared/data/4nums_difficulty.csv`` beside the checkout or above it; without it, says so
and measures nothing.  Usage: ``python bench/hand_ratings_bench.py [attempts]``.
"""

from __future__ import annotations

import bisect
import datetime as dt
import math
import random
import statistics
import sys
import time

from calibrate_difficulty import DATA, spearman

from bot import records
from bot.games.ladder.parts import LADDER_RATINGS
from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import FAST, MODEL, SLOW, prior_of_level
from bot.rules.ladder.puzzle_rating import Ladder
from bot.rules.pace import floor_of
from bot.rules.rated import LEVELS_4_24
from bot.state import GlobalData
from solver.decks import hands as all_hands

PLAYERS = 300
CHECKS = (0, 2_000, 5_000, 10_000, 20_000, 40_000)
FRESH_PLAYERS = 200
FRESH_ATTEMPTS = 60
STEPS = (1, 5, 10, 20, 40, 60)
EVEN_SECONDS = math.sqrt(FAST * SLOW)
"""Seconds of a solve that scores one half (:func:`bot.rules.ladder.model.score`)."""


Facts = dict[tuple[int, ...], tuple[float, float, float, int]]
"""Each hand's 4nums mean time, its deviation, solved rate and rank."""


def load_facts() -> tuple[Facts, list[tuple[tuple[int, ...], float]]]:
    """4nums's facts of each hand, and the hands with the model's prior (its level's)."""
    import csv

    with DATA.open(newline="") as f:
        rows = list(csv.DictReader(f))
    facts = {
        tuple(sorted(int(x) for x in r["Puzzles"].split())): (
            float(r["1-sigma Mean (s)"]),
            float(r["1-sigma STD (s)"]),
            float(r["Solved rate"].rstrip("%")) / 100,
            int(r["Rank"]),
        )
        for r in rows
    }
    levels = dict(zip(all_hands((1, 13), 4), map(int, LEVELS_4_24), strict=True))
    return facts, [(h, prior_of_level(levels[h])) for h in facts if levels.get(h)]


def solve_time(
    rng: random.Random, skill: float, fact: tuple[float, float, float, int]
) -> float | None:
    """A simulated attempt: seconds log-normally around the hand's 4nums mean scaled by the
    player's ``skill`` (at least 2.5), or None (a miss) at the hand's failure rate."""
    mean, std, solved, _ = fact
    sigma = math.sqrt(math.log(1 + (std / mean) ** 2))
    seconds = skill * mean * math.exp(rng.gauss(-sigma * sigma / 2, sigma))
    failed = rng.random() > solved ** (1 / skill)
    return None if failed else max(seconds, 2.5)


def main() -> int:
    if not DATA.exists():
        print(f"no reference data at {DATA}: nothing measured")
        return 0
    facts, pool = load_facts()
    prior = dict(pool)
    rng = random.Random(41)
    skills = [math.exp(rng.gauss(0, 0.4)) for _ in range(PLAYERS)]
    ladder = Ladder()
    most = int(sys.argv[1]) if len(sys.argv) > 1 else CHECKS[-1]
    day = dt.date(2026, 12, 2)
    order = [h for h, _ in pool]
    truth = [facts[h][3] for h in order]

    def rho() -> float:
        return spearman([ladder.hand(hand_key(h, 24), prior[h]).mu for h in order], truth)

    print(f"model's prior alone (levels): rho {rho():.3f} (the model's score: 0.570)")
    spent = 0.0
    for n in range(1, most + 1):
        user = rng.randrange(PLAYERS)
        hand = ladder.choose(user, pool, 24, rng) or rng.choice(order)
        ladder.dealt(user, hand, 24)
        mean, std, solved, _ = facts[hand]
        sigma = math.sqrt(math.log(1 + (std / mean) ** 2))
        seconds = skills[user] * mean * math.exp(rng.gauss(-sigma * sigma / 2, sigma))
        failed = rng.random() > solved ** (1 / skills[user])
        started = time.perf_counter()
        ladder.record(
            user,
            hand,
            24,
            None if failed else max(seconds, 2.5),
            day=day,
            prior=prior[hand],
            floor=floor_of(hand),
        )
        spent += time.perf_counter() - started
        if n in CHECKS:
            print(f"after {n:>6} attempts: rho {rho():.3f}, hands rated {len(ladder.hands)}")
    converge(ladder, pool, facts, rng, day)
    sizes(ladder)
    started = time.perf_counter()
    for _ in range(1000):
        ladder.choose(0, pool, 24, rng)
    chosen = (time.perf_counter() - started) / 1000
    print(f"choice of a hand among {len(pool)}: {chosen * 1e6:.0f} µs")
    started = time.perf_counter()
    for _ in range(1000):
        MODEL.rate([[MODEL.rating(25, 5)], [MODEL.rating(27, 4)]], ranks=[1.0, 2.0])
    base = (time.perf_counter() - started) / 1000
    print(f"update: {spent / most * 1e6:.0f} µs a attempt; one OpenSkill rate: {base * 1e6:.0f} µs")
    return 0


def sizes(ladder: Ladder) -> None:
    """The ladder's rows as the data file keeps them (``ladder-hand``, ``ladder-player``):
    their size, and the time to read them all back, as the bot does at start-up."""
    data = GlobalData()
    LADDER_RATINGS.put(data, ladder)
    texts = [
        (kind, records.saved(kind, value).text)
        for (kind, _key), value in records.global_rows(data).items()
        if kind.startswith("ladder-")
    ]
    hands = sum(len(text) for kind, text in texts if kind == "ladder-hand")
    players = [len(text) for kind, text in texts if kind == "ladder-player"]
    started = time.perf_counter()
    for kind, text in texts:
        records.load(kind, text)
    loaded = time.perf_counter() - started
    print(
        f"rows: {len(ladder.hands)} hands {hands / 1e3:.0f} kB, {len(players)} players "
        f"{sum(players) / 1e3:.0f} kB (the largest {max(players) / 1e3:.1f} kB); "
        f"read back in {loaded * 1e3:.0f} ms"
    )


def converge(
    ladder: Ladder,
    pool: list[tuple[tuple[int, ...], float]],
    facts: dict[tuple[int, ...], tuple[float, float, float, int]],
    rng: random.Random,
    day: dt.date,
) -> None:
    """How fast the ladder's choice reaches a new player's level, on the hands learned so
    far: fresh simulated players (skill drawn as the others'), each playing
    :data:`FRESH_ATTEMPTS` hands; a player's level is the hands whose 4nums mean time,
    scaled by their skill, is :data:`EVEN_SECONDS` (a score of one half).  Prints, after n
    attempts, the median gap between the chosen hand's and the level's percentile of 4nums
    mean times, against a hand chosen at random."""
    means = sorted(facts[h][0] for h, _ in pool)
    prior = dict(pool)

    def share(seconds: float) -> float:
        return bisect.bisect(means, seconds) / len(means)

    gaps: dict[int, list[float]] = {n: [] for n in STEPS}
    chance: list[float] = []
    for fresh in range(FRESH_PLAYERS):
        user = PLAYERS + fresh
        skill = math.exp(rng.gauss(0, 0.4))
        level = share(EVEN_SECONDS / skill)
        for n in range(1, FRESH_ATTEMPTS + 1):
            hand = ladder.choose(user, pool, 24, rng) or rng.choice(pool)[0]
            ladder.dealt(user, hand, 24)
            if n in gaps:
                gaps[n].append(abs(share(facts[hand][0]) - level))
            mean, std, solved, _ = facts[hand]
            sigma = math.sqrt(math.log(1 + (std / mean) ** 2))
            seconds = skill * mean * math.exp(rng.gauss(-sigma * sigma / 2, sigma))
            failed = rng.random() > solved ** (1 / skill)
            ladder.record(
                user,
                hand,
                24,
                None if failed else max(seconds, 2.5),
                day=day,
                prior=prior[hand],
                floor=floor_of(hand),
            )
        chance.append(abs(rng.random() - level))
    line = ", ".join(f"{n}: {statistics.median(gaps[n]):.2f}" for n in STEPS)
    print(
        f"choice's gap to a new player's level (median share of hands, {FRESH_PLAYERS} "
        f"players) after n attempts: {line}; a random hand: {statistics.median(chance):.2f}"
    )


if __name__ == "__main__":
    sys.exit(main())
