"""Telegram's limits in the console: when the group's 20 messages a minute hold the bot's
replies, the console says so, once, and goes on; the held replies come later, labelled with
their chat; at the end of input the console waits for them (Ctrl-C does not)."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import cast

import pytest

from bot.console.terminal import INTERRUPTED, _wait_for_held
from bot.local_api import flood
from bot.services import outbox
from bot.services.outbox import Outbox
from bot.services.outbox import dispatch as outbox_dispatch
from tests.bot.console_data import Session, play
from tests.bot.harness import seed_tables

HELD = re.compile(
    r"\(The group is near Telegram's 20 messages a minute, and the bot keeps the last ones for "
    r"the game: its replies here wait about \d+ s; a deal or a win still comes at once\)"
)
"""What the console says when the group's replies wait: the bot keeps 4 places of the
window for the game (not Telegram's limit itself, which a deal would still pass)."""
GROUP_REPLY = "group] Twenty-Four: Language: each player's own."


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Alice's console folder, in English, with the group's limit at 8 messages in 4 s (on
    the bot's side and Telegram's), and a wait of 1 s told as held (the console's outbox
    waits on the wall clock: these tests wait out a window)."""
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    monkeypatch.setattr(outbox, "GROUP_LIMIT", 8)
    monkeypatch.setattr(outbox, "GROUP_PERIOD", 4.0)
    monkeypatch.setattr(flood, "GROUP_MESSAGES", 8)
    monkeypatch.setattr(flood, "GROUP_SECONDS", 4.0)
    monkeypatch.setattr(outbox_dispatch, "HELD_FOR", 1.0)
    seed_tables(tmp_path / "console")
    return tmp_path


@pytest.mark.asyncio
async def test_the_console_says_once_why_the_bot_is_silent_in_the_group(data: Path) -> None:
    session = Session(data)
    session.keyboard.type(":group")
    for _ in range(6):  # the bot keeps 4 of the 8 for games: the 5th reply waits
        session.keyboard.type("/language")
    await session.shown(HELD.pattern)
    session.keyboard.type(":private")
    session.keyboard.type("/language")
    private = await session.shown(r"\[#\d+ private\] Twenty-Four: Language: ")
    # The held replies come after the private one, each saying it is the group's.
    late = r"(?:.*\n)*\[#\d+ group\] Twenty-Four: Language: .*\n"
    await session.shown(r"\[#\d+ private\] Twenty-Four: Language: .*\n" + 2 * late)
    out = await session.end()
    assert len(HELD.findall(out)) == 1
    assert out.count(GROUP_REPLY) == 6  # none is lost
    assert GROUP_REPLY in out[private.end() :]


@pytest.mark.asyncio
async def test_a_line_typed_while_replies_wait_is_read_at_once(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The group's replies wait a few seconds for its limit (too short to be told): the next
    # line, in private, is answered before them, not after.
    monkeypatch.setattr(outbox_dispatch, "HELD_FOR", 60.0)
    session = Session(data)
    session.keyboard.type(":group")
    for _ in range(6):
        session.keyboard.type("/language")
    session.keyboard.type(":private")
    session.keyboard.type("/language")
    private = await session.shown(r"\[#\d+ private\] Twenty-Four: Language: ")
    await session.shown(6 * r"(?:.*\n)*\[#\d+ group\] Twenty-Four: Language: ")
    out = await session.end()
    assert out[: private.start()].count(GROUP_REPLY) == 4  # the two that waited came after


@pytest.mark.asyncio
async def test_a_piped_script_gets_the_replies_held_at_its_end(data: Path) -> None:
    out = await play(data, ":group\n" + 6 * "/language\n")
    assert "(Waiting up to 60 s for the replies Telegram's limits hold" in out
    assert out.count(GROUP_REPLY) == 6  # the two held ones too: the end of input waits


class _HoldingOutbox:
    """An outbox whose held replies never go."""

    def pending(self) -> int:
        return 1

    async def drained(self) -> None:
        await asyncio.Event().wait()


@pytest.mark.asyncio
async def test_ctrl_c_stops_the_wait_for_held_replies() -> None:
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    asyncio.get_running_loop().call_later(0.05, lines.put_nowait, INTERRUPTED)
    async with asyncio.timeout(10):  # HELD_AT_END is 60 s
        await _wait_for_held(cast(Outbox, _HoldingOutbox()), lines, io.StringIO())
    assert lines.empty()
