"""Races' results on hand ratings (issue 41): a duel's hands, a group's rounds and shared
Rush runs report one winner's time, and the others who answered had not solved the hand by
then (:class:`bot.rules.results.Outpaced`, a censored result).

The simulated players of ``hand_ratings_bench.py`` (the same seed and draws) play a number
of hands, a share of them (:data:`RACE_SHARE`) in races of two to five players on a hand
dealt at random (a group deals by its level, not near a player's rating), the others alone
on the ladder.  Spearman's rho of the learned ratings with 4nums's order after N hands, for
three ways of taking a race: ``ignored`` (before: only the alone hands rate), ``winner``
(the winner's time alone, as a private solve: the fastest of several), ``censored`` (the
winner's time and every other racer censored at it: :meth:`Ladder.outpaced`).  Usage:
``python bench/race_ratings_bench.py [hands]``.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import sys
import time

from calibrate_difficulty import DATA, spearman
from hand_ratings_bench import CHECKS, PLAYERS, load_facts, solve_time

from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import SLOW
from bot.rules.ladder.puzzle_rating import Ladder
from bot.rules.pace import floor_of

RACE_SHARE = 0.5
MODES = ("ignored", "winner", "censored")


def run(mode: str, most: int) -> tuple[list[float], float, int]:
    """The rho at each of :data:`CHECKS` up to ``most`` hands, the mean cost of a race's
    censored update (µs), and the hands rated."""
    facts, pool = load_facts()
    prior = dict(pool)
    order = [h for h, _ in pool]
    truth = [facts[h][3] for h in order]
    rng = random.Random(41)
    skills = [math.exp(rng.gauss(0, 0.4)) for _ in range(PLAYERS)]
    ladder = Ladder()
    day = dt.date(2026, 12, 2)
    rhos: list[float] = []
    spent, races = 0.0, 0

    def rho() -> float:
        return spearman([ladder.hand(hand_key(h, 24), prior[h]).mu for h in order], truth)

    def record(user: int, hand: tuple[int, ...], seconds: float | None) -> None:
        ladder.record(user, hand, 24, seconds, day=day, prior=prior[hand], floor=floor_of(hand))

    rhos.append(rho())
    for n in range(1, most + 1):
        if rng.random() >= RACE_SHARE:
            user = rng.randrange(PLAYERS)
            hand = ladder.choose(user, pool, 24, rng) or rng.choice(order)
            ladder.dealt(user, hand, 24)
            record(user, hand, solve_time(rng, skills[user], facts[hand]))
        else:
            hand = rng.choice(order)
            racers = rng.sample(range(PLAYERS), rng.randint(2, 5))
            times = {u: solve_time(rng, skills[u], facts[hand]) for u in racers}
            solved = {u: t for u, t in times.items() if t is not None and t < SLOW}
            winner = min(solved, key=solved.__getitem__) if solved else None
            seconds = solved[winner] if winner is not None else SLOW
            others = [u for u in racers if u != winner]
            if mode != "ignored" and winner is not None:
                record(winner, hand, seconds)
            if mode == "censored":
                started = time.perf_counter()
                ladder.outpaced(others, hand, 24, seconds, prior=prior[hand])
                spent += time.perf_counter() - started
                races += 1
        if n in CHECKS:
            rhos.append(rho())
    return rhos, spent / max(races, 1) * 1e6, len(ladder.hands)


def main() -> int:
    if not DATA.exists():
        print(f"no reference data at {DATA}: nothing measured")
        return 0
    most = int(sys.argv[1]) if len(sys.argv) > 1 else CHECKS[-1]
    print(f"{RACE_SHARE:.0%} of the hands in races of 2 to 5; rho after N hands:")
    print("mode      " + " ".join(f"{n:>7}" for n in CHECKS if n <= most) + "  rated  µs/race")
    for mode in MODES:
        rhos, cost, rated = run(mode, most)
        line = " ".join(f"{r:7.3f}" for r in rhos)
        print(f"{mode:<9} {line}  {rated:5}  {cost:7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
