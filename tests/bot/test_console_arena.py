"""An arena in the console game, as a player tries one: announced in the group, joined by
its button (the link opens the private chat), hands solved there, a second console user
(`:user Carol`) joining by the same button and solving one, and stopped in the group with
its final standings (no picture: nobody established, no trophy), each player told their
place."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import TextIO, cast

import pytest

from bot.console import run_console
from bot.rules import pace
from bot.settings import Settings
from solver import solve
from tests.bot.console_data import Keyboard, shown
from tests.bot.harness import seed_tables


def answer(cards: str) -> str:
    """A right answer to the cards the console printed."""
    return solve(tuple(int(n) for n in cards.split()), 24)[0].pretty


@pytest.mark.asyncio
async def test_an_arena_in_the_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    # The console keeps real time: its typed answers come at once, faster than a person's
    # pace (the arena's floor is tested in test_arena_e2e.py).
    monkeypatch.setattr(pace, "FLOOR", 0.0)
    seed_tables(tmp_path / "console")
    keyboard, out = Keyboard(), io.StringIO()
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    task = asyncio.create_task(run_console(settings, cast(TextIO, keyboard), out))
    keyboard.type(":group")
    keyboard.type("/arena 3")
    number = await shown(out, task, r"\[#(\d+) group\] Twenty-Four: 🏟 Arena #1 · ")
    keyboard.type(f":press {number} Join")
    cards = await shown(out, task, r"🏟 Hand 1 · 60 s: make 24 from ([\d ]+)\n")
    mark = len(out.getvalue())
    keyboard.type(answer(cards))
    solved = await shown(out, task, r"(✅ \+2 points in [\d.]+ s)", mark)
    cards = await shown(out, task, r"🏟 Hand 2 · 60 s: make 24 from ([\d ]+)\n", mark)
    keyboard.type(answer(cards))
    await shown(out, task, r"🏟 Hand 3 · 60 s: make 24 from ", mark)
    keyboard.type(":user Carol")  # a second console user joins by the same button
    keyboard.type(":group")
    mark = len(out.getvalue())
    keyboard.type(f":press {number} Join")
    cards = await shown(out, task, r"🏟 Hand 1 · 60 s: make 24 from ([\d ]+)\n", mark)
    keyboard.type(answer(cards))
    await shown(out, task, r"🏟 Hand 2 · 60 s: make 24 from ", mark)
    keyboard.type(":user Alice")
    keyboard.type(":group")
    mark = len(out.getvalue())
    keyboard.type("/arena stop")
    # No picture: the console's players are not established, so nobody wins a trophy.
    end = await shown(out, task, r"\[#\d+ group\] Twenty-Four: ([^\n]*\n?🏁[^\n]*)", mark)
    final = await shown(out, task, r"(1\. Alice: 4 points\n2\. Carol: 2 points)", mark)
    carol = await shown(out, task, r"\[#\d+ private \(Carol\)\] Twenty-Four: ([^\n]+)", mark)
    keyboard.type(":quit")
    assert await asyncio.wait_for(task, 30) == 0
    assert solved.startswith("✅ +2 points in")
    assert end == "🏁 Arena #1 is over."
    assert final == "1. Alice: 4 points\n2. Carol: 2 points"
    assert carol.startswith("🏁 The arena is over: you placed 2 of 2, with 2 points")
