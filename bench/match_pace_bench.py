"""A match's pace in a busy group: does a ten-round match between three quick players wait
on Telegram's limit of 20 messages a minute per group (edits count)?

The real bot runs in this process against the local Bot API, through PTB's own HTTP stack,
with Telegram's flood limits on (the Bot API answers 429 past them, as Telegram does) and
privacy mode on.  In a group of three (Ann, Bob, Carol), Ann sends ``/play 10``; as
players do, their answers come over seconds: two seconds after each deal reaches the group
one player sends a wrong ``/a``, ``--spacing`` seconds later another a wrong one, and as
long again later the third the right one (the winner changes each round); between rounds,
once the win is seen, the winner asks ``/score``.  Reported, per round: the messages the
bot sent or edited in the group (from one deal to the next), how long after the right
answer the win was seen,
how long after the win the next deal came, and how long the ``/score`` waited for its
answer (a reply of its own, or a paragraph of the next deal's caption); then the longest of
each, the match's messages per round and its length, the longest any game letter (a deal,
a win) waited in the outbox for the group's limit, and the 429s the Bot API gave.

Usage: ``python bench/match_pace_bench.py [--rounds 10] [--think 2] [--spacing 1.5]
[--bot-path DIR]`` (``--spacing 0``: the three answers at once, as the first bench had it);
with ``--bot-path`` the bot is imported from another checkout (``bench/checkout.py``), to
measure two versions with the same script.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import importlib
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checkout import bot_path_argument, strays, use_checkout

use_checkout(bot_path_argument(sys.argv))

from solver import solve  # noqa: E402

ANN, BOB, CAROL = 501, 502, 503
PLAYERS = (ANN, BOB, CAROL)
NAMES = {ANN: "Ann", BOB: "Bob", CAROL: "Carol"}
GROUP = -1_002_000
HAND = re.compile(r"Make 24 from (\d+(?: \d+)+)")
WAIT = 90.0
"""Seconds to wait for any one message (a /score's reply: from its asking)."""


def plain(message: dict[str, Any]) -> str:
    """A message's text or caption as a client shows it (tags dropped)."""
    raw = message.get("text") or message.get("caption") or ""
    return html.unescape(re.sub(r"<[^<>]*>", "", raw))


def wrong(hand: tuple[int, ...], which: int) -> str:
    """An answer with the hand's cards that does not make 24 (two different ones)."""
    a, b, c, d = hand
    tries = [
        (f"{a}+{b}+{c}+{d}", a + b + c + d),
        (f"{a}*{b}*{c}*{d}", a * b * c * d),
        (f"{a}+{b}+{c}-{d}", a + b + c - d),
        (f"{a}*{b}+{c}+{d}", a * b + c + d),
    ]
    return [text for text, value in tries if value != 24][which]


@dataclass
class Round:
    deal_at: float
    messages: int = 0
    win_after: float | None = None
    next_deal_after: float | None = None
    score_after: float | None = None
    """None: not asked (after the last round), or not answered within the bench's wait."""
    asked: bool = False


@dataclass
class Watch:
    """Every message the bot sends or edits in the group, with the time it arrived."""

    seen: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    event: asyncio.Event = field(default_factory=asyncio.Event)

    def __call__(self, message: dict[str, Any]) -> None:
        if message["chat"]["id"] == GROUP:
            self.seen.append((time.perf_counter(), message))
            self.event.set()

    async def next(
        self, start: int, test: Any, wait: float = WAIT
    ) -> tuple[int, float, dict[str, Any]] | None:
        """The first message from index ``start`` on that passes ``test``; None if none
        comes within ``wait`` seconds."""
        deadline = time.perf_counter() + wait
        index = start
        while True:
            while index < len(self.seen):
                at, message = self.seen[index]
                if not message.get("edited") and test(message):
                    return index, at, message
                index += 1
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.event.wait(), left)


async def play_match(rounds: int, think: float, spacing: float) -> None:
    app = importlib.import_module("bot.app")
    local_api = importlib.import_module("bot.local_api")
    settings_module = importlib.import_module("bot.settings")
    root = Path(str(app.__file__)).resolve().parent.parent
    if strays(root):
        raise SystemExit(f"modules not from {root}: {', '.join(strays(root))}")
    print(f"bot from {root}")
    api = local_api.LocalBotApi(flood_limits=True)
    for user, name in NAMES.items():
        api.add_user(user, name, language_code="en")
    api.add_group(GROUP, "Friends", admins={ANN})
    refused: list[str] = []
    call = api.call

    async def counting(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        code, body = await call(method, params)
        if code == 429:
            refused.append(method)
        return code, body

    api.call = counting
    watch = Watch()
    api.on_sent(watch)
    with tempfile.TemporaryDirectory() as data:
        settings = settings_module.Settings.from_env({"TWENTYFOUR_DATA_DIR": data})
        application = app.build_application(
            settings, token="42:BENCH", transport=local_api.LocalTransport(api)
        )
        stop = asyncio.Event()
        runner = asyncio.create_task(app.run_polling(application, stop, timeout=1))
        while api.polls == 0:  # started: its first poll
            await asyncio.sleep(0.05)
        try:
            table = await _rounds(api, watch, rounds, think, spacing)
            stats = application.bot_data.outbox.stats
        finally:
            stop.set()
            await runner
    _report(table, watch, refused, rounds)
    print(f"longest a game letter waited for the limit: {stats.longest_game_wait:.1f} s")


async def _rounds(api: Any, watch: Watch, rounds: int, think: float, spacing: float) -> list[Round]:
    """Play the match; one row per round."""
    table: list[Round] = []
    asked: list[tuple[Round, int, float, str, int]] = []
    api.send(ANN, GROUP, f"/play {rounds}")
    index, at, deal = await _expect(watch, 0, lambda m: "photo" in m and HAND.search(plain(m)))
    started = at
    for number in range(rounds):
        row = Round(at)
        table.append(row)
        found = HAND.search(plain(deal))
        assert found is not None
        hand = tuple(int(n) for n in found.group(1).split())
        await asyncio.sleep(max(0.0, at + think - time.perf_counter()))
        winner = PLAYERS[number % 3]
        losers = [p for p in PLAYERS if p != winner]
        for which, loser in enumerate(losers):
            api.send(loser, GROUP, f"/a {wrong(hand, which)}")
            await asyncio.sleep(spacing)
        answered = time.perf_counter()
        api.send(winner, GROUP, f"/a {solve(hand, 24)[0].pretty}")
        index, won_at, _ = await _expect(watch, index + 1, lambda m: " wins in " in plain(m))
        row.win_after = won_at - answered
        if number + 1 < rounds:  # between rounds, the winner looks at their record
            score = api.send(winner, GROUP, "/score")
            seen = len(watch.seen)
            asked.append((row, score["message_id"], time.perf_counter(), NAMES[winner], seen))
            index, at, deal = await _expect(
                watch, index, lambda m: "photo" in m and HAND.search(plain(m))
            )
            row.next_deal_after = at - won_at
    for row, message_id, at, name, seen in asked:  # the players did not wait for these
        answer = await watch.next(
            seen,
            lambda m, wanted=message_id, name=name: (
                (m.get("reply_to_message") or {}).get("message_id") == wanted
                or re.search(rf"(^|\n){name}: \d+ wins?, ", plain(m)) is not None
            ),
            wait=max(0.0, at + WAIT - time.perf_counter()),
        )
        row.asked = True
        row.score_after = None if answer is None else answer[1] - at
    await asyncio.sleep(1.0)  # what the last round still sends (a late line, the standings)
    for row, after in zip(table, [*table[1:], None], strict=True):
        end = float("inf") if after is None else after.deal_at
        row.messages = sum(1 for seen_at, _ in watch.seen if row.deal_at <= seen_at < end)
    first_at = watch.seen[0][0]
    table[0].messages += sum(1 for seen_at, _ in watch.seen if seen_at < table[0].deal_at)
    print(
        f"match length: {watch.seen[-1][0] - started:.1f} s (first message at "
        f"{first_at - started:+.1f} s)"
    )
    return table


async def _expect(watch: Watch, start: int, test: Any) -> tuple[int, float, dict[str, Any]]:
    """The first message from ``start`` on that passes ``test``; the run is given up if none
    comes within :data:`WAIT` seconds."""
    found = await watch.next(start, test)
    if found is None:
        raise SystemExit("the bot sent nothing more: the run is given up")
    return found


def _seconds(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def _report(table: list[Round], watch: Watch, refused: list[str], rounds: int) -> None:
    print(
        "| round | messages | win seen after the answer (s) | next deal after the win (s) "
        "| /score answered after (s) |"
    )
    print("| --- | --- | --- | --- | --- |")
    for number, row in enumerate(table, start=1):
        print(
            f"| {number} | {row.messages} | {_seconds(row.win_after)} "
            f"| {_seconds(row.next_deal_after)} | {_seconds(row.score_after)} |"
        )
    total = len(watch.seen)
    edits = sum(1 for _, m in watch.seen if m.get("edited"))
    print(f"messages in the group: {total} ({edits} edits), {total / rounds:.1f} a round")
    for name, values in (
        ("win seen after the answer", [r.win_after for r in table]),
        ("next deal after the win", [r.next_deal_after for r in table]),
        ("/score answered after", [r.score_after for r in table]),
    ):
        known = [v for v in values if v is not None]
        print(f"longest {name}: {max(known):.1f} s" if known else f"longest {name}: -")
        unanswered = sum(1 for row in table if row.asked and row.score_after is None)
        if unanswered and name.startswith("/score"):
            print(f"  /score not answered (replaced by a later reply, or dropped): {unanswered}")
    print(f"429s from the Bot API: {len(refused)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--think", type=float, default=2.0, help="seconds to each answer")
    parser.add_argument(
        "--spacing", type=float, default=1.5, help="seconds between one answer and the next"
    )
    parser.add_argument("--bot-path", help="the checkout to import the bot from")
    args = parser.parse_args()
    asyncio.run(play_match(args.rounds, args.think, args.spacing))


if __name__ == "__main__":
    main()
