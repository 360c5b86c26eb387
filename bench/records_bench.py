"""Records: what saving and loading a chat's or a user's data costs the event loop, with
the bot's codec (``bot.records``, on cattrs) against another checkout's, paired in the same
run, and against msgspec.

A save writes the record of every chat and user that changed, four times a second, on the
event loop; a start reads them all.  The script builds a busy group (players with their
times and weekly points, a running round, a match, members, /solve pages) and a player of
a year of daily puzzles, then times, per call (median over rounds of many calls):

- ``save``: the data to its JSON text (what ``copy.deepcopy`` makes of it for PTB);
- ``load``: the JSON text back to the data.

With ``--against DIR`` (a checkout, e.g. ``git worktree add /tmp/exec 1d7ea72``: the codec
that wrote code per class with ``exec``), this checkout and DIR take turns, each in a
process of its own, ``--turns`` times, so that a noisy machine weighs on both alike; each
checkout's texts are checked to be the same.  msgspec is timed on this checkout's data as
a bound on what a faster encoder could give: it cannot write the same records (it writes
an infinite time as ``null``, cannot leave out a field of a dataclass, nor read
``int | Fraction``).

Usage: ``python bench/records_bench.py [--players 50] [--rounds 15] [--against DIR]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from checkout import bot_path_argument, use_checkout

use_checkout(bot_path_argument(sys.argv))

from bot import records  # noqa: E402
from bot.games.daily.parts import DAILY_RECORD  # noqa: E402
from bot.games.rounds.parts import GROUP_STATUS, GroupStatus  # noqa: E402
from bot.rules.chat_stats import PlayerStats  # noqa: E402
from bot.rules.daily.puzzle import DailyRecord, DailyResult  # noqa: E402
from bot.rules.requests import Rules  # noqa: E402
from bot.rules.rounds import MATCH, Match, Round  # noqa: E402
from bot.rules.table import Table  # noqa: E402
from bot.state import ChatData, SolvePages, UserData  # noqa: E402


def a_group(players: int) -> ChatData:
    """A busy group: every player with times and weekly points, a round and a match on."""
    rng = random.Random(players)
    table = Table(
        games={"round": Round(7, (3, 3, 8, 8), 24, 1.0e9, 60, 2, True, solutions=("8/(3-8/3)",))}
    )
    match = MATCH.put(table, Match(5, played=2))
    data = ChatData(table=table)
    GROUP_STATUS.put(data, GroupStatus(41, ["Bob: that makes 20"], 1.0e9))
    for user in range(players):
        stats = PlayerStats(f"Player {user}", wins=rng.randint(0, 50))
        stats.times = [rng.uniform(3, 60) for _ in range(20)]
        stats.best_time = min(stats.times)
        stats.weekly_points = {f"2026-W{w:02}": rng.randint(0, 99) for w in range(10)}
        table.stats.players[1000 + user] = stats
        match.points[1000 + user] = rng.randint(0, 30)
        match.names[1000 + user] = stats.name
        data.members[1000 + user] = stats.name
    data.solve = SolvePages(
        {50 + n: ((1, 2, Fraction(3, 4), 8), 24, Rules.EXACT) for n in range(5)}
    )
    return data


def a_player() -> UserData:
    """A player of a year of daily puzzles."""
    rng = random.Random(1)
    daily = DailyRecord()
    for n in range(365):
        day = (dt.date(2026, 1, 1) + dt.timedelta(days=n)).isoformat()
        daily.started[day] = 1.0e9 + n
        daily.results[day] = DailyResult(rng.uniform(10, 600), rng.randint(0, 2))
    user = UserData("en")
    DAILY_RECORD.put(user, daily)
    return user


def timed(calls: dict[str, Callable[[], object]], rounds: int, per_round: int) -> dict[str, float]:
    """Each call's median time in µs, the calls taking turns within each round."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            start = time.perf_counter()
            for _ in range(per_round):
                call()
            times[name].append((time.perf_counter() - start) / per_round * 1e6)
    return {name: statistics.median(values) for name, values in times.items()}


def measure(players: int, rounds: int, with_msgspec: bool) -> dict[str, dict[str, float]]:
    """This checkout's times (µs per call) by kind of data, and a digest of its texts."""
    results: dict[str, dict[str, float]] = {}
    for kind, data in (("chat", a_group(players)), ("user", a_player())):
        text = records.saved(kind, data).text
        assert records.load(kind, text) == data, kind
        calls: dict[str, Callable[[], object]] = {
            "save": lambda d=data, k=kind: records.saved(k, d),  # type: ignore[misc]
            "load": lambda t=text, k=kind: records.load(k, t),  # type: ignore[misc]
        }
        if with_msgspec:
            import msgspec

            encoder = msgspec.json.Encoder(enc_hook=str)
            calls["msgspec save"] = lambda d=data, e=encoder: e.encode(d)  # type: ignore[misc]
        results[kind] = timed(calls, rounds, 50)
        results[kind]["characters"] = len(text)
        results[kind]["digest"] = int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--against", help="another checkout, timed in turns with this one")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--bot-path", help="import the bot from this checkout")
    parser.add_argument("--json", action="store_true", help="print the times as JSON")
    args = parser.parse_args()
    if args.json or args.against is None:
        results = measure(args.players, args.rounds, with_msgspec=args.bot_path is None)
        if args.json:
            print(json.dumps(results))
            return
        runs = {"this": [results]}
    else:
        runs = {"this": [], "against": []}
        script = str(Path(__file__).resolve())
        sizes = ["--players", str(args.players), "--rounds", str(args.rounds), "--json"]
        for _ in range(args.turns):
            for name, extra in (("this", []), ("against", ["--bot-path", args.against])):
                done = subprocess.run(
                    [sys.executable, script, *sizes, *extra],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=Path(script).parent,
                )
                runs[name].append(json.loads(done.stdout))
    for kind in ("chat", "user"):
        first = runs["this"][0][kind]
        print(f"{kind} ({first['characters']:,.0f} characters of JSON): µs per call, median")
        for name, turns in runs.items():
            assert all(t[kind]["digest"] == first["digest"] for t in turns), "texts differ"
            for what in turns[0][kind]:
                if what not in ("characters", "digest"):
                    value = statistics.median(t[kind][what] for t in turns)
                    print(f"  {name:8} {what:13} {value:8.1f}")


if __name__ == "__main__":
    main()
