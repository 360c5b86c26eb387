"""What the spoiler check costs the event loop: :meth:`LiveHands.spoiled` (three shared cards,
Countdown's pairs) for the worst request /solve accepts (eight numbers, all different, so
that every three of them is looked up: 56 parts), beside the baseline in the same run: the
old rule's ``chats_spoiled`` (whole hands held, Countdown's pairs), as a git revision has
it (``--baseline``, main by default), over the same games.

Two sets of live games: a handful (8 rounds, 2 Countdown games, 2 players' own games) and a
busy bot (5,000 rounds, 500 Countdown games, 1,000 players' own games), each dealt at random;
plus a request whose every part is a live hand's (the games share its numbers), so that
every lookup finds something.

    python bench/spoiler_bench.py [--repeat 2000] [--baseline main]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
import types
from collections.abc import Callable
from typing import Any

from bot.rules.rounds import Round
from bot.rules.spoilers import LiveHands, Numbers

WORST = (9973, 9967, 9949, 9941, 9931, 9929, 9923, 9907)
"""Eight numbers (the most /solve takes), all different: 56 three-number parts."""
SMALL = (1, 2, 3, 4, 5, 6, 7, 8)
"""Eight small numbers: every three of them is some live hand's, in a busy bot."""


def live_games(
    rng: random.Random, rounds: int, countdowns: int, players: int, module: Any = None
) -> LiveHands:
    """Live games dealt at random, filed by ``module``'s ``LiveHands`` (this one's by default)."""
    hands = (module.LiveHands if module is not None else LiveHands)()
    for chat in range(rounds):
        hand = tuple(rng.randint(1, 13) for _ in range(4))
        hands.add(-chat - 1, Round(1, hand, 24, 0.0))
    for chat in range(countdowns):
        numbers = (*rng.sample([25, 50, 75, 100], 2), *(rng.randint(1, 10) for _ in range(4)))
        hands.add(-1_000_000 - chat, Round(1, numbers, 500, 0.0), parts_from=101)
    for user in range(players):
        hand = tuple(rng.randint(1, 13) for _ in range(4))
        hands.add_player(user + 1, Round(1, hand, 24, 0.0), kind="challenge")
    return hands


def baseline_module(revision: str) -> Any:
    """``bot/rules/spoilers.py`` as ``revision`` has it (it imports the standard library only)."""
    source = subprocess.run(
        ["git", "show", f"{revision}:bot/rules/spoilers.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType("baseline_spoilers")
    exec(compile(source, f"{revision}:bot/rules/spoilers.py", "exec"), module.__dict__)
    return module


def timed(check: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and 99th percentile of ``repeat`` calls, in microseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        check()
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times), statistics.quantiles(times, n=100)[98]


def report(name: str, hands: LiveHands, old: Any, numbers: Numbers, repeat: int) -> None:
    spoiled = timed(lambda: hands.spoiled(numbers, 1_000_000), repeat)
    before = timed(lambda: old.chats_spoiled(numbers, 1_000_000), repeat)
    found = len(hands.spoiled(numbers, 1_000_000))
    found_before = len(old.chats_spoiled(numbers, 1_000_000))
    print(
        f"{name:<36} now: median {spoiled[0]:7.1f} µs, p99 {spoiled[1]:7.1f} µs, "
        f"{found:>4} found | baseline: median {before[0]:7.1f} µs, p99 {before[1]:7.1f} µs, "
        f"{found_before:>4} found"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--baseline", default="main", help="git revision of the old rule")
    args = parser.parse_args()
    module = baseline_module(args.baseline)
    sets = {
        "handful of games": (8, 2, 2),
        "busy bot": (5_000, 500, 1_000),
    }
    for name, sizes in sets.items():
        now = live_games(random.Random(24), *sizes)
        old = live_games(random.Random(24), *sizes, module=module)
        report(f"{name}, 8 big numbers", now, old, WORST, args.repeat)
        report(f"{name}, 1 2 3 4 5 6 7 8", now, old, SMALL, args.repeat // 10)


if __name__ == "__main__":
    main()
