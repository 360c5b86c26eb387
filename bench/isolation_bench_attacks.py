"""The attacks of ``bench/isolation_bench.py`` and the prober that times the probe's replies
meanwhile: floods, /solve and inline bursts, attacks from private chats."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

from isolation_bench_bot import (
    ATTACK_GROUP,
    ATTACK_REPLY_LIMIT,
    ATTACKER,
    DEAL_GRACE,
    FLOOD,
    GROUP,
    GROUP_DEAL_LIMIT,
    INLINE,
    MEMBER,
    PROBE_EVERY,
    PROBE_WINDOW,
    PROBES,
    SOLVES,
    Seen,
    Watch,
    first_photo,
)
from isolation_bench_report import Probe, Results

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
