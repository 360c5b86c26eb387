"""``:botadmin on|off`` in the console: the group's admin makes the bot an admin of the
simulated group, which then sees every message there, so an answer needs no /a (as on
Telegram); off, it sees only commands, replies and mentions again."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver import solve
from tests.bot.console_data import Session
from tests.bot.harness import seed_tables

pytestmark = pytest.mark.asyncio


async def test_the_console_makes_the_bot_an_admin_and_answers_need_no_a(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    session = Session(tmp_path)
    session.keyboard.type(":group")
    session.keyboard.type(":botadmin on")
    session.keyboard.type("/play")
    dealt = await session.shown(r"Make 24 from (\d+(?: \d+)+)")
    hand = tuple(int(card) for card in dealt[1].split())
    session.keyboard.type(solve(hand)[0].text)  # typed as it is, no /a
    await session.shown(r"🎉 Alice wins in ")
    session.keyboard.type(":botadmin off")
    session.keyboard.type("hello")
    out = await session.end()
    assert "(Alice, the group's admin, made the bot an admin: it sees every message" in out
    assert "(Alice, the group's admin, made the bot a member again" in out
    assert out.count("(The bot cannot see that") == 1  # "hello", once a member again


async def test_after_the_owners_admin_the_next_line_is_answered_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/admin stops the later handler groups; the console still sees it handled, so the
    next line is not read half a minute late."""
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    session = Session(tmp_path, {"TWENTYFOUR_OWNER_ID": "10000"})
    session.keyboard.type("/admin")
    await session.shown(r"Twenty-Four, for its owner")
    session.keyboard.type("/score")
    # Read after /admin's 30 s wait ran out before the fix; at once with it.
    await session.shown(r"No wins here yet", timeout=15)
    await session.end()
