"""The local Bot API's size limits, as Telegram's: 4096 characters a message (UTF-16 code
units, as the user sees HTML), 1024 a caption, 64 bytes of callback data, 100 buttons, 200
characters a callback answer, 50 inline results; refused with Telegram's words."""

from __future__ import annotations

import pytest

from tests.bot.harness import ANN, make_api

# --- size limits ----------------------------------------------------------------------------


def _keyboard(buttons: int, data: str = "x") -> dict[str, object]:
    """An inline keyboard of ``buttons`` buttons in rows of ten, each with ``data``."""
    labels = [{"text": str(n), "callback_data": data} for n in range(buttons)]
    return {"inline_keyboard": [labels[i : i + 10] for i in range(0, buttons, 10)]}


def _article(text: str, result_id: str = "1", **content: object) -> dict[str, object]:
    return {
        "type": "article",
        "id": result_id,
        "title": "t",
        "input_message_content": {"message_text": text, **content},
    }


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"), [("x" * 4096, 200), ("x" * 4097, 400)], ids=["4096", "4097"]
)
async def test_message_text_may_have_4096_characters(text: str, status: int) -> None:
    api = make_api()
    assert (await api.call("sendMessage", {"chat_id": ANN, "text": text}))[0] == status


@pytest.mark.asyncio
async def test_a_too_long_message_is_refused_with_telegrams_words() -> None:
    api = make_api()
    _, body = await api.call("sendMessage", {"chat_id": ANN, "text": "x" * 4097})
    assert body["description"] == "Bad Request: message is too long"


@pytest.mark.asyncio
async def test_a_refused_message_is_not_sent() -> None:
    api = make_api()
    await api.call("sendMessage", {"chat_id": ANN, "text": "x" * 4097})
    assert api.sent == []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"), [("🎲" * 2048, 200), ("🎲" * 2048 + "x", 400)], ids=["4096", "4097"]
)
async def test_message_length_counts_utf16_code_units(text: str, status: int) -> None:
    api = make_api()
    assert (await api.call("sendMessage", {"chat_id": ANN, "text": text}))[0] == status


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("<b>" + "x" * 4096 + "</b>", 200),  # tags are not shown, so they are not counted
        ("<b>" + "x" * 4097 + "</b>", 400),
        ("&amp;" * 4096, 200),  # an entity is the one character it stands for
        ("&amp;" * 4097, 400),
    ],
    ids=["tags-4096", "tags-4097", "entities-4096", "entities-4097"],
)
async def test_html_length_is_what_the_user_sees(text: str, status: int) -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": text, "parse_mode": "HTML"}
    assert (await api.call("sendMessage", params))[0] == status


@pytest.mark.asyncio
async def test_without_parse_mode_markup_counts_as_text() -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": "&amp;" * 820}  # 4,100 characters as they stand
    assert (await api.call("sendMessage", params))[0] == 400


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("caption", "status"), [("x" * 1024, 200), ("x" * 1025, 400)], ids=["1024", "1025"]
)
async def test_photo_caption_may_have_1024_characters(caption: str, status: int) -> None:
    api = make_api()
    params = {"chat_id": ANN, "photo": b"png", "caption": caption}
    assert (await api.call("sendPhoto", params))[0] == status


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("caption", "status"),
    [("<i>" + "x" * 1024 + "</i>", 200), ("<i>" + "x" * 1025 + "</i>", 400)],
    ids=["1024", "1025"],
)
async def test_html_caption_length_is_what_the_user_sees(caption: str, status: int) -> None:
    api = make_api()
    params = {"chat_id": ANN, "photo": b"png", "caption": caption, "parse_mode": "HTML"}
    assert (await api.call("sendPhoto", params))[0] == status


@pytest.mark.asyncio
async def test_a_too_long_caption_is_refused_with_telegrams_words() -> None:
    api = make_api()
    params = {"chat_id": ANN, "photo": b"png", "caption": "x" * 1025}
    _, body = await api.call("sendPhoto", params)
    assert body["description"] == "Bad Request: message caption is too long"


@pytest.mark.asyncio
async def test_a_refused_photo_gets_no_file_id() -> None:
    api = make_api()
    await api.call("sendPhoto", {"chat_id": ANN, "photo": b"png", "caption": "x" * 1025})
    assert api.photos == {}


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"), [("y" * 4096, 200), ("y" * 4097, 400)], ids=["4096", "4097"]
)
async def test_an_edit_may_have_4096_characters(text: str, status: int) -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    edit = {"chat_id": ANN, "message_id": sent["result"]["message_id"], "text": text}
    assert (await api.call("editMessageText", edit))[0] == status


@pytest.mark.asyncio
async def test_a_too_long_edit_is_refused_with_telegrams_words() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    edit = {"chat_id": ANN, "message_id": sent["result"]["message_id"], "text": "y" * 4097}
    _, body = await api.call("editMessageText", edit)
    assert body["description"] == "Bad Request: message is too long"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("data", "status"),
    [
        ("d" * 64, 200),
        ("d" * 65, 400),
        ("五" * 21 + "d", 200),  # 64 bytes of UTF-8
        ("五" * 22, 400),  # 22 characters, but 66 bytes
    ],
    ids=["64-ascii", "65-ascii", "64-bytes-chinese", "66-bytes-chinese"],
)
async def test_callback_data_may_have_64_bytes(data: str, status: int) -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": "pick", "reply_markup": _keyboard(1, data)}
    assert (await api.call("sendMessage", params))[0] == status


@pytest.mark.asyncio
async def test_too_long_callback_data_is_refused_with_telegrams_words() -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": "pick", "reply_markup": _keyboard(1, "d" * 65)}
    _, body = await api.call("sendMessage", params)
    assert body["description"] == "Bad Request: BUTTON_DATA_INVALID"


@pytest.mark.asyncio
@pytest.mark.parametrize(("buttons", "status"), [(100, 200), (101, 400)], ids=["100", "101"])
async def test_an_inline_keyboard_may_have_100_buttons(buttons: int, status: int) -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": "pick", "reply_markup": _keyboard(buttons)}
    assert (await api.call("sendMessage", params))[0] == status


@pytest.mark.asyncio
async def test_too_many_buttons_are_refused_with_telegrams_words() -> None:
    api = make_api()
    params = {"chat_id": ANN, "text": "pick", "reply_markup": _keyboard(101)}
    _, body = await api.call("sendMessage", params)
    assert body["description"] == "Bad Request: reply markup is too long"


@pytest.mark.asyncio
async def test_photo_buttons_are_checked() -> None:
    api = make_api()
    params = {"chat_id": ANN, "photo": b"png", "reply_markup": _keyboard(1, "d" * 65)}
    assert (await api.call("sendPhoto", params))[0] == 400


@pytest.mark.asyncio
async def test_edited_buttons_are_checked() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    edit = {
        "chat_id": ANN,
        "message_id": sent["result"]["message_id"],
        "text": "hi",
        "reply_markup": _keyboard(101),
    }
    assert (await api.call("editMessageText", edit))[0] == 400


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"), [("z" * 200, 200), ("z" * 201, 400)], ids=["200", "201"]
)
async def test_a_callback_answer_may_have_200_characters(text: str, status: int) -> None:
    api = make_api()
    params = {"callback_query_id": "1", "text": text}
    assert (await api.call("answerCallbackQuery", params))[0] == status


@pytest.mark.asyncio
async def test_a_too_long_callback_answer_is_refused_with_telegrams_words() -> None:
    api = make_api()
    params = {"callback_query_id": "1", "text": "z" * 201}
    _, body = await api.call("answerCallbackQuery", params)
    assert body["description"] == "Bad Request: MESSAGE_TOO_LONG"


@pytest.mark.asyncio
@pytest.mark.parametrize(("count", "status"), [(50, 200), (51, 400)], ids=["50", "51"])
async def test_an_inline_answer_may_have_50_results(count: int, status: int) -> None:
    api = make_api()
    results = [_article("a", str(n)) for n in range(count)]
    params = {"inline_query_id": "1", "results": results}
    assert (await api.call("answerInlineQuery", params))[0] == status


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "status"),
    [("x" * 4096, 200), ("x" * 4097, 400), ("<b>" + "x" * 4096 + "</b>", 200)],
    ids=["4096", "4097", "tags-4096"],
)
async def test_an_inline_results_text_may_have_4096_characters(text: str, status: int) -> None:
    api = make_api()
    params = {"inline_query_id": "1", "results": [_article(text, parse_mode="HTML")]}
    assert (await api.call("answerInlineQuery", params))[0] == status


@pytest.mark.asyncio
async def test_a_too_long_inline_result_is_refused_with_telegrams_words() -> None:
    api = make_api()
    params = {"inline_query_id": "1", "results": [_article("x" * 4097)]}
    _, body = await api.call("answerInlineQuery", params)
    assert body["description"] == "Bad Request: MESSAGE_TOO_LONG"


@pytest.mark.asyncio
async def test_inline_result_buttons_are_checked() -> None:
    api = make_api()
    result = dict(_article("a"), reply_markup=_keyboard(1, "d" * 65))
    params = {"inline_query_id": "1", "results": [result]}
    assert (await api.call("answerInlineQuery", params))[0] == 400
