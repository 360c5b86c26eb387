"""The unmodified bot through PTB's HTTP stack against the in-process Bot API."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from bot.games.daily.subscriptions import DAILY_POST
from bot.local_api import plain_text
from bot.menus import menu_languages
from bot.rules.rounds import ROUND_SEAT
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    make_api,
    reply_to,
    running_bot,
    saved_record,
    settled,
    until,
    whole_reply,
)

pytestmark = pytest.mark.asyncio


async def test_start_and_help_in_private_and_group(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        assert "Hi Ann!" in await reply_to(api, ANN, ANN, "/start")
        assert "Hi!" in await reply_to(api, ANN, GROUP, "/start@TwentyFourBot")
        help_text = await whole_reply(api, application, BOB, GROUP, "/help@TwentyFourBot")
        assert "/solve 3 3 8 8" in help_text
        assert "隐私模式" in help_text  # Bob reads Chinese
        before = len(api.sent)
        api.send(BOB, GROUP, "just chatting")  # privacy mode: never reaches the bot
        await settled(api, application)
        answered = api.sent[before:]
        assert "24" in await whole_reply(api, application, ANN, GROUP, "/help")
    assert [m for m in api.sent if m["chat"]["id"] not in (ANN, GROUP)] == []
    assert answered == []


async def test_commands_are_registered_per_scope_and_language(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, menus_published=False):
        pass
    scopes = {json.loads(scope)["type"] for scope, _ in api.commands}
    assert scopes == {"all_private_chats", "all_group_chats", "all_chat_administrators"}
    languages = {language for _, language in api.commands}
    assert languages == {code or "" for code in menu_languages()}  # "", "es", … "zh"
    zh = api.commands[('{"type": "all_private_chats"}', "zh")]
    assert {c["command"] for c in zh} >= {"start", "help", "solve"}
    assert "玩法说明" in [c["description"] for c in zh]


async def test_solve_replies_and_bad_input(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        assert "8÷(3−8÷3)" in plain_text(await reply_to(api, ANN, ANN, "/solve 3 3 8 8"))
        answer = plain_text(await reply_to(api, ANN, ANN, "/solve 1 2 3 4 7 25 = 573"))
        assert "5 distinct solutions" in answer
        assert "cannot make 24" in plain_text(await reply_to(api, ANN, ANN, "/solve 1 1 1 1"))
        for bad in ["/solve <b>x</b>", "/solve " + " ".join(["1"] * 50), "/solve 10**1000"]:
            text = plain_text(await reply_to(api, ANN, ANN, bad))
            assert "could not read" in text
        assert "Give me the numbers" in await reply_to(api, ANN, ANN, "/solve")
        assert "共 1 种不同解法" in plain_text(await reply_to(api, BOB, BOB, "/solve 3 3 8 8"))
        assert "x 不是数字" in plain_text(await reply_to(api, BOB, BOB, "/solve 3 x 8"))
        assert "-3: negative" in plain_text(await reply_to(api, ANN, ANN, "/solve -3 3 8 8"))


async def test_rate_limiter_retries_after_429(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        assert "Hi Ann!" in await reply_to(api, ANN, ANN, "/start")
    assert api.calls.count("sendMessage") == 2


async def test_a_refused_reply_is_logged_and_the_user_told(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 400, "Bad Request: something unexpected")
        with caplog.at_level(logging.WARNING):
            text = await reply_to(api, BOB, BOB, "/start")
    assert text == "抱歉，出错了，请再试一次。"
    assert "not sent: Something unexpected" in caplog.text


async def test_error_handler_logs_and_tells_the_user(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        # The admin check fails inside the handler: the error handler takes over.
        api.fail_next("getChatMember", 400, "Bad Request: something unexpected")
        with caplog.at_level(logging.ERROR):
            text = await reply_to(api, BOB, GROUP, "/settings")
    assert text == "抱歉，出错了，请再试一次。"
    assert "Exception while handling an update" in caplog.text


async def test_forbidden_is_logged_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
        with caplog.at_level(logging.INFO):
            api.send(ANN, ANN, "/start")
            await reply_to(api, ANN, ANN, "/help")
    assert "Forbidden" in caplog.text
    assert "Exception while handling" not in caplog.text


async def test_chat_data_survives_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/start")
        application.chat_data[GROUP].language.chosen = "zh"
        await application.update_persistence()
    async with running_bot(api, tmp_path):
        # Ann's Telegram is English, but the group chose Chinese before the restart.
        assert "大家好" in await reply_to(api, ANN, GROUP, "/start")


async def test_saves_changes_within_a_second_and_nothing_while_idle(tmp_path: Path) -> None:
    api = make_api()
    data_file = tmp_path / "twentyfour.sqlite3"
    async with running_bot(api, tmp_path) as application:
        await application.bot_data.solving.warm_up()  # tables computed and kept once, at start-up
        await reply_to(api, ANN, GROUP, "/start")
        application.chat_data[GROUP].language.chosen = "zh"
        await asyncio.sleep(0.6)  # the regular save runs four times a second
        assert saved_record(tmp_path, "chat", GROUP).language.chosen == "zh"
        wal = data_file.with_name(data_file.name + "-wal")
        before = wal.stat()
        await asyncio.sleep(1.0)
        after = wal.stat()
        assert after.st_size == before.st_size
        assert after.st_mtime_ns == before.st_mtime_ns


async def test_group_upgraded_to_supergroup_keeps_its_data(tmp_path: Path) -> None:
    api = make_api()
    supergroup = -1_009_000_000_001
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/start")
        application.chat_data[GROUP].language.chosen = "zh"
        api.migrate(GROUP, supergroup)
        await until(lambda: supergroup in application.chat_data)
        assert "大家好" in await reply_to(api, ANN, supergroup, "/start")
        assert application.chat_data[supergroup].language.chosen == "zh"
        assert GROUP not in application.chat_data


async def test_a_round_and_the_daily_post_follow_the_group_to_its_supergroup(
    tmp_path: Path,
) -> None:
    api = make_api()
    supergroup = -1_009_000_000_002
    async with running_bot(api, tmp_path) as application:
        timers = application.bot_data.timers
        application.chat_data[GROUP].language.chosen = "en"
        await reply_to(api, ANN, GROUP, "/subscribe 08:30")
        application.chat_data[GROUP].table.settings.time_limit = 2
        before = len(api.sent)
        api.send(ANN, GROUP, "/play")
        assert "photo" in (await api.wait_for_sent(before + 1))[-1]
        await settled(api, application)
        post_time = timers.pending(GROUP, DAILY_POST)[0].next_t
        api.migrate(GROUP, supergroup)
        await settled(api, application)
        moved = {job.name: job for job in timers.pending(supergroup)}
        assert timers.pending(GROUP) == []
        assert sorted(moved) == [
            f"daily:{supergroup}",
            f"half-time:{supergroup}",
            f"time-up:{supergroup}",
        ]
        assert moved[f"daily:{supergroup}"].next_t == post_time
        assert {job.chat_id for job in moved.values()} == {supergroup}
        # The round's time runs out in the supergroup, where its data now is.
        await until(lambda: [m for m in api.sent if "Time is up" in m.get("text", "")])
        await settled(api, application)
        time_up = [m for m in api.sent if "Time is up" in m.get("text", "")]
        assert [m["chat"]["id"] for m in time_up] == [supergroup]
        assert not ROUND_SEAT.on(application.chat_data[supergroup].table)
        assert GROUP not in application.chat_data


async def test_greets_a_group_when_added(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        before = len(api.sent)
        api.add_bot(GROUP, BOB)
        sent = await api.wait_for_sent(before + 1)
    assert sent[-1]["chat"]["id"] == GROUP
    assert "大家好" in sent[-1]["text"]  # Bob, who added the bot, reads Chinese
