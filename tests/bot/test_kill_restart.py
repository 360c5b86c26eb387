"""Kill -9 at random moments while rounds are won (every other time once the win is
announced), 50 times: no score announced is ever lost and the data file always opens.
Slow: ``pytest -m slow tests/bot/test_kill_restart.py``."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

import pytest

from bot.local_api import plain_text, serve
from bot.persistence import SQLitePersistence, open_database
from solver import solve
from tests.bot.harness import ANN, _bot_process, _env, dealt, make_api, until

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]
LOOPS = 50


async def test_kill_nine_never_loses_an_announced_score(tmp_path: Path) -> None:
    api = make_api()
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:KILL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    rng = random.Random(24)
    answered = 0
    try:
        for loop in range(LOOPS):
            calls = len(api.calls)
            process = await _bot_process(env)
            await until(lambda: "getUpdates" in api.calls[calls:], timeout=60, interval=0.02)  # noqa: B023 (awaited at once)
            before = len(api.sent)
            api.send(ANN, ANN, "/play")
            deal_message = (await api.wait_for_sent(before + 1, timeout=30))[-1]
            if "photo" in deal_message:
                api.send(ANN, ANN, solve(dealt(deal_message))[0].text)
                answered += 1
                if loop % 2:
                    # Every other time the kill comes after the win is announced, so that
                    # wins are exercised however slow the machine is at the moment.
                    await api.wait_for_sent(before + 2, timeout=30)
            await asyncio.sleep(rng.uniform(0, 0.3))
            process.send_signal(signal.SIGKILL)
            await process.wait()
            open_database(tmp_path / "data" / "twentyfour.sqlite3").close()
    finally:
        server.stop()
    announced = sum("wins in" in plain_text(m.get("text", "")) for m in api.sent)
    chat_data = await SQLitePersistence(tmp_path / "data").get_chat_data()
    wins = chat_data[ANN].table.stats.players[ANN].wins
    assert announced <= wins <= answered
    assert announced > LOOPS // 4  # the test did exercise wins
