"""A private duel in the console game, as a player tries one: the invitation sent into the
group through inline mode, taken up there by a second user with its link, and raced in the
two private chats to its end."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import TextIO, cast

import pytest

from bot.console import run_console
from bot.games.duel import play
from bot.rules import pace
from bot.settings import Settings
from solver import solve
from tests.bot.console_data import Keyboard, shown
from tests.bot.harness import seed_tables


@pytest.mark.asyncio
async def test_a_private_duel_in_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    monkeypatch.setattr(play, "NEXT_HAND_SECONDS", 0.0)
    # The console keeps real time: its typed answers come at once, faster than a person's
    # pace (tested in test_pace_e2e.py), which is not what this test is about.
    monkeypatch.setattr(pace, "FLOOR", 0.0)
    seed_tables(tmp_path / "console")
    keyboard, out = Keyboard(), io.StringIO()
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    task = asyncio.create_task(run_console(settings, cast(TextIO, keyboard), out))
    keyboard.type("/duel")
    number = await shown(out, task, r"\[#(\d+) private\] Twenty-Four: ⚔️ Your duel invitation")
    keyboard.type(f":press {number} 1")
    await shown(out, task, r"offers 1 \(:send N sends one\)")
    keyboard.type(":send 1")
    await shown(out, task, r"\[i1 group\] Alice via Twenty-Four: ⚔️ Alice invites you")
    keyboard.type(":user Bob")
    keyboard.type(":press i1 1")
    # Alice's private chat is named as hers, now that Bob is the console's user.
    took = await shown(out, task, r"\[#\d+ private(?: \(Alice\))? edited\] Twenty-Four: ⚔️ Bob took")
    mark = 0
    for won in range(1, 4):
        cards = await shown(
            out, task, rf"Hand {won}: Alice \d – \d Bob · Make 24 from ([\d ]+)\n", mark
        )
        mark = len(out.getvalue())
        keyboard.type(solve(tuple(int(card) for card in cards.split()))[0].text)
        await shown(out, task, rf"✅ Bob wins hand {won} in ", mark)
    end = await shown(out, task, r"🏆 Bob wins the duel: Alice 0 – 3 Bob")
    keyboard.close()
    assert await asyncio.wait_for(task, timeout=30) == 0
    assert end
    assert "private (Alice) edited" in took
