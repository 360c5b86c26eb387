"""The local Bot API's inline mode: results a user chooses, messages edited by their
``inline_message_id``, presses of their buttons, and ``switch_inline_query_chosen_chat``
buttons, each refused where Telegram refuses them."""

from __future__ import annotations

from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, SwitchInlineQueryChosenChat
from telegram.request import HTTPXRequest

from bot.local_api import LocalBotApi, LocalTransport
from tests.bot.harness import ANN, BOB, GROUP, make_api

pytestmark = pytest.mark.asyncio

PLAY = {"inline_keyboard": [[{"text": "Play", "callback_data": "ch:abc"}]]}
SHARE = {
    "text": "Share",
    "switch_inline_query_chosen_chat": {"query": "duel", "allow_group_chats": True},
}


def article(result_id: str, text: str, markup: dict[str, Any] | None = None) -> dict[str, Any]:
    """A text result of an inline answer."""
    result: dict[str, Any] = {
        "type": "article",
        "id": result_id,
        "title": "t",
        "input_message_content": {"message_text": text},
    }
    if markup is not None:
        result["reply_markup"] = markup
    return result


async def updates(api: LocalBotApi) -> list[dict[str, Any]]:
    """The updates queued for the bot (as ``getUpdates`` gives them, without waiting)."""
    status, body = await api.call("getUpdates", {"timeout": 0})
    assert status == 200
    return list(body["result"])


async def shared(api: LocalBotApi, markup: dict[str, Any] | None = PLAY) -> dict[str, Any]:
    """Ann asks the bot inline, it answers with one result, and she sends it to a chat."""
    query_id = api.inline_query(ANN, "challenge abc", "group")
    status, _ = await api.call(
        "answerInlineQuery",
        {"inline_query_id": query_id, "results": [article("r1", "Ann solved it", markup)]},
    )
    assert status == 200
    return api.choose_inline_result(ANN, query_id, "r1")


async def call(api: LocalBotApi, method: str, **params: Any) -> tuple[int, Any]:
    status, body = await api.call(method, params)
    return status, body.get("result", body.get("description"))


# --- chosen inline results --------------------------------------------------------------------


async def test_a_chosen_result_is_sent_via_the_bot_and_reported() -> None:
    api = make_api()
    message = await shared(api)
    assert message["via_bot"]["id"] == api.bot_user["id"]
    assert message["from"]["id"] == ANN
    assert message["text"] == "Ann solved it"
    assert "chat" not in message  # the bot cannot know where it went
    chosen = (await updates(api))[-1]["chosen_inline_result"]
    assert chosen == {
        "result_id": "r1",
        "from": api.users[ANN],
        "query": "challenge abc",
        "inline_message_id": message["inline_message_id"],
    }


async def test_only_a_message_with_a_keyboard_gets_an_inline_message_id() -> None:
    api = make_api()
    message = await shared(api, markup=None)
    assert "inline_message_id" not in message
    assert "inline_message_id" not in (await updates(api))[-1]["chosen_inline_result"]


async def test_only_the_asker_can_choose_from_an_answer() -> None:
    api = make_api()
    query_id = api.inline_query(ANN, "x")
    await api.call(
        "answerInlineQuery", {"inline_query_id": query_id, "results": [article("1", "a")]}
    )
    with pytest.raises(ValueError, match="did not make"):
        api.choose_inline_result(BOB, query_id, "1")
    with pytest.raises(ValueError, match="no result"):
        api.choose_inline_result(ANN, query_id, "2")


# --- editing by inline_message_id ---------------------------------------------------------------


async def test_an_inline_message_is_edited_by_its_id_and_the_answer_is_true() -> None:
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    status, result = await call(
        api,
        "editMessageText",
        inline_message_id=inline_id,
        text="Ann 0:42, Bob 0:30",
        reply_markup=PLAY,
    )
    assert (status, result) == (200, True)
    assert api.inline_messages[inline_id]["text"] == "Ann 0:42, Bob 0:30"
    assert api.inline_messages[inline_id]["reply_markup"] == PLAY


async def test_an_unknown_inline_message_cannot_be_edited() -> None:
    api = make_api()
    status, error = await call(api, "editMessageText", inline_message_id="AgAAAnope", text="x")
    assert (status, error) == (400, "Bad Request: MESSAGE_ID_INVALID")


async def test_an_inline_edit_that_changes_nothing_is_refused() -> None:
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    status, error = await call(
        api, "editMessageText", inline_message_id=inline_id, text="Ann solved it", reply_markup=PLAY
    )
    assert status == 400
    assert error.startswith("Bad Request: message is not modified")


async def test_an_inline_edit_keeps_to_telegrams_limits() -> None:
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    too_long = await call(api, "editMessageText", inline_message_id=inline_id, text="x" * 4097)
    assert too_long == (400, "Bad Request: MESSAGE_TOO_LONG")
    empty = await call(api, "editMessageText", inline_message_id=inline_id, text=" ")
    assert empty == (400, "Bad Request: message text is empty")
    data = {"inline_keyboard": [[{"text": "x", "callback_data": "x" * 65}]]}
    refused = await call(
        api, "editMessageReplyMarkup", inline_message_id=inline_id, reply_markup=data
    )
    assert refused == (400, "Bad Request: BUTTON_DATA_INVALID")


async def test_an_inline_messages_keyboard_is_edited_alone() -> None:
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    status, result = await call(api, "editMessageReplyMarkup", inline_message_id=inline_id)
    assert (status, result) == (200, True)
    assert "reply_markup" not in api.inline_messages[inline_id]
    assert api.inline_messages[inline_id]["text"] == "Ann solved it"


async def test_a_chat_messages_keyboard_is_edited_alone() -> None:
    api = make_api()
    _, sent = await call(api, "sendMessage", chat_id=GROUP, text="deal", reply_markup=PLAY)
    status, edited = await call(
        api, "editMessageReplyMarkup", chat_id=GROUP, message_id=sent["message_id"]
    )
    assert status == 200
    assert edited["text"] == "deal"
    assert "reply_markup" not in edited
    again = await call(api, "editMessageReplyMarkup", chat_id=GROUP, message_id=sent["message_id"])
    assert again[0] == 400
    assert again[1].startswith("Bad Request: message is not modified")
    users = api.send(BOB, GROUP, "/play")
    theirs = await call(
        api, "editMessageReplyMarkup", chat_id=GROUP, message_id=users["message_id"]
    )
    assert theirs == (400, "Bad Request: message can't be edited")
    gone = await call(api, "editMessageReplyMarkup", chat_id=GROUP, message_id=999)
    assert gone == (400, "Bad Request: message to edit not found")


# --- presses of an inline message's buttons ---------------------------------------------------


async def test_a_press_on_an_inline_message_has_its_id_and_no_message() -> None:
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    api.press_inline(BOB, inline_id, "ch:abc")
    query = (await updates(api))[-1]["callback_query"]
    assert query["inline_message_id"] == inline_id
    assert "message" not in query
    assert query["from"]["id"] == BOB


# --- switch_inline_query_chosen_chat --------------------------------------------------------------


async def test_a_chosen_chat_button_is_sent() -> None:
    api = make_api()
    status, _ = await call(
        api, "sendMessage", chat_id=ANN, text="x", reply_markup={"inline_keyboard": [[SHARE]]}
    )
    assert status == 200


@pytest.mark.parametrize(
    ("chosen", "error"),
    [
        ({"query": "duel"}, "Bad Request: At least one chat type must be allowed"),
        ({"allow_user_chats": False}, "Bad Request: At least one chat type must be allowed"),
        (
            "duel",
            "Bad Request: can't parse inline keyboard button: Field "
            '"switch_inline_query_chosen_chat" must be of type Object',
        ),
        (
            {"query": 7, "allow_user_chats": True},
            "Bad Request: can't parse inline keyboard button: Field "
            '"query" must be of type String',
        ),
    ],
)
async def test_a_chosen_chat_button_is_refused_as_telegram_does(chosen: object, error: str) -> None:
    api = make_api()
    button = {"text": "Share", "switch_inline_query_chosen_chat": chosen}
    markup = {"inline_keyboard": [[button]]}
    assert await call(api, "sendMessage", chat_id=ANN, text="x", reply_markup=markup) == (
        400,
        error,
    )
    query_id = api.inline_query(ANN, "x")
    refused = await call(
        api, "answerInlineQuery", inline_query_id=query_id, results=[article("1", "a", markup)]
    )
    assert refused == (400, error)


async def test_ptb_edits_an_inline_message_and_sends_a_chosen_chat_button() -> None:
    # Through PTB's own HTTP stack, as the bot will: True comes back for an inline message.
    api = make_api()
    inline_id = (await shared(api))["inline_message_id"]
    request = HTTPXRequest(httpx_kwargs={"transport": LocalTransport(api)})
    share = InlineKeyboardButton(
        "Share",
        switch_inline_query_chosen_chat=SwitchInlineQueryChosenChat("duel", allow_group_chats=True),
    )
    async with Bot("42:TEST", request=request) as bot:
        assert await bot.edit_message_text("Bob 0:30", inline_message_id=inline_id) is True
        sent = await bot.send_message(
            ANN, "Challenge", reply_markup=InlineKeyboardMarkup([[share]])
        )
    assert api.inline_messages[inline_id]["text"] == "Bob 0:30"
    assert sent.reply_markup is not None
