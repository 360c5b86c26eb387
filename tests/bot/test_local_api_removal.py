"""The local Bot API when a user blocks the bot or an admin removes it from a group: a
``my_chat_member`` update, then 403 for every method in that chat, as Telegram answers."""

from __future__ import annotations

import pytest

from tests.bot.harness import ANN, BOB, GROUP, make_api

pytestmark = pytest.mark.asyncio


async def test_a_blocked_bot_gets_403_in_that_private_chat_only() -> None:
    api = make_api()
    api.remove_bot(ANN, ANN)
    status, body = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    other, _ = await api.call("sendMessage", {"chat_id": BOB, "text": "hi"})
    status_code, updates = await api.call("getUpdates", {"timeout": 0})
    assert (status, body["description"]) == (403, "Forbidden: bot was blocked by the user")
    assert other == 200
    assert status_code == 200
    change = updates["result"][-1]["my_chat_member"]
    assert (change["chat"]["id"], change["new_chat_member"]["status"]) == (ANN, "kicked")


async def test_only_an_admin_removes_the_bot_from_a_group() -> None:
    api = make_api()
    with pytest.raises(PermissionError):
        api.remove_bot(GROUP, BOB)
    api.remove_bot(GROUP, ANN)
    status, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "hi"})
    assert (status, body["description"]) == (403, "Forbidden: bot was kicked from the group chat")
