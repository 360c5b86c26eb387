"""The console as a client of inline mode and of buttons that are not the bot's to answer:
inline results it can send into the chat, their messages' buttons and edits, links to the
bot with a start parameter, and buttons that share an inline query into a chat picked.

The console talks to a local Bot API with no bot behind it: each test plays the bot's part
by answering through the API's own methods (the network edge)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bot.console import Console
from bot.console.session import GROUP_ID
from bot.console.users import UserTable
from bot.local_api import LocalBotApi

INVITE = {
    "type": "article",
    "id": "duel:abc",
    "title": "Invite to a duel",
    "input_message_content": {"message_text": "Alice invites you to a duel"},
    "reply_markup": {"inline_keyboard": [[{"text": "Accept", "callback_data": "duel:acc:abc"}]]},
}


def console(tmp_path: Path) -> tuple[Console, LocalBotApi, io.StringIO]:
    api = LocalBotApi()
    out = io.StringIO()
    return Console(api, out, UserTable(tmp_path)), api, out


def offer(con: Console, api: LocalBotApi, query: str, results: list[dict[str, Any]]) -> str:
    """The current user types ``@bot query``; the bot answers with ``results``."""
    query_id = api.inline_query(con.user_id, query, chat_type=con._chat_type())
    api.inline_answers[query_id] = {"inline_query_id": query_id, "results": results}
    con.show_inline_answers()
    return query_id


def pushed(api: LocalBotApi) -> dict[str, Any]:
    """The last update the API holds for the bot."""
    return api._updates[-1]


def test_inline_results_are_numbered_for_sending(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    offer(con, api, "duel abc", [INVITE])
    assert "    1. Invite to a duel" in out.getvalue()


def test_a_sent_result_is_shown_in_the_chat_with_its_buttons(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    con.handle(":group")
    offer(con, api, "duel abc", [INVITE])
    con.handle(":send 1")
    assert f"[i1 group] {con.name} via Twenty-Four: Alice invites you to a duel\n    [Accept]" in (
        out.getvalue()
    )


def test_sending_a_result_tells_the_bot_which_was_chosen(tmp_path: Path) -> None:
    con, api, _ = console(tmp_path)
    offer(con, api, "duel abc", [INVITE])
    con.handle(":send 1")
    assert pushed(api)["chosen_inline_result"]["result_id"] == "duel:abc"


def test_a_result_that_is_not_there_is_said(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    offer(con, api, "duel abc", [INVITE])
    con.handle(":send 2")
    assert "(there is no result 2: choose 1 to 1)" in out.getvalue()


def test_nothing_to_send_before_an_inline_query(tmp_path: Path) -> None:
    con, _, out = console(tmp_path)
    con.handle(":send 1")
    assert "(no inline results to send: ask with :inline QUERY first)" in out.getvalue()


def test_another_users_results_are_not_theirs_to_send(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    offer(con, api, "duel abc", [INVITE])
    con.handle(":user Bob")
    con.handle(":send 1")
    assert "(no inline results to send: ask with :inline QUERY first)" in out.getvalue()


def test_a_button_of_an_inline_message_is_pressed_by_its_number(tmp_path: Path) -> None:
    con, api, _ = console(tmp_path)
    offer(con, api, "duel abc", [INVITE])
    con.handle(":send 1")
    con.handle(":user Bob")
    con.handle(":press i1 Accept")
    query = pushed(api)["callback_query"]
    assert (query["inline_message_id"], query["data"]) == ("AgAAA000001", "duel:acc:abc")


@pytest.mark.asyncio
async def test_the_bots_edit_of_an_inline_message_is_shown(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    con.handle(":group")
    offer(con, api, "duel abc", [INVITE])
    con.handle(":send 1")
    await api._m_editMessageText({"inline_message_id": "AgAAA000001", "text": "Bob accepted"})
    assert f"[i1 group edited] {con.name} via Twenty-Four: Bob accepted" in out.getvalue()


def test_a_link_to_the_bot_sends_start_with_its_parameter_in_private(tmp_path: Path) -> None:
    con, api, _ = console(tmp_path)
    con.handle(":group")
    offer(con, api, "", [{**INVITE, "reply_markup": {"inline_keyboard": [[link("duel_abc")]]}}])
    con.handle(":send 1")
    con.handle(":user Bob")
    con.handle(":press i1 Play")
    message = pushed(api)["message"]
    assert (message["chat"]["id"], message["text"]) == (con.user_id, "/start duel_abc")


def test_a_button_that_shares_a_query_asks_it_in_the_group(tmp_path: Path) -> None:
    con, api, _ = console(tmp_path)
    chosen_chat = {"query": "duel abc", "allow_group_chats": True}
    share = {"text": "Share", "switch_inline_query_chosen_chat": chosen_chat}
    sent = api.send(con.user_id, con.user_id, "/duel")
    api._record(
        {
            "message_id": 99,
            "chat": sent["chat"],
            "text": "Share this invitation",
            "reply_markup": {"inline_keyboard": [[share]]},
        }
    )
    con.handle(":press 99 Share")
    query = pushed(api)["inline_query"]
    assert (query["query"], query["chat_type"], con.chat_id) == ("duel abc", "supergroup", GROUP_ID)


def link(payload: str) -> dict[str, str]:
    return {"text": "Play", "url": f"https://t.me/TwentyFourBot?start={payload}"}


def _offer_message(api: LocalBotApi, con: Console, *labels: str) -> None:
    """Message #99 in the current user's private chat, with buttons that share a query."""
    chosen_chat = {"query": "ch abc", "allow_group_chats": True}
    buttons = [{"text": label, "switch_inline_query_chosen_chat": chosen_chat} for label in labels]
    sent = api.send(con.user_id, con.user_id, "/play")
    api._record(
        {
            "message_id": 99,
            "chat": sent["chat"],
            "text": "🎉 You win",
            "reply_markup": {"inline_keyboard": [buttons]},
        }
    )


def test_a_button_is_pressed_by_its_first_word_without_its_emoji(tmp_path: Path) -> None:
    """``:press 99 Challenge`` is ``⚔️ Challenge a friend``: emoji left out, and the words
    after the first."""
    con, api, out = console(tmp_path)
    _offer_message(api, con, "⚔️ Challenge a friend")
    con.handle(":press 99 Challenge")
    assert pushed(api)["inline_query"]["query"] == "ch abc"
    assert "no button" not in out.getvalue()


def test_first_words_that_two_buttons_start_with_press_neither(tmp_path: Path) -> None:
    con, api, out = console(tmp_path)
    _offer_message(api, con, "⚔️ Challenge a friend", "⚔️ Challenge a group")
    con.handle(":press 99 Challenge")
    assert "(no button 'Challenge' under message #99; there are 1: ⚔️ Challenge" in out.getvalue()
