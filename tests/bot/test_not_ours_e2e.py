"""A Bot API that is not quite Telegram's, through PTB's real HTTP stack in-process: the
picture of a hand that cannot be sent is dealt as text, and command menus the server
refuses are published later while the bot serves."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot import start_up
from bot.local_api import plain_text
from solver import solve
from tests.bot.harness import ANN, BOB, FaultyBotApi, dealt, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


class NoPhotosApi(FaultyBotApi):
    """A Bot API whose ``sendPhoto`` always answers 500 (or, with ``missing``, 404: a
    server without that method)."""

    def __init__(self, *, missing: bool = False) -> None:
        super().__init__()
        self.missing = missing

    async def call(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method == "sendPhoto":
            self.calls.append(method)
            if self.missing:
                return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
            return 500, {"ok": False, "error_code": 500, "description": "Internal Server Error"}
        return await super().call(method, params)


def users(api: FaultyBotApi) -> FaultyBotApi:
    api.add_user(ANN, "Ann", language_code="en")
    api.add_user(BOB, "Bob", language_code="zh-hans")
    return api


@pytest.mark.parametrize("missing", [False, True], ids=["500", "404"])
async def test_a_hand_whose_picture_cannot_be_sent_is_dealt_as_text(
    tmp_path: Path, missing: bool
) -> None:
    api = users(NoPhotosApi(missing=missing))
    async with running_bot(api, tmp_path):
        api.send(ANN, ANN, "/play")
        deal = (await api.wait_for_sent(1, timeout=10))[0]
        hand = dealt({"caption": deal["text"]})
        win = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
    assert plain_text(deal["text"]).endswith("\nType your answer, like (8-2)*4.")
    assert win.startswith("🎉 Ann wins in")


async def test_a_hand_dealt_as_text_is_in_chinese_for_a_chinese_player(tmp_path: Path) -> None:
    api = users(NoPhotosApi())
    async with running_bot(api, tmp_path):
        api.send(BOB, BOB, "/play")
        deal = (await api.wait_for_sent(1, timeout=10))[0]
    assert plain_text(deal["text"]).endswith("\n直接输入答案，例如 (8-2)*4。")


async def test_command_menus_refused_at_start_are_published_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(start_up, "MENU_RETRIES", (0.2,))
    api = users(FaultyBotApi())
    api.fail_next("setMyCommands", 500, "Internal Server Error")
    with caplog.at_level(logging.WARNING, logger="bot.start_up"):
        async with running_bot(api, tmp_path, menus_published=False) as application:
            served = plain_text(await reply_to(api, ANN, ANN, "/start"))
            async with asyncio.timeout(10):
                while len(api.commands) < 6:  # three scopes, two languages
                    await asyncio.sleep(0.05)
            await settled(api, application)
    assert served.startswith("Hi Ann!")
    assert caplog.messages[0] == (
        "Serving without the command menus for now: the Bot API at https://api.telegram.org "
        "answered setMyCommands with HTTP 500 (Internal Server Error); trying again in 0 s"
    )
