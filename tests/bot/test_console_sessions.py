"""A console session after an earlier one: the bot's data keeps messages the console's
server does not (an invitation that expired meanwhile is edited at its end), and the
outbox's warnings about them are one line of the console, not the log's; the messages are
numbered on from the last session's, so such an edit never lands on a new message."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import pytest

from bot.console import numbers, terminal
from bot.console.terminal import EarlierMessages
from bot.local_api import LocalBotApi
from bot.persistence import DataFileError
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


def _numbers(printed: str, where: str) -> list[int]:
    """The numbers of the messages a session printed in ``where`` (group, private)."""
    return [int(n) for n in re.findall(rf"\[#(\d+) {where}[\] ]", printed)]


async def test_a_later_session_numbers_its_messages_on_from_the_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of an earlier session's message (kept in the bot's data) must not land on a
    new message of the same number: numbers are never given twice."""
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    first = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
    for line in ("/solve 3 3 8 8", ":group", "/solve 3 3 8 8"):
        first.keyboard.type(line)
    await first.shown(r"\[#\d+ group\] Twenty-Four: ")  # the answer, or why it is kept
    before = await first.end()
    second = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
    for line in ("/solve 4 4 6 6", ":group", "/solve 4 4 6 6"):
        second.keyboard.type(line)
    await second.shown(r"\[#\d+ group\] Twenty-Four: ")
    after = (await second.end()).removeprefix(before)
    assert min(_numbers(after, "group")) > max(_numbers(before, "group"))
    assert min(_numbers(after, "private")) > max(_numbers(before, "private"))


async def test_unreadable_message_numbers_stop_the_console(tmp_path: Path) -> None:
    (tmp_path / numbers.FILE_NAME).write_text("{not json", encoding="utf-8")
    with pytest.raises(DataFileError, match="move the file away"):
        numbers.MessageNumbers(tmp_path)


async def test_message_numbers_are_never_lowered(tmp_path: Path) -> None:
    kept = numbers.MessageNumbers(tmp_path)
    kept.save({-5: 40, 7: 3})
    kept.save({-5: 2})
    assert numbers.MessageNumbers(tmp_path).last == {-5: 40, 7: 3}


async def test_a_user_of_an_earlier_session_has_a_chat_from_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A duel with Bob goes on after a restart in which Bob is not named again: his hand's
    message reaches his private chat, as on Telegram, not a warning that it has none."""
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    first = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
    first.keyboard.type("/duel")
    number = (await first.shown(r"\[#(\d+) private\] Twenty-Four: ⚔️ Your duel invitation"))[1]
    first.keyboard.type(f":press {number} 1")
    await first.shown(r"offers 1 \(:send N sends one\)")
    for line in (":send 1", ":user Bob", ":press i1 1"):
        first.keyboard.type(line)
    await first.shown(r"Hand 1: Alice 0 – 0 Bob · Make 24 from")
    before = await first.end()
    with caplog.at_level(logging.WARNING, logger="bot.services.outbox"):
        second = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
        await second.shown(r"\[#\d+ private \(Bob\)\] Twenty-Four: .*The bot restarted")
        await second.end()
    assert [r.getMessage() for r in caplog.records if "Chat not found" in r.getMessage()] == []
    assert "Hand 1" in before


async def test_a_reply_to_a_message_this_session_has_not_is_told_not_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    session = Session(tmp_path, {"TWENTYFOUR_WEB_PORT": "0"})
    session.keyboard.type(":group")
    session.keyboard.type(":reply 999 hello")
    await session.shown(r"There is no message #999 here to reply to")
    printed = await session.end()
    assert "Twenty-Four:" not in printed.split("#999", 1)[1]


async def test_an_inline_messages_edit_of_an_earlier_session_is_told_as_one() -> None:
    """A shared challenge's edit after a restart (the console's server knows no inline message
    of an earlier session) is one of an earlier session's, not a warning to print."""
    out = io.StringIO()
    earlier = EarlierMessages(out)
    record = logging.LogRecord(
        "bot.games.challenges.shared_messages",
        logging.WARNING,
        __file__,
        1,
        "Shared challenge %s not edited: %s",
        ("8EKYWRVBrT", "Message_id_invalid"),
        None,
    )
    assert earlier.filter(record) is False
    assert out.getvalue().strip() == EARLIER


async def test_the_console_publishes_no_command_menus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worlds: list[LocalBotApi] = []

    class Kept(LocalBotApi):
        def __init__(self) -> None:
            super().__init__()
            worlds.append(self)

    monkeypatch.setattr(terminal, "LocalBotApi", Kept)
    session = Session(tmp_path)
    session.keyboard.type("/start")
    await session.shown(r"private\] Twenty-Four: ")
    await session.end()
    assert "setMyCommands" not in worlds[0].calls
