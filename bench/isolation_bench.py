"""Isolation: can one hostile user slow the bot down for everybody else?

The real bot runs in this process against the local Bot API (``bot.local_api``), through PTB's
own HTTP stack, with its data in a temporary directory and Telegram's outgoing limits on, as
in production.  For ``--seconds`` (30 by default) these happen at the same time:

* **the probe**: ``/start`` in private every 250 ms, from four users in turn (each user
  once a second: the bot answers a private chat at most five times in two seconds, as
  Telegram asks for about one message a second per chat, so one user sending four a
  second would measure that limit rather than the attack's effect).  Each probe's
  latency runs from the moment it was due (its place in the schedule) to the bot's reply in
  that chat, seen by a listener on every message the bot sends.  Everything here shares one
  event loop, so while the bot holds the loop the probes cannot even be sent: they go out
  late, all at once, and their latency still counts from when they were due, as a real
  user's message would have waited at Telegram.  Reported: p50, p99 and max (targets:
  p99 <= 100 ms, max <= 500 ms) and how many probes got no reply within 10 s; also how late
  the sender itself ran (the longest stall of the event loop it saw).
* **the attacker**, one user, in private: ``/settings cards 6``, ``/settings difficulty
  easy``, ``/play``, then ``/settings cards 4``, ``/settings target 100``, ``/settings
  difficulty easy`` and ``/skip`` three times, each sent once the one before was answered.
  Every reply is recorded (a version may refuse some settings), and each deal's time from
  the command to its picture (or to its reply when no picture comes).
* the attacker floods a group (privacy mode on: commands are seen) with 300 ``/help`` as
  fast as possible; right after, **another member sends /play there**: the time until the
  deal's picture arrives in that group (target <= 5 s; the wait stops at 120 s).
* the attacker sends 30 ``/solve`` of eight numbers (all different, so that no cache answers
  them), in a group of their own so that these replies cannot be mistaken for those of the
  private chat, and 30 inline queries of eight numbers.

The floods go out the moment the attacker's first deal (six cards) is sent, so that they meet
it in the bot (at the latest 2 s into the run), and are timed from that moment.

Then the script waits a bounded time for late replies (10 s after the last probe; the
group's deal up to its 120 s) and stops the bot, timing the stop; past 30 s it stops
waiting, prints the figures and leaves with ``os._exit``.  A watchdog thread does the same
if the bot holds the event loop so long that no timeout here can fire.

After it, **the bulk-notice attack** (``bench/bulk_attack.py``; ``--no-bulk`` skips it): the
probe and a group's win beside 1,500 reminders and 300 daily posts due at once, and the same
without them (the quiet run).

Before that, **the SIGTERM test**: the real ``python -m bot`` process, polling the local Bot
API served over HTTP on 127.0.0.1, gets 500 ``/help`` from five users in one group (with
Telegram's 20 messages a minute per group, most replies must wait), and once it has started
answering, SIGTERM: the time until the process exits (target <= 5 s; killed after 60 s) and
its exit status (0 expected).

The local Bot API enforces Telegram's flood limits (20 messages a minute per group, 30 a
second overall, 429 with ``retry_after``) when its ``LocalBotApi`` takes ``flood_limits``;
older versions do not have them, and the report says which it was.  All traffic stays on
127.0.0.1.

Then **the slow-connection attack** (``bench/slow_connections.py``): the real ``python -m
bot`` process, serving the Mini App with its file limit lowered to 1,024, gets 1,100
connections to its web port that each send half a request line; the probe's latency is
reported for ``--slow-seconds`` (10) with the port quiet, then as long under the attack,
beside the page's own answers and the lines the bot logged meanwhile.

Usage::

    python bench/isolation_bench.py [--seconds 30] [--warmup 3] [--json]
                                    [--bot-path DIR] [--no-sigterm] [--no-bulk] [--log FILE]
                                    [--no-slow] [--slow-seconds 10]

Its parts: ``isolation_bench_bot.py`` (the bot, its limits, what it sends),
``isolation_bench_attacks.py`` (the attacks and the prober), ``isolation_bench_report.py``
(the results and their table).

In the JSON, ``null`` marks a figure not reached: a probe rank with no reply, a deal after
more than 120 s, a stop after more than 30 s, a SIGTERM exit after more than 60 s.

``--bot-path DIR`` imports ``bot`` (its ``local_api`` included) and ``solver`` from another
checkout, e.g. an older commit extracted with ``git worktree add /tmp/prev <commit>``, so
that two versions are measured by the same script; the SIGTERM test runs that checkout's
``python -m bot`` (``PYTHONPATH=DIR``).  ``--json`` prints the figures as JSON on standard
output (the table then goes to standard error).  ``--log FILE`` keeps the in-process bot's
log; otherwise only its warnings and errors are counted.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any, NoReturn

from bulk_attack import bulk_notices
from checkout import strays
from isolation_bench_attacks import Go, Prober, attack_private, floods
from isolation_bench_bot import (
    ATTACK_GROUP,
    ATTACK_SEQUENCE,
    ATTACKER,
    FIRST_REPLY_LIMIT,
    GROUP,
    GROUP_DEAL_LIMIT,
    MEMBER,
    PROBE,
    PROBES,
    SIGTERM_GROUP,
    SIGTERM_LIMIT,
    SIGTERM_PINGER,
    SIGTERM_REPLIES,
    SIGTERM_USERS,
    STARTUP_LIMIT,
    STOP_LIMIT,
    BotCode,
    Watch,
    load_bot,
    say,
)
from isolation_bench_report import Results, Step, machine_info, report
from slow_connections import slow_connection_attack


def arm_watchdog(seconds: float, results: Results, args: argparse.Namespace) -> threading.Timer:
    """Print what was measured and leave, should the bot hold the event loop too long."""

    def fire() -> None:
        results.notes.append(
            f"cut by the watchdog {seconds:.0f} s into the in-process run: "
            "the bot held the event loop, so no timeout could fire"
        )
        leave(results, args)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    return timer


async def in_process(code: BotCode, results: Results, args: argparse.Namespace) -> None:
    """The isolation run.  Should the bot not stop in time, the figures are printed and the
    process leaves at once (the bot's tasks could hold up the event loop's shutdown too)."""
    api = code.new_api()
    for user, name in ((ATTACKER, "Mallory"), (MEMBER, "Member")):
        api.add_user(user, name)
    for number, user in enumerate(PROBES, start=1):
        api.add_user(user, f"Probe {number}")
    api.add_group(GROUP, "Flooded", admins={MEMBER})
    api.add_group(ATTACK_GROUP, "Mallory's own", admins={ATTACKER})
    data = Path(tempfile.mkdtemp(prefix="twentyfour-isolation-"))
    watch = Watch(api)
    application = code.build(data, api)
    stop = asyncio.Event()
    runner = asyncio.create_task(code.run_polling(application, stop, timeout=1))

    say("in-process: starting the bot")
    started = time.perf_counter()
    warm = watch.log[PROBE]
    api.send(PROBE, PROBE, "/start")

    def greeted() -> bool:
        return bool(warm) or runner.done()

    if not await watch.until(greeted, started + STARTUP_LIMIT) or not warm:
        results.notes.append("in-process: the bot never answered /start; no run")
        stop.set()
        await asyncio.wait({runner}, timeout=STOP_LIMIT)
        if not runner.done():
            leave(results, args)
        return
    warm.clear()
    await asyncio.sleep(args.warmup)  # the bot rates its hands at start-up, as after a restart

    say(f"in-process: {args.seconds:.0f} s of probing under attack")
    start = results.run_start = time.perf_counter()
    end = start + args.seconds
    results.attack = [Step(command, deal) for command, deal in ATTACK_SEQUENCE]
    prober = Prober(api, watch, results.probes)
    go = Go()
    tasks = [
        asyncio.create_task(prober.run(start, end)),
        asyncio.create_task(attack_private(api, watch, results, end, go)),
        asyncio.create_task(floods(api, watch, results, go, end)),
    ]
    await asyncio.gather(*tasks)
    results.help_replies = sum(not seen.photo for seen in watch.log[GROUP])

    say("in-process: stopping the bot")
    results.stop_tried = True
    stop.set()
    stopping = time.perf_counter()
    done, _ = await asyncio.wait({runner}, timeout=STOP_LIMIT)
    if not done:
        shutil.rmtree(data, ignore_errors=True)
        leave(results, args)
    results.stop_seconds = time.perf_counter() - stopping
    if runner.exception() is not None:
        results.notes.append(f"in-process: the bot's run ended with {runner.exception()!r}")
    shutil.rmtree(data, ignore_errors=True)


_REPORTING = threading.Lock()
"""Held by whoever prints the figures (the watchdog's thread or the main one): once only."""


def leave(results: Results, args: argparse.Namespace, status: int = 0) -> NoReturn:
    """Print the figures and end the process now, whatever the bot is still doing."""
    _REPORTING.acquire()
    report(results, args)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


# --- the SIGTERM test -----------------------------------------------------------------------


async def sigterm_test(code: BotCode, results: Results) -> None:
    """``python -m bot`` with 500 replies queued: SIGTERM, and the time until it exits."""
    api = code.new_api()
    api.add_user(SIGTERM_PINGER, "Pinger")
    for user in SIGTERM_USERS:
        api.add_user(user, f"U{user}")
    api.add_group(SIGTERM_GROUP, "Busy")
    watch = Watch(api)
    server, port = await code.serve(api, "127.0.0.1", 0)
    home = Path(tempfile.mkdtemp(prefix="twentyfour-sigterm-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TWENTYFOUR_"))}
    env.update(
        TELEGRAM_BOT_TOKEN="42:BENCH",
        TELEGRAM_API_URL=f"http://127.0.0.1:{port}",
        TWENTYFOUR_DATA_DIR=str(home / "data"),
        PYTHONPATH=str(code.root),
    )
    figures: dict[str, Any] = {"replies_queued": SIGTERM_REPLIES}
    results.sigterm = figures
    say("SIGTERM test: starting python -m bot")
    with open(home / "bot.log", "wb") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=home, env=env, stdout=output, stderr=output
        )
    exited = asyncio.create_task(process.wait())
    exited.add_done_callback(lambda _: watch.pulse())
    try:
        started = time.perf_counter()
        pinged = watch.log[SIGTERM_PINGER]
        api.send(SIGTERM_PINGER, SIGTERM_PINGER, "/start")

        def up() -> bool:
            return bool(pinged) or exited.done()

        await watch.until(up, started + STARTUP_LIMIT)
        if not pinged:
            figures["failed"] = "the bot did not answer /start" + (
                f" (it exited with {process.returncode})" if exited.done() else ""
            )
            tail = (home / "bot.log").read_text(errors="replace").splitlines()[-15:]
            say("SIGTERM test: the bot did not start; its last lines:\n" + "\n".join(tail))
            return
        figures["startup_seconds"] = round(time.perf_counter() - started, 3)
        queued = time.perf_counter()
        for index in range(SIGTERM_REPLIES):
            api.send(SIGTERM_USERS[index % len(SIGTERM_USERS)], SIGTERM_GROUP, "/help")
        answers = watch.log[SIGTERM_GROUP]

        def answering() -> bool:
            return bool(answers) or exited.done()

        if not await watch.until(answering, queued + FIRST_REPLY_LIMIT) or not answers:
            results.notes.append(
                f"SIGTERM test: no reply in the group within {FIRST_REPLY_LIMIT:.0f} s"
            )
        figures["replies_before_sigterm"] = len(answers)
        process.send_signal(signal.SIGTERM)
        signalled = time.perf_counter()
        done, _ = await asyncio.wait({exited}, timeout=SIGTERM_LIMIT)
        if done:
            figures["exit_seconds"] = round(time.perf_counter() - signalled, 3)
        else:
            figures["exit_seconds"] = None
            process.kill()
            await asyncio.wait({exited}, timeout=10)
        figures["killed"] = not done
        figures["exit_status"] = process.returncode
        figures["replies_total"] = len(answers)
    finally:
        if not exited.done():
            process.kill()
            await asyncio.wait({exited}, timeout=10)
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


class Counting(logging.Handler):
    """Counts the bot's warnings and errors."""

    def __init__(self, counts: dict[str, int]) -> None:
        super().__init__(logging.WARNING)
        self.counts = counts

    def emit(self, record: logging.LogRecord) -> None:
        key = "ERROR" if record.levelno >= logging.ERROR else "WARNING"
        self.counts[key] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="seconds of probing")
    parser.add_argument(
        "--warmup", type=float, default=3, help="seconds between the bot's start and the run"
    )
    parser.add_argument("--bot-path", help="checkout to import bot and solver from")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-sigterm", action="store_true", help="skip the SIGTERM test")
    parser.add_argument("--no-bulk", action="store_true", help="skip the bulk-notice attack")
    parser.add_argument("--log", help="file for the in-process bot's log")
    parser.add_argument("--no-slow", action="store_true", help="skip the slow-connection attack")
    parser.add_argument(
        "--slow-seconds", type=float, default=10, help="seconds of each slow-connection phase"
    )
    args = parser.parse_args()

    code = load_bot(args.bot_path)
    results = Results(machine_info(), str(code.root), code.flood_limits, args.seconds)
    say(f"bot from {code.root}; flood limits {'on' if code.flood_limits else 'off'}")
    root = logging.getLogger()
    root.setLevel(logging.INFO if args.log else logging.WARNING)
    root.addHandler(Counting(results.log_counts))
    if args.log:
        root.addHandler(logging.FileHandler(args.log))
    logging.getLogger("httpx").setLevel(logging.WARNING)

    if not args.no_sigterm:
        try:
            asyncio.run(sigterm_test(code, results))
        except Exception as error:  # report it, and measure the rest all the same
            traceback.print_exc()
            results.notes.append(f"SIGTERM test failed: {error!r}")
    if not args.no_slow:
        say("slow connections: starting python -m bot with 1,024 files")
        try:
            results.slow = asyncio.run(
                slow_connection_attack(code.root, code.new_api, code.serve, args.slow_seconds)
            )
        except Exception as error:
            traceback.print_exc()
            results.notes.append(f"slow-connection attack failed: {error!r}")
    limit = STARTUP_LIMIT + args.warmup + args.seconds + GROUP_DEAL_LIMIT + STOP_LIMIT + 30
    watchdog = arm_watchdog(limit, results, args)
    try:
        asyncio.run(in_process(code, results, args))
    except BaseException as error:  # the bot may still be running: leave at once
        traceback.print_exc()
        results.notes.append(f"in-process run failed: {error!r}")
        leave(results, args, status=1)
    watchdog.cancel()
    if not args.no_bulk:
        watchdog = arm_watchdog(2 * (STARTUP_LIMIT + args.seconds + 300), results, args)
        try:
            results.bulk = asyncio.run(bulk_notices(code, args.seconds, Watch, Prober, PROBES))
        except Exception as error:  # report it, with the figures of the rest
            traceback.print_exc()
            results.notes.append(f"bulk-notice run failed: {error!r}")
        watchdog.cancel()
    if strays(code.root):
        results.notes.append(f"modules not from {code.root}: {', '.join(strays(code.root))}")
    with _REPORTING:
        report(results, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
