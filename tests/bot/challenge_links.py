"""Helpers for challenges' tests: a solve's "Challenge a friend" offer, the shared message
sent through inline mode, and its Play link."""

from __future__ import annotations

from typing import Any

from bot.local_api import LocalBotApi


async def said(api: LocalBotApi, user: int, text: str) -> dict[str, Any]:
    """The bot's next message after ``user`` says ``text`` in private."""
    before = len(api.sent)
    api.send(user, user, text)
    return (await api.wait_for_sent(before + 1))[before]


def offer_of(message: dict[str, Any]) -> str:
    """The inline query of a solve's "Challenge a friend" button."""
    button = message["reply_markup"]["inline_keyboard"][-1][0]
    assert button["text"] in ("⚔️ Challenge a friend", "⚔️ 挑战朋友")
    chosen = button["switch_inline_query_chosen_chat"]
    assert chosen["allow_group_chats"] is True
    return str(chosen["query"])


async def share(api: LocalBotApi, user: int, query: str, chat_type: str = "supergroup") -> dict:
    """``user`` shares a challenge: the button's query, its one result chosen; the message
    as the chat shows it."""
    query_id = api.inline_query(user, query, chat_type)
    answer = await api.wait_for_inline_answer(query_id)
    (result,) = answer["results"]
    return api.choose_inline_result(user, query_id, result["id"])


def link_of(shared: dict[str, Any]) -> str:
    """The ``/start`` a shared message's Play button sends."""
    url = shared["reply_markup"]["inline_keyboard"][0][0]["url"]
    prefix = "https://t.me/TwentyFourBot?start="
    assert url.startswith(prefix)
    return "/start " + url.removeprefix(prefix)
