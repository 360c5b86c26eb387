"""Daily streaks: what working out a player's streak costs the event loop, for a player of
one to ten years.

Every daily result, ``/stats``, reminder, group ``/daily top`` and ``/daily week`` asks for
streaks, on the event loop; a group's ``/daily top`` asks it of every member.  The script
builds a player who solved nine days in ten (seeded), then times, per call:

- ``cold``: the first streak after a start (the record just read from the data file);
- ``warm``: the next one, the same day;
- ``new day``: a streak after one more day solved (what a daily result asks);
- ``stats``: ``/stats``'s numbers (``stats_of``);
- ``result``: what a daily result asks of the rules (the streak and the freezes used).

With ``--bot-path DIR`` the rules are imported from another checkout (see
``bench/checkout.py``), to compare two versions in the same session.

Usage: ``python bench/streak_bench.py [--years 1 3 10] [--bot-path DIR]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import time
from collections.abc import Callable

from checkout import bot_path_argument, use_checkout

use_checkout(bot_path_argument(sys.argv))

from bot.records import part_from_record, part_record  # noqa: E402
from bot.rules.daily.puzzle import DailyRecord, DailyResult, stats_of  # noqa: E402

FIRST = dt.date(2026, 1, 1)


def a_player(years: int) -> tuple[dict[str, object], dt.date]:
    """The saved record of a player who solved nine days in ten for ``years``, and the day
    after their last (today, still open)."""
    rng = random.Random(years)
    record = DailyRecord()
    days = 365 * years
    for n in range(days):
        key = (FIRST + dt.timedelta(days=n)).isoformat()
        record.started[key] = 0.0
        if rng.random() < 0.9:
            record.results[key] = DailyResult(rng.uniform(10, 600), rng.randint(0, 2))
    return part_record(record), FIRST + dt.timedelta(days=days)


def per_call(
    make: Callable[[], DailyRecord], call: Callable[[DailyRecord], object], runs: int
) -> float:
    """The median time of ``call`` on a record ``make`` gives (made outside the timing)."""
    times = []
    for _ in range(runs):
        record = make()
        started = time.perf_counter()
        call(record)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--years", type=int, nargs="+", default=[1, 3, 10])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--bot-path", help="checkout to import bot from")
    args = parser.parse_args()
    print(
        f"{'years':>5} {'days':>5}  {'cold':>9} {'warm':>9} {'new day':>9} {'stats':>9} "
        f"{'result':>9}   (ms per call, median of {args.runs})"
    )
    for years in args.years:
        saved, today = a_player(years)

        def loaded(saved: dict[str, object] = saved) -> DailyRecord:
            return part_from_record(saved, DailyRecord)

        def asked_once(saved: dict[str, object] = saved, today: dt.date = today) -> DailyRecord:
            record = part_from_record(saved, DailyRecord)
            record.streak_on(today)
            return record

        def solve_today(record: DailyRecord, today: dt.date = today) -> None:
            record.start(today, 0.0)
            record.solve(today, 30.0)
            record.streak_on(today)

        def result(record: DailyRecord, today: dt.date = today) -> None:
            record.start(today, 0.0)
            record.solve(today, 30.0)
            record.streak_on(today)
            record.frozen_before(today)

        def streak(record: DailyRecord, today: dt.date = today) -> None:
            record.streak_on(today)

        def stats_today(record: DailyRecord, today: dt.date = today) -> None:
            stats_of(record, today)

        cold = per_call(loaded, streak, args.runs)
        warm = per_call(asked_once, streak, args.runs)
        new_day = per_call(asked_once, solve_today, args.runs)
        stats = per_call(asked_once, stats_today, args.runs)
        answer = per_call(asked_once, result, args.runs)
        print(
            f"{years:>5} {365 * years:>5}  "
            + " ".join(f"{1000 * t:>9.3f}" for t in (cold, warm, new_day, stats, answer))
        )


if __name__ == "__main__":
    main()
