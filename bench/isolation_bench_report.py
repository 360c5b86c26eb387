"""What ``bench/isolation_bench.py`` measured and how it reports it: the probes, the steps, the
results against their targets, and the table."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
from dataclasses import asdict, dataclass, field
from typing import Any

from bulk_attack import table_lines as bulk_lines
from isolation_bench_bot import (
    FLOOD,
    GROUP_DEAL_LIMIT,
    GROUP_DEAL_TARGET,
    INLINE,
    MAX_TARGET_MS,
    P99_TARGET_MS,
    PROBE_EVERY,
    PROBE_WINDOW,
    SIGTERM_LIMIT,
    SIGTERM_REPLIES,
    SIGTERM_TARGET,
    SOLVES,
    STOP_LIMIT,
    say,
)
from slow_connections import table_lines

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
