"""What keeping duels' hands from everyone costs everyone else: the share of strangers' /solve
requests deferred to the hand's end (not refused), and how long they wait.

A duel's hand is kept from everyone while it is live (docs/fair-play.md, *Hands only their
players see*): a request of someone outside the duel whose numbers share three of its cards
waits until the hand ends (:mod:`bot.rules.deferrals`), and is answered then; every other
game only its players see keeps its hand from its players alone, so it costs strangers
nothing.  This bench plays ``--seconds`` of time with ``--duels`` private duels dealing hand
after hand, and strangers asking ``--rate`` /solve requests a second, through the bot's own
``LiveHands`` and ``Deferrals``:

- a duel's hand is medium (level 3, as the bot deals them), filed under both players'
  private chats; it lasts until the first of its two players solves it, at most 60 s, then
  the next comes after the 3 s pause.  Each player's time is drawn from a log-normal law
  around the hand's median solve time on 4nums.com (``/work/shared/data``, if present;
  8.4 s, the medium hands' median there, if not), at least the 1.5 s floor.  ``--worst``
  lets every hand run out its 60 s instead;
- the requests are *random* (four cards from 1 to 13, as a deck deals them) or *realistic*
  (a solvable hand, the harder the likelier: weighed by its level, as people stuck on a hand
  ask);
- a deferred request is freed at the end of the last hand that holds it, and checked again
  then (another hand dealt meanwhile may hold it: it waits again, but not past
  :data:`~bot.rules.deferrals.WAIT_MOST`: then it is refused, *overdue*); past
  :data:`~bot.rules.deferrals.MOST` waiting, a request is refused (*full*).

It prints, per count of duels and sort of request: the share deferred, the wait of those
answered after waiting (median and 99th percentile, in simulated seconds), the most
waiting at once, the shares refused (full, overdue), and the event loop's cost of the check
(``LiveHands.spoiled`` and the filter) and of a release (``Deferrals.release``), in
microseconds.  Inline mode, which cannot wait, refuses the share deferred.  The last two
columns are the share of /solve refused (full or overdue) and, in the same run, the share
the rule before deferrals refused (every request holding three cards of a live duel's
hand: the baseline).

    python bench/private_spoiler_bench.py [--duels 1 10 100 1000] [--rate 20] [--seconds 600]
        [--worst] [--seed 24]
"""

from __future__ import annotations

import argparse
import csv
import heapq
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.rules.deferrals import MOST, WAIT_MOST, Deferral, Deferrals, overdue
from bot.rules.pace import FLOOR
from bot.rules.rated import LEVELS_4_24
from bot.rules.rounds import Round
from bot.rules.spoilers import Game, LiveHands
from solver.decks import hands

ALL = hands((1, 13), 4)
LEVELS = dict(zip(ALL, map(int, LEVELS_4_24), strict=True))
SOLVABLE = [hand for hand in ALL if LEVELS[hand]]
MEDIUM = [hand for hand in SOLVABLE if LEVELS[hand] == 3]
DUEL = "duel hand"
"""A duel's hand's kind, kept from everyone (as the duel feature names it)."""
HAND_SECONDS = 60.0
PAUSE = 3.0
SIGMA = 0.6
"""The spread of one player's solve times around the hand's median (log-normal)."""
MEDIANS_FILE = Path("/work/shared/data/4nums_difficulty.csv")
DEFAULT_MEDIAN = 8.4


def medians() -> dict[tuple[int, ...], float]:
    """Each hand's median solve time on 4nums.com, where the reference data is at hand."""
    if not MEDIANS_FILE.exists():
        return {}
    with MEDIANS_FILE.open() as rows:
        return {
            tuple(sorted(map(int, row["Puzzles"].split()))): float(row["AMT (s)"])
            for row in csv.DictReader(rows)
        }


@dataclass
class Run:
    """One simulation's counts."""

    asked: int = 0
    deferred: int = 0
    refused: int = 0
    """Refused with the list full."""
    overdue: int = 0
    """Refused when held again past :data:`~bot.rules.deferrals.WAIT_MOST`."""
    waits: list[float] = field(default_factory=list)
    most_waiting: int = 0
    checks: list[float] = field(default_factory=list)
    releases: list[float] = field(default_factory=list)
    hand_lengths: list[float] = field(default_factory=list)


def hand_length(rng: random.Random, hand: tuple[int, ...], known: dict, worst: bool) -> float:
    """How long a duel's hand lasts: its first solve by either player, 60 s at most."""
    if worst:
        return HAND_SECONDS
    median = known.get(hand, DEFAULT_MEDIAN)
    times = [max(FLOOR, rng.lognormvariate(math.log(median), SIGMA)) for _ in range(2)]
    return min(HAND_SECONDS, *times)


@dataclass(order=True)
class Event:
    """Something that happens at ``at``: a duel deals (``deal``), a hand ends (``end``), a
    stranger asks (``ask``)."""

    at: float
    order: int
    what: str = field(compare=False)
    duel: int = field(default=0, compare=False)
    hand: Round | None = field(default=None, compare=False)
    numbers: tuple[int, ...] = field(default=(), compare=False)


def simulate(
    duels: int, ask: Callable[[], tuple[int, ...]], args: argparse.Namespace, known: dict
) -> Run:
    """Play ``args.seconds`` of ``duels`` duels and strangers' requests (see the module)."""
    rng = random.Random(args.seed)
    live, waiting, run = LiveHands(), Deferrals[int](), Run()
    live.kept_from_everyone.add(DUEL)
    order = itertools.count()
    start = HAND_SECONDS + PAUSE  # the duels began at any moment before
    events = [Event(rng.uniform(0, start), next(order), "deal", duel) for duel in range(duels)]
    at = rng.expovariate(args.rate)
    while at < args.seconds:
        events.append(Event(at, next(order), "ask", numbers=ask()))
        at += rng.expovariate(args.rate)
    heapq.heapify(events)
    asked: dict[int, tuple[tuple[int, ...], float]] = {}
    """Each waiting request's numbers and when it was asked, by its asker."""

    def check(numbers: tuple[int, ...]) -> list[Game]:
        start = time.perf_counter()
        found = {id(s.game): s.game for s in live.spoiled(numbers, 24) if s.everyone}
        run.checks.append((time.perf_counter() - start) * 1e6)
        return list(found.values())

    def keep(user: int, games: list[Game], again: bool = False) -> None:
        if again and overdue(asked[user][1], event.at):
            run.overdue += 1
            del asked[user]
            return
        if waiting.defer(user, user, games) is Deferral.FULL:
            run.refused += 1
            del asked[user]
        run.most_waiting = max(run.most_waiting, len(waiting))

    while events:
        event = heapq.heappop(events)
        if event.at > args.seconds:
            break
        if event.what == "deal":
            hand = Round(1, rng.choice(MEDIUM), 24, event.at)
            for chat in (2 * event.duel + 1, 2 * event.duel + 2):  # both players' chats
                live.add(chat, hand, kind=DUEL)
            length = hand_length(rng, hand.hand, known, args.worst)
            run.hand_lengths.append(length)
            heapq.heappush(events, Event(event.at + length, next(order), "end", event.duel, hand))
        elif event.what == "end":
            assert event.hand is not None
            event.hand.reveal()
            start = time.perf_counter()
            freed = waiting.release(event.hand)
            run.releases.append((time.perf_counter() - start) * 1e6)
            for user in freed:  # its answer checks every rule again
                numbers, asked_at = asked[user]
                games = check(numbers)
                if games:
                    keep(user, games, again=True)
                else:
                    del asked[user]
                    run.waits.append(event.at - asked_at)
            heapq.heappush(events, Event(event.at + PAUSE, next(order), "deal", event.duel))
        else:
            run.asked += 1
            games = check(event.numbers)
            if games:
                run.deferred += 1
                user = next(order)
                asked[user] = (event.numbers, event.at)
                keep(user, games)
    return run


def release_cost(count: int = MOST) -> float:
    """Microseconds to free ``count`` requests waiting on one hand at once."""
    waiting, hand = Deferrals[int](), Round(1, MEDIUM[0], 24, 0.0)
    for user in range(count):
        waiting.defer(user, user, [hand])
    hand.reveal()
    start = time.perf_counter()
    waiting.release(hand)
    return (time.perf_counter() - start) * 1e6


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100)[round(share * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--duels", type=int, nargs="+", default=[1, 10, 100, 1000])
    parser.add_argument("--rate", type=float, default=20.0, help="strangers' /solve a second")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--worst", action="store_true", help="every hand runs out its 60 s")
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    known = medians()
    source = "4nums medians" if known else f"{DEFAULT_MEDIAN} s for every hand (no data)"
    print(
        f"hands: {'60 s each' if args.worst else source}; {args.rate:g} requests/s; "
        f"at most {MOST:,} waiting, {WAIT_MOST:g} s each"
    )
    weights = [LEVELS[hand] for hand in SOLVABLE]
    print(
        f"{'duels':>6} {'requests':<10} {'deferred':>8} {'wait p50':>9} {'p99':>6} "
        f"{'most waiting':>12} {'full':>6} {'overdue':>7} {'check p50/p99 µs':>17} "
        f"{'release p99 µs':>14}"
        f" {'hand mean':>9} {'/solve refused':>14} {'old rule':>8}"
    )
    for duels in args.duels:
        for sort in ("random", "realistic"):
            rng = random.Random(args.seed + 1)

            def ask(rng: random.Random = rng, sort: str = sort) -> tuple[int, ...]:
                if sort == "random":
                    return tuple(sorted(rng.randint(1, 13) for _ in range(4)))
                return rng.choices(SOLVABLE, weights=weights)[0]

            run = simulate(duels, ask, args, known)
            check = f"{statistics.median(run.checks):.1f} / {percentile(run.checks, 0.99):.1f}"
            print(
                f"{duels:>6} {sort:<10} {run.deferred / run.asked:8.1%} "
                f"{statistics.median(run.waits or [0.0]):8.1f}s "
                f"{percentile(run.waits, 0.99):5.1f}s {run.most_waiting:>12} "
                f"{run.refused / run.asked:6.1%} {run.overdue / run.asked:7.1%} {check:>17} "
                f"{percentile(run.releases, 0.99):14.1f} "
                f"{statistics.mean(run.hand_lengths):8.1f}s "
                f"{(run.refused + run.overdue) / run.asked:14.1%} {run.deferred / run.asked:8.1%}"
            )
    print(f"freeing {MOST:,} requests waiting on one hand: {release_cost():,.0f} µs")


if __name__ == "__main__":
    main()
