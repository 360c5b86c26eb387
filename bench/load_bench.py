"""Load: many chats playing rounds at once through the in-process Bot API.

Each chat deals a hand (/play), sends two wrong answers, then the right one.  Reports
updates per second, the latency from an update's arrival to the bot's reply (p50, p99), and
the memory one idle chat's data takes.  The same run measures a baseline: /start, the
lightest command.  Telegram's outgoing rate limits are off, so this measures the bot's own
work.  Usage: ``python bench/load_bench.py [--chats 1000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import pickle
import platform
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.app import build_application, run_polling
from bot.local_api import LocalBotApi, LocalTransport, plain_text
from bot.settings import Settings
from solver import solve


class Latency:
    """Time from each user message to the bot's next message in that chat."""

    def __init__(self, api: LocalBotApi) -> None:
        self.pending: dict[int, list[float]] = {}
        self.samples: list[float] = []
        api.on_sent(self._sent)

    def sent_by_user(self, chat_id: int) -> None:
        self.pending.setdefault(chat_id, []).append(time.perf_counter())

    def _sent(self, message: dict) -> None:
        waiting = self.pending.get(message["chat"]["id"])
        if waiting:
            self.samples.append(time.perf_counter() - waiting.pop(0))

    def percentile(self, share: float) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def _phase(api: LocalBotApi, latency: Latency, messages: list[tuple[int, str]]) -> float:
    """Send every (chat, text) at once; seconds until each got its reply."""
    expected = len(api.sent) + len(messages)
    start = time.perf_counter()
    for chat_id, text in messages:
        latency.sent_by_user(chat_id)
        api.send(chat_id, chat_id, text)
    await api.wait_for_sent(expected, timeout=600)
    return time.perf_counter() - start


async def run(chats: int) -> None:
    api = LocalBotApi()
    users = [100_000 + i for i in range(chats)]
    for user in users:
        api.add_user(user, f"P{user}")
    data = Path(tempfile.mkdtemp(prefix="twentyfour-load-"))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data)})
    application = build_application(
        settings, token="1:LOAD", transport=LocalTransport(api), rate_limited=False
    )
    stop = asyncio.Event()
    runner = asyncio.create_task(run_polling(application, stop, timeout=1))
    while not application.running:
        await asyncio.sleep(0.01)

    baseline = Latency(api)
    base_seconds = await _phase(api, baseline, [(u, "/start") for u in users])
    api.on_sent(lambda m: None)
    game = Latency(api)
    seconds = await _phase(api, game, [(u, "/play") for u in users])
    hands = {}
    for message in api.sent[-chats:]:
        caption = plain_text(message["caption"]).split("\n")[0]
        hands[message["chat"]["id"]] = tuple(int(n) for n in caption.split("from ")[1].split())
    seconds += await _phase(api, game, [(u, "1+1") for u in users])
    seconds += await _phase(api, game, [(u, "/a 99") for u in users])
    seconds += await _phase(api, game, [(u, solve(hands[u])[0].text) for u in users])
    stop.set()
    await runner

    one = pickle.dumps(application.chat_data[users[0]])
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [pickle.loads(one) for _ in range(1000)]
    per_chat = (tracemalloc.get_traced_memory()[0] - before) / len(copies)
    tracemalloc.stop()

    updates = 4 * chats
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; {chats} chats")
    print(
        f"baseline /start: {chats / base_seconds:.0f} updates/s, "
        f"p50 {baseline.percentile(0.5) * 1000:.1f} ms, "
        f"p99 {baseline.percentile(0.99) * 1000:.1f} ms"
    )
    print(
        f"rounds (/play, 2 wrong, 1 right): {updates / seconds:.0f} updates/s, "
        f"p50 {statistics.median(game.samples) * 1000:.1f} ms, "
        f"p99 {game.percentile(0.99) * 1000:.1f} ms"
    )
    print(f"memory of one idle chat's data (after a won round): {per_chat / 1024:.1f} KiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=1000)
    asyncio.run(run(parser.parse_args().chats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
