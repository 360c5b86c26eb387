"""An arena of many players in one group: does the group stay within Telegram's 20 messages
a minute (edits included), and how soon does each player's next hand come?

The real bot runs in this process against the local Bot API, through PTB's own HTTP stack,
with Telegram's flood limits on (the Bot API answers 429 past them, as Telegram does) and
the bot's own clock (the pace floor holds).  An admin sends ``/arena 3`` in the group;
``--players`` members join by its Join link, each in their private chat; each then
answers every hand rightly ``--think`` seconds (at random between its two values) after it
reached them, until the arena ends.  Reported: the group's messages (sends and edits) in
its busiest minute, the 429s the Bot API gave, the hands played, the messages a right
answer costs (the players' messages but for their first hand and their place at the end,
per right answer), and how long after each right answer the next hand reached its player
(median, 99th percentile, longest).

Usage: ``python bench/arena_bench.py [--players 200] [--minutes 3] [--think 5 10]
[--unlimited] [--bot-path DIR]`` (``--unlimited``: no flood limits, the bot's own work only:
with 200 players answering every 7.5 s on average, the bot's messages near Telegram's 30 a
second for all chats, which no bot may pass).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import html
import importlib
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from checkout import bot_path_argument, strays, use_checkout

use_checkout(bot_path_argument(sys.argv))

from solver import solve  # noqa: E402

ADMIN = 400
FIRST = 1000
GROUP = -1_002_000
HAND = re.compile(r"make 24 from (\d+(?: \d+)+)")


def plain(message: dict[str, Any]) -> str:
    """A message's text or caption as a client shows it (tags dropped)."""
    raw = message.get("text") or message.get("caption") or ""
    return html.unescape(re.sub(r"<[^<>]*>", "", raw))


class Arena:
    """What the players see: each one's latest hand and when it came; the group's messages."""

    def __init__(self) -> None:
        self.group: list[float] = []
        self.hands: dict[int, asyncio.Queue[tuple[float, tuple[int, ...]]]] = {}
        self.announced: asyncio.Future[dict[str, Any]] | None = None
        self.over = asyncio.Event()
        self.private: list[str] = []
        """The texts of the bot's messages to the players (sends, not edits)."""
        self.answers = 0
        """Right answers the players sent."""

    def __call__(self, message: dict[str, Any]) -> None:
        chat = message["chat"]["id"]
        text = plain(message)
        now = time.perf_counter()
        if chat == GROUP:
            self.group.append(now)
            if self.announced is not None and not self.announced.done():
                self.announced.set_result(message)
            if "is over" in text and not message.get("edited"):
                self.over.set()
            return
        if chat in self.hands and not message.get("edited"):
            self.private.append(text)
        found = HAND.search(text)
        if found is not None and chat in self.hands and not message.get("edited"):
            hand = tuple(int(n) for n in found.group(1).split())
            self.hands[chat].put_nowait((now, hand))


async def _player(api: Any, arena: Arena, user: int, think: tuple[float, float]) -> list[float]:
    """One player's arena: each hand answered rightly after ``think`` seconds; how long each
    next hand took to come after the answer."""
    waits: list[float] = []
    queue = arena.hands[user]
    rng = random.Random(user)
    answered: float | None = None
    while not arena.over.is_set():
        getting = asyncio.ensure_future(queue.get())
        ending = asyncio.ensure_future(arena.over.wait())
        done, _pending = await asyncio.wait({getting, ending}, return_when=asyncio.FIRST_COMPLETED)
        if getting not in done:
            getting.cancel()
            break
        ending.cancel()
        at, hand = getting.result()
        if answered is not None:
            waits.append(at - answered)
        await asyncio.sleep(max(0.0, at + rng.uniform(*think) - time.perf_counter()))
        if arena.over.is_set():
            break
        answered = time.perf_counter()
        arena.answers += 1
        api.send(user, user, solve(hand, 24)[0].pretty)
    return waits


def _busiest_minute(times: list[float]) -> int:
    """The most messages within any 60 seconds."""
    most, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] >= 60.0:
            start += 1
        most = max(most, end - start + 1)
    return most


async def run(players: int, minutes: int, think: tuple[float, float], unlimited: bool) -> None:
    app = importlib.import_module("bot.app")
    local_api = importlib.import_module("bot.local_api")
    settings_module = importlib.import_module("bot.settings")
    root = Path(str(app.__file__)).resolve().parent.parent
    if strays(root):
        raise SystemExit(f"modules not from {root}: {', '.join(strays(root))}")
    print(f"bot from {root}")
    api = local_api.LocalBotApi(flood_limits=not unlimited)
    api.add_user(ADMIN, "Admin", language_code="en")
    users = list(range(FIRST, FIRST + players))
    for user in users:
        api.add_user(user, f"P{user}", language_code="en")
    api.add_group(GROUP, "Arena", admins={ADMIN})
    refused: list[str] = []
    call = api.call

    async def counting(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        code, body = await call(method, params)
        if code == 429:
            refused.append(method)
        return code, body

    api.call = counting
    arena = Arena()
    arena.hands = {user: asyncio.Queue() for user in users}
    arena.announced = asyncio.get_running_loop().create_future()
    api.on_sent(arena)
    with tempfile.TemporaryDirectory() as data:
        settings = settings_module.Settings.from_env({"TWENTYFOUR_DATA_DIR": data})
        application = app.build_application(
            settings,
            token="42:BENCH",
            transport=local_api.LocalTransport(api),
            rate_limited=not unlimited,
        )
        stop = asyncio.Event()
        runner = asyncio.create_task(app.run_polling(application, stop, timeout=1))
        while api.polls == 0:  # started: its first poll
            await asyncio.sleep(0.05)
        try:
            await application.bot_data.solving.warm_up()
            started = time.perf_counter()
            api.send(ADMIN, GROUP, f"/arena {minutes}")
            announced = await asyncio.wait_for(arena.announced, 30)
            url = announced["reply_markup"]["inline_keyboard"][0][0]["url"]
            payload = url.split("?start=", 1)[1]
            tasks = [asyncio.create_task(_player(api, arena, u, think)) for u in users]
            for user in users:
                api.send(user, user, f"/start {payload}")
            await asyncio.wait_for(arena.over.wait(), minutes * 60 + 120)
            waits = [wait for found in await asyncio.gather(*tasks) for wait in found]
            length = time.perf_counter() - started
            await asyncio.sleep(2.0)  # what the end still sends
        finally:
            stop.set()
            await runner
    waits.sort()
    p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))] if waits else float("nan")
    limits = "off (the bot's own work only)" if unlimited else "on"
    print(f"players: {players}, arena: {minutes} min, think: {think[0]}-{think[1]} s")
    print(f"Telegram's limits: {limits}")
    print(f"run: {length:.0f} s; hands answered and followed: {len(waits)}")
    print(
        f"group messages (sends and edits): {len(arena.group)}, busiest minute: "
        f"{_busiest_minute(arena.group)}"
    )
    print(f"429s from the Bot API: {len(refused)} ({', '.join(sorted(set(refused))) or '-'})")
    # What a right answer costs: the bot's messages to the players but for each one's first
    # hand and their place at the end, per right answer sent.
    hands = sum(1 for text in arena.private if HAND.search(text))
    others = len(arena.private) - hands
    placed = sum(1 for text in arena.private if "you placed" in text)
    followed = len(arena.private) - players - placed
    per = followed / arena.answers if arena.answers else float("nan")
    print(
        f"messages to players: {len(arena.private)} ({hands} with a hand, {others} other, "
        f"{placed} of them places at the end); right answers sent: {arena.answers}; "
        f"messages per right answer: {per:.2f}"
    )
    kinds = collections.Counter(
        text.split("\n", 1)[0][:60]
        for text in arena.private
        if not HAND.search(text) and "you placed" not in text
    )
    for line, count in kinds.most_common(3):
        print(f"  other: {count} × {line}")
    if waits:
        print(
            f"next hand after a right answer: median {statistics.median(waits) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms, longest {waits[-1] * 1000:.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--minutes", type=int, default=3)
    parser.add_argument("--think", type=float, nargs=2, default=(5.0, 10.0))
    parser.add_argument(
        "--unlimited",
        action="store_true",
        help="no flood limits (the Bot API's nor the bot's): the bot's own work only",
    )
    parser.add_argument("--bot-path", help="the checkout to import the bot from")
    args = parser.parse_args()
    asyncio.run(run(args.players, args.minutes, (args.think[0], args.think[1]), args.unlimited))


if __name__ == "__main__":
    main()
