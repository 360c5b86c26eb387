"""Kill -9 in the middle of saving, 50 times: a save is all there or not there at all, every
save reported done survives, and the data file always opens.

A child process saves the data of 2,000 chats at once, over and over, through the bot's
:class:`SQLitePersistence` (as PTB does every few seconds under load), saying when each save
starts and when it has committed.  The parent kills it at a random moment after a save has
started.  Slow: ``pytest -m slow tests/bot/test_kill_during_save.py``.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from bot.games.rounds.parts import GROUP_STATUS
from bot.persistence import FILE_NAME, SQLitePersistence, open_database
from tests.bot.harness import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]
LOOPS = 50
CHATS = 2000

WRITER = f"""
import asyncio, sys
from pathlib import Path
from bot.games.rounds.parts import GROUP_STATUS, GroupStatus
from bot.state import ChatData
from bot.persistence import SQLitePersistence

async def main():
    persistence = SQLitePersistence(Path(sys.argv[1]))
    chats = (await persistence.get_chat_data()).values()
    first = max((GROUP_STATUS.get(d).sent for d in chats), default=0)
    save = int(first)
    while True:
        save += 1
        data = ChatData()
        GROUP_STATUS.put(data, GroupStatus(sent=save, lines=["x" * 40] * 20))
        # One write each (with PYTHONUNBUFFERED print's parts are written one by one, and a
        # kill could land between "saved" and its number).
        print(f"saving {{save}}", flush=True)
        await asyncio.gather(
            *(persistence.update_chat_data(chat, data) for chat in range({CHATS}))
        )
        print(f"saved {{save}}", flush=True)

asyncio.run(main())
"""


async def _line(stream: asyncio.StreamReader) -> tuple[str, int, float]:
    """The child's next report: ("saving" or "saved", the save's number, when it came)."""
    word, number = (await stream.readline()).decode().split()
    return word, int(number), time.monotonic()


async def test_kill_nine_during_saves_never_leaves_half_a_save(tmp_path: Path) -> None:
    rng = random.Random(7)
    saved = 0
    inside = 0
    for _ in range(LOOPS):
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", WRITER, str(tmp_path), cwd=ROOT, stdout=asyncio.subprocess.PIPE
        )
        assert child.stdout is not None
        # Time two whole saves, then kill at a random moment of the next one.
        longest = 0.0
        for _ in range(2):
            _word, _number, started = await _line(child.stdout)
            _word, saved, done = await _line(child.stdout)
            longest = max(longest, done - started)
        await _line(child.stdout)
        await asyncio.sleep(rng.uniform(0, longest))
        child.send_signal(signal.SIGKILL)
        await child.wait()
        rest = (await child.stdout.read()).decode().split("\n")
        finished = [int(x.split()[1]) for x in rest if x.startswith("saved")]
        saved = max([saved, *finished])
        inside += not finished

        open_database(tmp_path / FILE_NAME).close()
        chats = await SQLitePersistence(tmp_path).get_chat_data()
        values = {GROUP_STATUS.get(data).sent for data in chats.values()}
        assert len(chats) == CHATS
        assert len(values) == 1, "a save was left half done"
        assert values.pop() >= saved, "a save reported done was lost"
    assert inside >= LOOPS // 2  # most kills did land inside a save
