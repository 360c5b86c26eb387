"""A 429 holds only what it is about, through the local Bot API: a flood limit on inline
answers or on one chat never holds up anyone else (see bot/services/outbox/flood_control.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from tests.bot.harness import ANN, BOB, GROUP, make_api, probe, running_bot, settled, until

pytestmark = pytest.mark.asyncio

OTHER_GROUP = -1_002_001
LONG = 60
"""A flood limit's ``retry_after``, longer than any bound of these tests."""


async def made(api: LocalBotApi, method: str, count: int = 1) -> None:
    """Wait until the bot has called ``method`` ``count`` times (bounded)."""
    await until(lambda: api.calls.count(method) >= count, timeout=10)


async def test_a_429_on_inline_answers_does_not_delay_another_users_start(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("answerInlineQuery", 429, f"Too Many Requests: retry after {LONG}", LONG)
        api.inline_query(BOB, "3 3 8 8")
        await made(api, "answerInlineQuery")
        await probe(api, ANN)  # fails past its bound (2 s)


async def test_inline_answers_held_by_a_429_are_not_waited_for(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.fail_next("answerInlineQuery", 429, f"Too Many Requests: retry after {LONG}", LONG)
        api.inline_query(BOB, "3 3 8 8")
        await made(api, "answerInlineQuery")
        api.inline_query(BOB, "1 2 3 4")
        await settled(api, application)  # every handler ended: none waits out the minute
    assert api.calls.count("answerInlineQuery") == 1


async def test_a_button_press_held_by_a_429_still_turns_the_page(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.send(BOB, BOB, "/solve 1 2 3 4 5")
        await settled(api, application)
        listing = api.sent[-1]
        api.fail_next("answerCallbackQuery", 429, f"Too Many Requests: retry after {LONG}", LONG)
        api.press(BOB, listing, "solve:1")
        await settled(api, application)
    assert api.sent[-1]["message_id"] == listing["message_id"]
    assert api.sent[-1].get("edited")


async def test_a_429_on_one_group_holds_only_that_group(tmp_path: Path) -> None:
    # /start: one message (/help may take two, in as few as fit Telegram's 4096 characters).
    api = make_api()
    api.add_group(OTHER_GROUP, "Others", admins={ANN})
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 429, f"Too Many Requests: retry after {LONG}", LONG)
        api.send(BOB, GROUP, "/start")
        await made(api, "sendMessage")  # the group's reply met the 429
        api.send(ANN, GROUP, "/start")
        before = len(api.sent)
        api.send(ANN, OTHER_GROUP, "/start")
        (answered,) = await api.wait_for_sent(before + 1)
        to_group = [m for m in api.sent if m["chat"]["id"] == GROUP]
    assert answered["chat"]["id"] == OTHER_GROUP
    assert to_group == []


async def test_a_429_on_one_group_is_not_hammered(tmp_path: Path) -> None:
    # While held, the group's queued replies are not tried again (each would be a 429 more).
    api = make_api()
    api.add_group(OTHER_GROUP, "Others", admins={ANN})
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 429, f"Too Many Requests: retry after {LONG}", LONG)
        api.send(BOB, GROUP, "/start")
        await made(api, "sendMessage")
        api.send(ANN, GROUP, "/start")
        before = len(api.sent)
        api.send(ANN, OTHER_GROUP, "/start")
        await api.wait_for_sent(before + 1)
    assert api.calls.count("sendMessage") == 2


async def test_429s_in_many_chats_at_once_hold_everything_briefly(tmp_path: Path) -> None:
    # Telegram's limit on the whole bot: three groups refused in the same second.
    api = make_api()
    groups = [-1_002_010, -1_002_011, -1_002_012]
    for group in groups:
        api.add_group(group, "G", admins={ANN})
    async with running_bot(api, tmp_path) as application:
        for _ in groups:
            api.fail_next("sendMessage", 429, "Too Many Requests: retry after 2", 2)
        for group in groups:
            api.send(ANN, group, "/start")
        await made(api, "sendMessage", len(groups))
        outbox = application.bot_data.outbox
        assert outbox.paused_all_until > outbox.clock()
        await settled(api, application)
    answered = {m["chat"]["id"] for m in api.sent}
    assert answered == set(groups)
