"""The owner's commands (``TWENTYFOUR_OWNER_ID``) through the local Bot API: ``/admin`` in the
owner's private chat, nobody else's (an unknown command, as any other), the owner's menu
alone, the maintenance notice, errors reported at most once a minute."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

import pytest

from bot.features.admin import reports
from bot.local_api import plain_text
from bot.menus import menu_languages
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    OWNER,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio


async def test_the_owners_admin_shows_activity_games_errors_and_queues(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        await reply_to(api, BOB, BOB, "/start")
        hand = dealt(await deal(api, BOB, GROUP))
        await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}")
        text = plain_text(await reply_to(api, ANN, ANN, "/admin"))
    async with running_bot(api, tmp_path, env=OWNER):  # the counts are kept across a restart
        after_restart = plain_text(await reply_to(api, ANN, ANN, "/admin"))
    lines = text.splitlines()
    assert after_restart.splitlines()[1:4] == lines[1:4]
    assert lines[0] == "Twenty-Four, for its owner"
    assert "Players: 2 today · 2 this week · 2 this month" in lines
    assert "Chats: 3 today · 3 this week · 3 this month" in lines
    assert "Games dealt today: round 1" in lines
    assert "Errors since start: 0" in lines
    assert "Maintenance: off" in lines
    assert any(line.startswith("Outbox: ") for line in lines)
    assert any(line.startswith("Solver: ") for line in lines)


async def test_anyone_elses_admin_is_an_unknown_command(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER) as application:
        unknown = await reply_to(api, BOB, BOB, "/nosuchthing")
        stranger = await reply_to(api, BOB, BOB, "/admin")
        trying = await reply_to(api, BOB, BOB, "/admin maintenance on")
        before = len(api.sent)
        api.send(ANN, GROUP, "/admin")  # the owner, but in a group
        await settled(api, application)
        in_group = api.sent[before:]
        maintenance = application.bot_data.maintenance
    assert stranger == unknown.replace("/nosuchthing", "/admin")
    assert trying == stranger
    assert in_group == []
    assert maintenance is None


async def test_without_an_owner_nobody_has_admin(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        text = await reply_to(api, ANN, ANN, "/admin")
    assert text.startswith("I don't know /admin.")


async def test_only_the_owners_menu_lists_admin(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER, menus_published=False):
        pass
    owners = {
        language: [c["command"] for c in commands]
        for (scope, language), commands in api.commands.items()
        if json.loads(scope) == {"type": "chat", "chat_id": ANN}
    }
    others = [
        c["command"]
        for (scope, _), commands in api.commands.items()
        if json.loads(scope)["type"] != "chat"
        for c in commands
    ]
    assert set(owners) == {code or "" for code in menu_languages()}
    assert all("admin" in commands and "play" in commands for commands in owners.values())
    assert "admin" not in others


async def test_an_owner_who_never_started_the_bot_holds_no_menu_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    with caplog.at_level(logging.WARNING):
        async with running_bot(
            api, tmp_path, env={"TWENTYFOUR_OWNER_ID": "999"}, menus_published=False
        ):
            pass
    assert "The owner's menu is not published" in caplog.text
    scopes = {json.loads(scope)["type"] for scope, _ in api.commands}
    assert scopes == {"all_private_chats", "all_group_chats", "all_chat_administrators"}


async def test_maintenance_answers_everyone_else_with_a_notice_across_a_restart(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER) as application:
        on = plain_text(await reply_to(api, ANN, ANN, "/admin maintenance on"))
        private = await reply_to(api, BOB, BOB, "/play")
        group = await reply_to(api, BOB, GROUP, "/play")
        query = api.inline_query(BOB, "3 3 8 8")
        await settled(api, application)
        inline = api.inline_answers[query]
        owner = await deal(api, ANN, ANN)  # the owner plays as ever
    async with running_bot(api, tmp_path, env=OWNER):
        after_restart = await reply_to(api, BOB, BOB, "/start")
        off = await reply_to(api, ANN, ANN, "/admin maintenance off")
        back = await reply_to(api, BOB, BOB, "/start")
    assert on.startswith("Maintenance is on")
    assert private.startswith("🛠 24点正在维护")  # Bob reads Chinese
    assert group == private
    assert inline["button"]["text"] == "🛠 几分钟后回来"
    assert inline["results"] == []
    assert "photo" in owner
    assert after_restart == private
    assert off.startswith("Maintenance is off")
    assert "Bob" in back


async def test_errors_are_reported_to_the_owner_at_most_once_a_minute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reports, "EVERY", 0.5)  # a minute, shortened
    monkeypatch.setattr(reports, "LOOK", 0.05)
    told: list[tuple[float, str]] = []

    def to_owner(message: dict[str, Any]) -> None:
        if message["chat"]["id"] == ANN and "⚠️" in message.get("text", ""):
            told.append((time.monotonic(), plain_text(message["text"])))

    api = make_api()
    api.on_sent(to_owner)
    async with running_bot(api, tmp_path, env=OWNER) as application:
        api.fail_next("getChatMember", 400, "Bad Request: something unexpected")
        await reply_to(api, BOB, GROUP, "/settings")  # fails in its handler: an error
        await until(lambda: len(told) == 1, timeout=10)
        for _ in range(3):  # three at once, right after a report: the next one, a while later
            logging.getLogger("bot.test").error("Something broke")
        await until(lambda: len(told) == 2, timeout=10)
        await settled(api, application)
    assert [text.split(". The first:")[0] for _, text in told] == [
        "⚠️ 1 error since the last report (1 since start)",
        "⚠️ 3 errors since the last report (4 since start)",
    ]
    assert "Exception while handling an update: BadRequest" in told[0][1]
    assert "bot.test: Something broke" in told[1][1]
    assert told[1][0] - told[0][0] >= 0.4  # (0.5 s apart when decided, less the sending's jitter)
