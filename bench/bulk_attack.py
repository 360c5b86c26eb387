"""The isolation benchmark's bulk-notice attack: 1,500 daily reminders and 300 subscribed
groups' daily posts due at the same moment, beside a live game and the probe.

Run by ``bench/isolation_bench.py`` (``--no-bulk`` skips it), which gives it its own
watcher and prober, so that the probe is the same as in the main run.  Two runs of the real
bot against the local Bot API, with Telegram's flood limits on, each ``--seconds`` long:

* **quiet**: the probe (``/start`` in private every 250 ms) and, two seconds in, a winning
  answer in a group whose round was dealt before;
* **bulk**: the same, with 1,500 reminders and 300 posts due in the minute that starts
  with the run, scheduled as the bot does (each at its chat's own second of the minute,
  where the version spreads them).  At Telegram's 30 messages a second the 1,800
  notices take a minute at least: each measure says what they cost the others.

Reported for each run: the probe's p50, p99 and max latency (from when each was due); the
time from the winning answer to the win's announcement; and, for the bulk run, how many
notices were sent by the end of the probing and when the last one went (waited for up to
:data:`NOTICES_LIMIT` seconds from the start).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import importlib
import math
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

REMINDED = range(900_000, 901_500)
"""Players with a reminder due."""
SUBSCRIBED = range(-5_000_299, -5_000_000 + 1)
"""Groups with a daily post due."""
PLAYER, GAME_GROUP = 301, -1_000_300
"""The player who wins a round meanwhile, and the group where it is played."""
WIN_AFTER = 2.0
"""Seconds into the run when the winning answer is sent (the notices well under way)."""
WIN_LIMIT = 120.0
NOTICES_LIMIT = 180.0
STARTUP_LIMIT = 60.0
WARMUP = 3.0
LEAD = 1.0
"""Seconds between scheduling the notices' jobs and their minute (and the run's start)."""


def latencies(probes: list[Any]) -> dict[str, Any]:
    """p50, p99 and max of the probes' latencies from when each was due, in ms (None: a
    probe of that rank got no reply)."""
    late = sorted((p.replied - p.due) * 1000 if p.replied is not None else math.inf for p in probes)

    def rank(share: float) -> float | None:
        if not late:
            return None
        value = late[min(len(late) - 1, max(0, math.ceil(share * len(late)) - 1))]
        return None if math.isinf(value) else round(value, 1)

    answered = sum(p.replied is not None for p in probes)
    lag = max(((p.sent - p.due) * 1000 for p in probes), default=0.0)
    return {"sent": len(probes), "answered": answered, "p50_ms": rank(0.5), "p99_ms": rank(0.99),
            "max_ms": rank(1.0), "sender_late_max_ms": round(lag, 1)}  # fmt: skip


def is_notice(chat: int) -> bool:
    return chat in REMINDED or chat in SUBSCRIBED


def notices_due(application: Any, minute: dt.datetime) -> None:
    """Every reminder and post due in the minute that starts at ``minute``, as the bot
    schedules them: each at its chat's own second of it (where the version spreads them;
    else all at the minute)."""
    daily = importlib.import_module("bot.games.daily")
    try:
        spread = importlib.import_module("bot.services.outbox.bulk").spread_second
    except (ImportError, AttributeError):
        spread = lambda user: 0  # noqa: E731 (a version that runs them all at the minute)
    try:  # a version that keeps the daily puzzle's data in its parts, or in fields
        parts = importlib.import_module("bot.games.daily.parts")
        record, post = parts.DAILY_RECORD.get, parts.DAILY_CHAT.get
    except ImportError:
        record, post = (lambda data: data.daily), (lambda data: data.daily)
    for user in REMINDED:
        record(application.user_data[user]).remind_at = "00:00"
        due = minute + dt.timedelta(seconds=spread(user))
        application.job_queue.run_once(daily.send_reminder, due, chat_id=user)
    for group in SUBSCRIBED:
        post(application.chat_data[group]).subscription = "00:00"
        due = minute + dt.timedelta(seconds=spread(group))
        application.job_queue.run_once(daily.post_daily, due, chat_id=group)


async def one_run(
    code: Any, seconds: float, watch_class: Any, prober_class: Any, probes: tuple[int, ...], *,
    notices: bool,
) -> dict[str, Any]:  # fmt: skip
    """One run of the bot: the probe and a win, with or without the notices."""
    api = code.new_api()
    for number, user in enumerate(probes, start=1):
        api.add_user(user, f"Probe {number}")
    api.add_user(PLAYER, "Player")
    api.add_group(GAME_GROUP, "Game", admins={PLAYER})
    if notices:
        for user in REMINDED:
            api.add_user(user, f"R{user}")
        for group in SUBSCRIBED:
            api.add_group(group, f"G{group}")
    data = Path(tempfile.mkdtemp(prefix="twentyfour-bulk-"))
    watch = watch_class(api)
    application = code.build(data, api)
    stop = asyncio.Event()
    runner = asyncio.create_task(code.run_polling(application, stop, timeout=1))
    figures: dict[str, Any] = {"notices": notices}
    try:
        started = time.perf_counter()
        api.send(probes[0], probes[0], "/start")
        if not await watch.until(lambda: bool(watch.log[probes[0]]), started + STARTUP_LIMIT):
            figures["failed"] = "the bot never answered /start"
            return figures
        await asyncio.sleep(WARMUP)
        for user in probes:
            watch.log[user].clear()
        api.send(PLAYER, GAME_GROUP, "/play")
        dealt = await watch.until(
            lambda: any(s.photo for s in watch.log[GAME_GROUP]), time.perf_counter() + 30
        )
        if not dealt:
            figures["failed"] = "no deal in the game group"
            return figures
        answer = winning_answer(next(s for s in watch.log[GAME_GROUP] if s.photo).text())

        if notices:  # scheduled before the run: its minute starts with it
            notices_due(application, dt.datetime.now(dt.UTC) + dt.timedelta(seconds=LEAD))
            await asyncio.sleep(LEAD)
        start = time.perf_counter()
        measured: list[Any] = []
        probing = asyncio.create_task(
            prober_class(api, watch, measured).run(start, start + seconds)
        )
        await asyncio.sleep(WIN_AFTER)
        before, sent = len(watch.log[GAME_GROUP]), time.perf_counter()
        api.send(PLAYER, GAME_GROUP, f"/a {answer}")

        def won() -> bool:
            return any("wins" in s.text() for s in watch.log[GAME_GROUP][before:])

        if await watch.until(won, sent + WIN_LIMIT):
            seen = next(s for s in watch.log[GAME_GROUP][before:] if "wins" in s.text())
            figures["win_seconds"] = round(seen.at - sent, 3)
        else:
            figures["win_seconds"] = None
        await probing
        figures["probe"] = latencies(measured)
        if notices:
            figures.update(await notices_out(watch, start))
    finally:
        stop.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(runner, 30)
        shutil.rmtree(data, ignore_errors=True)
    return figures


def winning_answer(caption: str) -> str:
    """An answer that makes 24 from the hand a deal's caption states."""
    solver = importlib.import_module("solver")
    numbers = re.search(r"(\d+(?: \d+)+)", caption.split("\n")[0].split("·")[-1])
    if numbers is None:
        raise RuntimeError(f"no hand in the deal: {caption!r}")
    return str(solver.solve(tuple(int(n) for n in numbers.group(1).split()))[0].text)


async def notices_out(watch: Any, start: float) -> dict[str, Any]:
    """How many notices went out by now, and when the last of all went (if it did)."""
    total = len(REMINDED) + len(SUBSCRIBED)

    def sent() -> list[float]:
        return [seen.at for chat, log in watch.log.items() if is_notice(chat) for seen in log]

    by_end = len(sent())
    all_out = await watch.until(lambda: len(sent()) >= total, start + NOTICES_LIMIT)
    times = sent()
    return {
        "notices_due": total,
        "notices_sent_by_probe_end": by_end,
        "notices_sent": len(times),
        "last_notice_after_s": round(max(times) - start, 1) if all_out and times else None,
    }


async def bulk_notices(
    code: Any, seconds: float, watch_class: Any, prober_class: Any, probes: tuple[int, ...]
) -> dict[str, Any]:
    """The quiet run, then the bulk run."""
    quiet = await one_run(code, seconds, watch_class, prober_class, probes, notices=False)
    bulk = await one_run(code, seconds, watch_class, prober_class, probes, notices=True)
    return {"quiet": quiet, "bulk": bulk}


def table_lines(figures: dict[str, Any]) -> list[str]:
    """The attack's lines of the report."""
    lines = [
        "",
        "bulk notices (1,500 reminders + 300 daily posts due in one minute), vs a quiet run:",
    ]
    for name in ("quiet", "bulk"):
        run = figures[name]
        if "failed" in run:
            lines.append(f"  {name:<6} failed: {run['failed']}")
            continue
        p = run["probe"]
        win = "no win" if run["win_seconds"] is None else f"{run['win_seconds'] * 1000:.0f} ms"
        lines.append(
            f"  {name:<6} probe p50 {p['p50_ms']} ms, p99 {p['p99_ms']} ms, max {p['max_ms']} ms"
            f" ({p['answered']} of {p['sent']} answered; event loop held up to"
            f" {p['sender_late_max_ms']} ms); win announced after {win}"
        )
    bulk = figures["bulk"]
    if "notices_sent" in bulk:
        last = bulk["last_notice_after_s"]
        lines.append(
            f"  notices: {bulk['notices_sent_by_probe_end']} of {bulk['notices_due']} sent by the"
            f" probe's end; {bulk['notices_sent']} in all, the last after "
            + (f"{last} s" if last is not None else f"more than {NOTICES_LIMIT:.0f} s")
        )
    return lines
