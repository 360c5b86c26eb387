"""What refusing hands only their players see costs everyone else: the share of /solve
requests refused, and the check's time, with 1,000 private games live at once.

A hand refused *to everyone* (a duel's, as the bot keeps it: docs/design-games.md, *Fair
play*) refuses every request of anyone that shares three of its cards, whatever the target;
a hand kept only from its players refuses nobody else.  Two sorts of request, each asked by
someone who plays none of the games:

- *random*: four cards from 1 to 13, each rank equally likely (as a deck deals them);
- *realistic*: a solvable hand, the harder the likelier (weighed by its level, 1 to 5, as
  the bot rates it: nobody asks for 1 1 1 12), as people stuck on a hand ask.

The live games are dealt as the bot deals them: a duel's hand is medium (level 3), a
round's any solvable hand, a Rush run's of the level its score has reached, a hunt's one
with at least three solutions (approximated here as any solvable hand).  Each set of 1,000
games is measured under the rule the bot keeps (only duels' hands refused to everyone) and,
for scale, with every game refused to everyone (the rule it does not keep).  The check
timed is the one /solve makes: ``LiveHands.spoiled`` and the filter of games refused to
everyone.

    python bench/private_spoiler_bench.py [--requests 20000] [--seed 24]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from bot.game.rated import LEVELS_4_24
from bot.game.rounds import Round
from bot.game.spoilers import LiveHands
from solver.decks import hands

ALL = hands((1, 13), 4)
LEVELS = dict(zip(ALL, map(int, LEVELS_4_24), strict=True))
SOLVABLE = [hand for hand in ALL if LEVELS[hand]]
MEDIUM = [hand for hand in SOLVABLE if LEVELS[hand] == 3]

MIXES: dict[str, dict[str, int]] = {
    "1 duel (or 1 Rush run: one request's chance)": {"duel": 1},
    "10 duels": {"duel": 10},
    "100 duels": {"duel": 100},
    "1,000 duels": {"duel": 1000},
    "1,000 games: 50 duels, 200 Rush runs, 750 rounds": {"duel": 50, "rush": 200, "round": 750},
    "1,000 games: 10 duels, 990 rounds": {"duel": 10, "round": 990},
    "1,000 rounds (no duel)": {"round": 1000},
}


def dealt(rng: random.Random, kind: str) -> tuple[int, ...]:
    """A hand as the bot deals one for a game of ``kind``."""
    if kind == "duel":
        return rng.choice(MEDIUM)
    if kind == "rush":
        level = rng.randint(1, 5)
        return rng.choice([hand for hand in SOLVABLE if LEVELS[hand] == level])
    return rng.choice(SOLVABLE)


def live_games(rng: random.Random, mix: dict[str, int], everyone: bool) -> LiveHands:
    """The games of ``mix``, each in a private chat of its own; duels' hands refused to
    everyone (or every game's, with ``everyone``)."""
    live = LiveHands()
    chat = 1
    for kind, count in mix.items():
        for _ in range(count):
            game = Round(1, dealt(rng, kind), 24, 0.0)
            live.add(chat, game, everyone=everyone or kind == "duel")
            chat += 1
    return live


def random_requests(rng: random.Random, count: int) -> list[tuple[int, ...]]:
    return [tuple(sorted(rng.randint(1, 13) for _ in range(4))) for _ in range(count)]


def realistic_requests(rng: random.Random, count: int) -> list[tuple[int, ...]]:
    weights = [LEVELS[hand] for hand in SOLVABLE]
    return rng.choices(SOLVABLE, weights=weights, k=count)


def refused(live: LiveHands, numbers: Sequence[int]) -> bool:
    """Whether a stranger's /solve of ``numbers`` for 24 is refused (the check /solve makes
    for someone seen in none of the games' chats)."""
    return any(spoiled.everyone for spoiled in live.spoiled(tuple(numbers), 24))


def measure(live: LiveHands, requests: list[tuple[int, ...]]) -> tuple[float, float, float]:
    """The share refused, and the check's median and 99th percentile in microseconds."""
    times, count = [], 0
    for numbers in requests:
        start = time.perf_counter()
        count += refused(live, numbers)
        times.append((time.perf_counter() - start) * 1e6)
    return count / len(requests), statistics.median(times), statistics.quantiles(times, n=100)[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    asked = {
        "random": random_requests(rng, args.requests),
        "realistic": realistic_requests(rng, args.requests),
    }
    print(f"{'live games':<50} {'rule':<18} {'requests':<10} refused   median    p99")
    for name, mix in MIXES.items():
        for rule, everyone in (("duels to all", False), ("every game to all", True)):
            if everyone and set(mix) == {"duel"}:
                continue  # the same as the rule kept
            live = live_games(random.Random(args.seed), mix, everyone)
            for sort, requests in asked.items():
                share, median, p99 = measure(live, requests)
                print(
                    f"{name:<50} {rule:<18} {sort:<10} {share:6.1%} {median:6.1f} µs {p99:6.1f} µs"
                )


if __name__ == "__main__":
    main()
