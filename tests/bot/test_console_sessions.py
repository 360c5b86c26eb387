"""A console session after an earlier one: the bot's data keeps messages the console's
server does not (an invitation that expired meanwhile is edited at its end), and the
outbox's warnings about them are one line of the console, not the log's."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.rules.duel import lobby
from tests.bot.console_data import Session
from tests.bot.harness import seed_tables

pytestmark = pytest.mark.asyncio

EARLIER = (
    "(The bot updated messages of an earlier console session, such as a duel invitation that "
    "expired meanwhile: the console keeps no messages between sessions, so they are left out.)"
)


async def test_an_earlier_sessions_messages_are_one_line_not_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    first = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
    for line in (":user Carol", ":group", "hello", ":user Player", ":group", ":reply 1 /duel"):
        first.keyboard.type(line)
    await first.shown(r"Player invites Carol to a duel!")
    await first.end()
    # The invitation expires while no console runs: the next session's bot closes it.
    monkeypatch.setattr(lobby, "INVITATION_SECONDS", 0.0)
    with caplog.at_level(logging.WARNING, logger="bot.services.outbox"):
        second = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
        await second.shown(r"\(The bot updated messages of an earlier console session")
        second.keyboard.type("/start")
        await second.shown(r"Twenty-Four: Hi ")
        printed = await second.end()
    assert printed.count(EARLIER) == 1
    assert [r.getMessage() for r in caplog.records if "not found" in r.getMessage()] == []
