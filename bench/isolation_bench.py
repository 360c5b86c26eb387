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
import contextlib
import html
import importlib
import inspect
import json
import logging
import math
import os
import platform
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from bulk_attack import bulk_notices
from bulk_attack import table_lines as bulk_lines
from checkout import strays, use_checkout
from slow_connections import slow_connection_attack, table_lines

PROBE, ATTACKER, MEMBER = 101, 666, 102
PROBES = (PROBE, 103, 104, 105)
"""The probe users, who take turns."""
GROUP = -1_000_100
"""The group the attacker floods, where the member then deals."""
ATTACK_GROUP = -1_000_666
"""The attacker's own group, where the /solve commands go."""
SIGTERM_USERS = [201, 202, 203, 204, 205]
SIGTERM_PINGER = 200
SIGTERM_GROUP = -1_000_200

PROBE_EVERY = 0.25
PROBE_WINDOW = 10.0
"""A probe with no reply this long after it was due counts as unanswered."""
FLOOD = 300
SOLVES = 30
INLINE = 30
SIGTERM_REPLIES = 500
STARTUP_LIMIT = 60.0
"""Seconds the bot has to answer its first /start (in-process and as a process)."""
ATTACK_REPLY_LIMIT = 30.0
"""Seconds the attacker waits for each reply before giving up on the rest."""
DEAL_GRACE = 2.0
"""After a text reply to a deal command, seconds to wait for a picture all the same."""
GROUP_DEAL_LIMIT = 120.0
STOP_LIMIT = 30.0
SIGTERM_LIMIT = 60.0
FIRST_REPLY_LIMIT = 30.0

P99_TARGET_MS = 100.0
MAX_TARGET_MS = 500.0
GROUP_DEAL_TARGET = 5.0
SIGTERM_TARGET = 5.0

ATTACK_SEQUENCE: list[tuple[str, bool]] = [
    ("/settings cards 6", False),
    ("/settings difficulty easy", False),
    ("/play", True),
    ("/settings cards 4", False),
    ("/settings target 100", False),
    ("/settings difficulty easy", False),
    ("/skip", True),
    ("/skip", True),
    ("/skip", True),
]
"""The attacker's private chat: (command, whether it deals)."""


def say(text: str) -> None:
    """Progress, on standard error."""
    print(text, file=sys.stderr, flush=True)


# --- the bot under test -------------------------------------------------------------------


@dataclass
class BotCode:
    """The bot's public interface, imported from one checkout."""

    root: Path
    build_application: Callable[..., Any]
    run_polling: Callable[..., Any]
    settings_class: Any
    api_class: Any
    transport_class: Any
    serve: Callable[..., Any]
    flood_limits: bool

    def new_api(self) -> Any:
        """A local Bot API, with Telegram's flood limits where this version has them."""
        return self.api_class(flood_limits=True) if self.flood_limits else self.api_class()

    def build(self, data: Path, api: Any) -> Any:
        """The real application, talking to ``api`` in-process, with outgoing limits on."""
        settings = self.settings_class.from_env({"TWENTYFOUR_DATA_DIR": str(data)})
        kwargs: dict[str, Any] = {"token": "42:BENCH", "transport": self.transport_class(api)}
        if "rate_limited" in inspect.signature(self.build_application).parameters:
            kwargs["rate_limited"] = True
        return self.build_application(settings, **kwargs)


def load_bot(path: str | None) -> BotCode:
    """Import the bot, its local Bot API and the solver, from ``path`` when given."""
    use_checkout(path)
    modules = {
        name: importlib.import_module(name)
        for name in ("bot.app", "bot.local_api", "bot.settings", "solver")
    }
    app, local_api = modules["bot.app"], modules["bot.local_api"]
    if app.__file__ is None:
        raise SystemExit(f"bot.app has no file: {app}")
    found = Path(app.__file__).resolve().parent.parent
    if strays(found):
        raise SystemExit(f"modules not from {found}: {', '.join(strays(found))}")
    return BotCode(
        root=found,
        build_application=app.build_application,
        run_polling=app.run_polling,
        settings_class=modules["bot.settings"].Settings,
        api_class=local_api.LocalBotApi,
        transport_class=local_api.LocalTransport,
        serve=local_api.serve,
        flood_limits="flood_limits" in inspect.signature(local_api.LocalBotApi).parameters,
    )


# --- watching what the bot sends ------------------------------------------------------------


@dataclass
class Seen:
    """A message the bot sent, and when (``time.perf_counter()``)."""

    at: float
    message: dict[str, Any]

    @property
    def photo(self) -> bool:
        return "photo" in self.message

    def text(self) -> str:
        """What a client shows: tags dropped, entities decoded."""
        raw = self.message.get("text") or self.message.get("caption") or ""
        return html.unescape(re.sub(r"<[^<>]*>", "", raw))

    def line(self, about: str = "") -> str:
        """One line of the message for the report: the first line mentioning ``about``
        (case-insensitive), else the first; a picture is marked as such."""
        lines = [line.strip() for line in self.text().splitlines() if line.strip()] or [""]
        chosen = next((x for x in lines if about and about.lower() in x.lower()), lines[0])
        chosen = chosen if len(chosen) <= 70 else chosen[:69] + "…"
        return f"[picture] {chosen}" if self.photo else chosen


class Watch:
    """Every message the bot sends, by chat, through ``api.on_sent``; waits are event-driven."""

    def __init__(self, api: Any) -> None:
        self.log: dict[int, list[Seen]] = defaultdict(list)
        self.edits = 0
        self.hooks: dict[int, Callable[[Seen], None]] = {}
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._changed = asyncio.Event()
        api.on_sent(self._sent)

    def _sent(self, message: dict[str, Any]) -> None:
        at = time.perf_counter()
        if message.get("edited"):
            self.edits += 1
            return
        seen = Seen(at, message)
        chat = message["chat"]["id"]
        self.log[chat].append(seen)
        hook = self.hooks.get(chat)
        if hook is not None:
            hook(seen)
        if threading.get_ident() == self._thread:
            self.pulse()
        else:
            self._loop.call_soon_threadsafe(self.pulse)

    def pulse(self) -> None:
        """Wake everyone waiting in :meth:`until`."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def until(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Wait until ``condition()`` holds (checked at each message) or ``deadline``."""
        while True:
            changed = self._changed
            if condition():
                return True
            left = deadline - time.perf_counter()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), left)


def first_photo(log: list[Seen], start: int) -> Seen | None:
    return next((seen for seen in log[start:] if seen.photo), None)


# --- results --------------------------------------------------------------------------------


@dataclass
class Probe:
    due: float
    """When it should have been sent, by the schedule."""
    sent: float
    message_id: int
    chat: int = 0
    replied: float | None = None


@dataclass
class Step:
    """One command of the attacker's private chat."""

    command: str
    deal: bool
    sent_after: float | None = None
    """Seconds from the start of the run."""
    seconds: float | None = None
    """Until the picture (deals) or the reply."""
    reply: str = "not sent"
    reply_text: str = ""


@dataclass
class Results:
    """Everything measured; ``None`` where a figure was not reached."""

    machine: dict[str, Any]
    bot_path: str
    flood_limits: bool
    seconds: float
    probes: list[Probe] = field(default_factory=list)
    run_start: float = 0.0
    attack: list[Step] = field(default_factory=list)
    help_replies: int | None = None
    group_deal: float | None = None
    group_deal_tried: bool = False
    solve_times: list[float] = field(default_factory=list)
    inline_times: list[float | None] = field(default_factory=list)
    stop_seconds: float | None = None
    stop_tried: bool = False
    sigterm: dict[str, Any] | None = None
    slow: dict[str, Any] | None = None
    """The slow-connection attack's figures (``bench/slow_connections.py``)."""
    log_counts: dict[str, int] = field(default_factory=lambda: {"WARNING": 0, "ERROR": 0})
    notes: list[str] = field(default_factory=list)
    bulk: dict[str, Any] | None = None

    def probe_figures(self) -> dict[str, Any]:
        """Latencies from each probe's due time; a probe with no reply counts as infinite."""
        late = [
            (p.replied - p.due) * 1000 if p.replied is not None else math.inf for p in self.probes
        ]
        ordered = sorted(late)

        def rank(share: float) -> float | None:
            if not ordered:
                return None
            value = ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]
            return None if math.isinf(value) else round(value, 1)

        lags = [(p.sent - p.due) * 1000 for p in self.probes]
        return {
            "sent": len(self.probes),
            "answered": sum(p.replied is not None for p in self.probes),
            "no_reply_within_10s": sum(x > PROBE_WINDOW * 1000 for x in late),
            "p50_ms": rank(0.5),
            "p99_ms": rank(0.99),
            "max_ms": rank(1.0),
            "sender_late_max_ms": round(max(lags), 1) if lags else None,
        }

    def figures(self) -> dict[str, Any]:
        inline = [t for t in self.inline_times if t is not None]
        return {
            "machine": self.machine,
            "bot_path": self.bot_path,
            "flood_limits": self.flood_limits,
            "seconds": self.seconds,
            "probe": self.probe_figures(),
            "attacker_private": [asdict(step) for step in self.attack],
            "group": {
                "help_sent": FLOOD,
                "help_replies": self.help_replies,
                "deal_seconds": _round(self.group_deal),
                "deal_limit_seconds": GROUP_DEAL_LIMIT,
            },
            "solve": {
                "sent": SOLVES,
                "answered": len(self.solve_times),
                "last_seconds": _round(max(self.solve_times, default=None)),
            },
            "inline": {
                "sent": INLINE,
                "answered": len(inline),
                "max_seconds": _round(max(inline, default=None)),
            },
            "stop_seconds": _round(self.stop_seconds),
            "stop_limit_seconds": STOP_LIMIT,
            "sigterm": self.sigterm,
            "slow_connections": self.slow,
            "bot_log": self.log_counts,
            "notes": self.notes,
            "bulk_notices": self.bulk,
        }


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def machine_info() -> dict[str, Any]:
    try:
        nproc = len(os.sched_getaffinity(0))
    except AttributeError:
        nproc = os.cpu_count() or 0
    return {
        "nproc": nproc,
        "cpus": os.cpu_count(),
        "arch": platform.machine(),
        "python": platform.python_version(),
        "system": platform.system(),
    }


# --- the in-process run ---------------------------------------------------------------------


class Prober:
    """/start in the probe's private chat on a fixed schedule; replies matched as they come."""

    def __init__(self, api: Any, watch: Watch, probes: list[Probe]) -> None:
        self.api = api
        self.watch = watch
        self.probes = probes
        for user in PROBES:
            watch.hooks[user] = self._reply

    def _reply(self, seen: Seen) -> None:
        quoted = (seen.message.get("reply_to_message") or {}).get("message_id")
        chat = seen.message["chat"]["id"]
        waiting = [p for p in self.probes if p.replied is None and p.chat == chat]
        match = next((p for p in waiting if p.message_id == quoted), None)
        if match is None and waiting:
            match = waiting[0]  # replies do not quote in private: the oldest one waiting
        if match is not None:
            match.replied = seen.at

    def all_answered(self) -> bool:
        return all(p.replied is not None for p in self.probes)

    async def run(self, start: float, end: float) -> None:
        index = 0
        while (due := start + index * PROBE_EVERY) < end:
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            user = PROBES[index % len(PROBES)]
            message = self.api.send(user, user, "/start")
            self.probes.append(Probe(due, time.perf_counter(), message["message_id"], user))
            index += 1
        last = self.probes[-1].due if self.probes else end
        await self.watch.until(self.all_answered, last + PROBE_WINDOW)


class Go:
    """The moment the attacker's first deal command is sent: the floods start then."""

    def __init__(self) -> None:
        self.due: float | None = None
        self._event = asyncio.Event()

    def fire(self) -> None:
        if self.due is None:
            self.due = time.perf_counter()
            self._event.set()

    async def wait(self, limit: float) -> float:
        """When the floods are due: at the first deal, or ``limit`` seconds from now."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), limit)
        self.fire()
        assert self.due is not None
        return self.due


async def attack_private(api: Any, watch: Watch, results: Results, end: float, go: Go) -> None:
    """The attacker's settings and deals, each command once the one before was answered."""
    try:
        await _attack_private(api, watch, results, end, go)
    finally:
        go.fire()


async def _attack_private(api: Any, watch: Watch, results: Results, end: float, go: Go) -> None:
    log = watch.log[ATTACKER]
    unsent = ""
    for step in results.attack:
        if not unsent and time.perf_counter() >= end:
            unsent = "not sent: the run was over"
        if unsent:
            step.reply = unsent
            continue
        before = len(log)
        sent = time.perf_counter()
        api.send(ATTACKER, ATTACKER, step.command)
        step.sent_after = round(sent - results.run_start, 3)
        if step.deal:
            go.fire()

        def answered(before: int = before) -> bool:
            return len(log) > before

        if not await watch.until(answered, sent + ATTACK_REPLY_LIMIT):
            step.reply = f"no reply within {ATTACK_REPLY_LIMIT:.0f} s"
            # A late reply would be taken for the next command's: stop here.
            unsent = "not sent: no reply to the command before"
            continue
        first = log[before]
        if step.deal and not first.photo:

            def pictured(before: int = before) -> bool:
                return first_photo(log, before) is not None

            await watch.until(pictured, first.at + DEAL_GRACE)
        photo = first_photo(log, before) if step.deal else None
        answer = photo or first
        step.seconds = round(answer.at - sent, 3)
        about = step.command.split()[1] if step.command.startswith("/settings") else ""
        step.reply = answer.line(about)
        if photo is not None and photo is not first:
            step.reply += f" (after: {first.line()})"
        step.reply_text = answer.text()


async def floods(api: Any, watch: Watch, results: Results, go: Go, end: float) -> None:
    """The group flood and the member's deal, the /solve and the inline queries: all at the
    attacker's first deal (so that they meet it in the bot), timed from that moment even if
    the bot's hold on the event loop made this script send them late."""
    due = await go.wait(limit=2.0)
    # Should the bot have held the loop past the run's end, they still get their 10 s.
    deadline = max(end, time.perf_counter()) + PROBE_WINDOW
    await asyncio.gather(
        flood_group(api, watch, results, due),
        solve_burst(api, watch, results, due, deadline),
        inline_burst(api, results, due, deadline),
    )


async def flood_group(api: Any, watch: Watch, results: Results, due: float) -> None:
    """300 /help in the group, then another member's /play: seconds until its picture."""
    for _ in range(FLOOD):
        api.send(ATTACKER, GROUP, "/help")
    log = watch.log[GROUP]
    before = len(log)
    api.send(MEMBER, GROUP, "/play")
    results.group_deal_tried = True

    def dealt() -> bool:
        return first_photo(log, before) is not None

    if await watch.until(dealt, due + GROUP_DEAL_LIMIT):
        photo = first_photo(log, before)
        assert photo is not None
        results.group_deal = photo.at - due


def eight_numbers(count: int, seed: int) -> list[str]:
    """``count`` different hands of eight numbers from 1 to 13, as /solve's arguments."""
    rng = random.Random(seed)
    hands: set[tuple[int, ...]] = set()
    while len(hands) < count:
        hands.add(tuple(sorted(rng.randint(1, 13) for _ in range(8))))
    ordered = sorted(hands)
    rng.shuffle(ordered)
    return [" ".join(map(str, hand)) for hand in ordered]


async def solve_burst(
    api: Any, watch: Watch, results: Results, sent: float, deadline: float
) -> None:
    """30 /solve of eight numbers at once, in the attacker's group."""
    numbers = eight_numbers(SOLVES + INLINE, seed=24)[:SOLVES]
    for hand in numbers:
        api.send(ATTACKER, ATTACK_GROUP, f"/solve {hand}")
    log = watch.log[ATTACK_GROUP]

    def all_answered() -> bool:
        return len(log) >= SOLVES

    await watch.until(all_answered, deadline)
    results.solve_times = [seen.at - sent for seen in log[:SOLVES] if seen.at <= deadline]


async def inline_burst(api: Any, results: Results, sent: float, deadline: float) -> None:
    """30 inline queries of eight numbers at once."""
    queries = eight_numbers(SOLVES + INLINE, seed=24)[SOLVES:]
    ids = [api.inline_query(ATTACKER, query) for query in queries]
    if not hasattr(api, "wait_for_inline_answer"):
        results.notes.append("this local API cannot wait for inline answers: counted at the end")
        results.inline_times = [None] * len(ids)
        return

    async def answer(query_id: str) -> float | None:
        try:
            await api.wait_for_inline_answer(query_id, timeout=deadline - time.perf_counter())
        except TimeoutError:
            return None
        return time.perf_counter() - sent

    results.inline_times = list(await asyncio.gather(*(answer(i) for i in ids)))


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


# --- the report -----------------------------------------------------------------------------


def _ms(value: float | None, unanswered: str = "no reply") -> str:
    if value is None:
        return unanswered
    return f"{value:.1f} ms" if value < 1000 else f"{value / 1000:.1f} s"


def _verdict(ok: bool | None) -> str:
    return "" if ok is None else ("met" if ok else "MISSED")


def table(results: Results) -> str:
    f = results.figures()
    m, p = f["machine"], f["probe"]
    rows: list[tuple[str, str, str, bool | None]] = []
    if p["sent"]:
        rows += [
            ("probe /start latency, p50", _ms(p["p50_ms"]), "", None),
            (
                "probe /start latency, p99",
                _ms(p["p99_ms"]),
                f"<= {P99_TARGET_MS:.0f} ms",
                p["p99_ms"] is not None and p["p99_ms"] <= P99_TARGET_MS,
            ),
            (
                "probe /start latency, max",
                _ms(p["max_ms"]),
                f"<= {MAX_TARGET_MS:.0f} ms",
                p["max_ms"] is not None and p["max_ms"] <= MAX_TARGET_MS,
            ),
            (
                f"probes with no reply within {PROBE_WINDOW:.0f} s",
                f"{p['no_reply_within_10s']} of {p['sent']}",
                "0",
                p["no_reply_within_10s"] == 0,
            ),
            ("probe sender ran late by (event loop held)", _ms(p["sender_late_max_ms"]), "", None),
        ]
    if results.group_deal_tried:
        deal = f["group"]["deal_seconds"]
        rows.append(
            (
                f"/play in the group after {FLOOD} /help: deal",
                f"> {GROUP_DEAL_LIMIT:.0f} s" if deal is None else f"{deal:.2f} s",
                f"<= {GROUP_DEAL_TARGET:.0f} s",
                deal is not None and deal <= GROUP_DEAL_TARGET,
            )
        )
    if results.stop_tried:
        stop = f["stop_seconds"]
        rows.append(
            (
                "in-process bot stopped after",
                f"> {STOP_LIMIT:.0f} s" if stop is None else f"{stop:.2f} s",
                "",
                None,
            )
        )
    s = f["sigterm"]
    if s is not None and "failed" not in s:
        exit_seconds = s.get("exit_seconds")
        rows.append(
            (
                f"SIGTERM with {SIGTERM_REPLIES} replies queued: exit",
                f"> {SIGTERM_LIMIT:.0f} s" if exit_seconds is None else f"{exit_seconds:.2f} s",
                f"<= {SIGTERM_TARGET:.0f} s",
                exit_seconds is not None and exit_seconds <= SIGTERM_TARGET,
            )
        )
        status = s.get("exit_status")
        shown = f"{status} (killed)" if s.get("killed") else str(status)
        rows.append(("SIGTERM exit status", shown, "0", status == 0 and not s.get("killed")))
    flood = "on" if results.flood_limits else "off (this version's LocalBotApi has none)"
    lines = [
        "Twenty-Four isolation benchmark: one hostile user against everybody else",
        f"machine:      {m['arch']}, nproc {m['nproc']} ({m['cpus']} CPUs), "
        f"Python {m['python']}, {m['system']}",
        f"bot:          {results.bot_path} (bot, solver and local_api from there)",
        f"flood limits: {flood}",
        f"run:          {results.seconds:.0f} s of probing, one /start every "
        f"{PROBE_EVERY * 1000:.0f} ms (latency from when each was due)",
        "",
        f"{'measure':<46} {'result':<16} {'target':<10} ",
    ]
    lines += [f"{a:<46} {b:<16} {c:<10} {_verdict(d)}".rstrip() for a, b, c, d in rows]
    if results.attack:
        lines += [
            "",
            "attacker's private chat (sent at, command, time to picture or reply, reply):",
        ]
        for step in results.attack:
            at = "" if step.sent_after is None else f"+{step.sent_after:.1f} s"
            took = "" if step.seconds is None else f"{step.seconds:.2f} s"
            lines.append(f"  {at:>8} {step.command:<26} {took:>8}  {step.reply}")
    if results.group_deal_tried:
        solved, inline = f["solve"], f["inline"]
        lines += [
            "",
            "attacker's floods, replies seen by the end of the waits:",
            f"  {FLOOD} /help in the group: {f['group']['help_replies']} replies",
            f"  {SOLVES} /solve of 8 numbers: {solved['answered']} answered"
            + (f", the last after {solved['last_seconds']:.1f} s" if solved["answered"] else ""),
            f"  {INLINE} inline queries of 8 numbers: {inline['answered']} answered"
            + (f", the last after {inline['max_seconds']:.1f} s" if inline["answered"] else ""),
        ]
    if s is not None:
        if "failed" in s:
            lines += ["", f"SIGTERM test: {s['failed']}"]
        else:
            lines += [
                "",
                f"SIGTERM test: the bot answered its first /start after "
                f"{s['startup_seconds']:.1f} s; group replies: {s['replies_before_sigterm']} "
                f"before SIGTERM, {s['replies_total']} in all",
            ]
    if results.slow is not None:
        lines += ["", *table_lines(results.slow)]
    if results.bulk is not None:
        lines += bulk_lines(results.bulk)
    counts = results.log_counts
    lines += [
        "",
        f"in-process bot's log: {counts['WARNING']} warning(s), {counts['ERROR']} error(s)",
    ]
    lines += [f"note: {note}" for note in results.notes]
    return "\n".join(lines)


def report(results: Results, args: argparse.Namespace) -> None:
    if args.json:
        say(table(results))
        print(json.dumps(results.figures(), indent=2), flush=True)
    else:
        print(table(results), flush=True)


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
