"""The local Bot API behaves like Telegram where bots get hurt."""

from __future__ import annotations

import pytest

from bot.local_api import ApiError, LocalBotApi, check_html, utf16_len
from tests.bot.harness import ANN, BOB, GROUP, make_api


def test_privacy_mode_shows_commands_replies_and_mentions_only() -> None:
    api = make_api()
    assert not api.visible_to_bot(api.send(BOB, GROUP, "hello"))
    assert api.visible_to_bot(api.send(BOB, GROUP, "/help"))
    assert api.visible_to_bot(api.send(BOB, GROUP, "/help@TwentyFourBot"))
    assert not api.visible_to_bot(api.send(BOB, GROUP, "/help@OtherBot"))
    assert api.visible_to_bot(api.send(BOB, GROUP, "hey @TwentyFourBot"))
    assert api.visible_to_bot(api.send(BOB, BOB, "hello"))
    assert api.pushed == 4


@pytest.mark.asyncio
async def test_replies_to_the_bot_are_visible() -> None:
    api = make_api()
    status, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "deal"})
    assert status == 200
    reply = api.send(BOB, GROUP, "8/(3-8/3)", reply_to=body["result"]["message_id"])
    assert api.visible_to_bot(reply)


def test_command_entities_use_utf16_offsets() -> None:
    api = make_api()
    message = api.send(ANN, ANN, "🎲 /solve@TwentyFourBot 3 3 8 8")
    entity = message["entities"][0]
    assert entity["type"] == "bot_command"
    assert entity["offset"] == utf16_len("🎲 ") == 3
    assert entity["length"] == len("/solve@TwentyFourBot")


@pytest.mark.parametrize(
    "text", ["<b>bold</b> &amp; <i>it</i>", "<code>8÷(3−8÷3)</code>", '<a href="x">y</a>']
)
def test_valid_html(text: str) -> None:
    check_html(text)


@pytest.mark.parametrize(
    "text", ["<script>x</script>", "a < b", "<b>open", "Tom & Jerry", "<b></i>"]
)
def test_invalid_html_is_refused(text: str) -> None:
    with pytest.raises(ApiError) as caught:
        check_html(text)
    assert caught.value.code == 400 and "can't parse entities" in caught.value.description


@pytest.mark.asyncio
async def test_message_not_modified_and_retry_after() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    edit = {"chat_id": ANN, "message_id": sent["result"]["message_id"], "text": "hi"}
    status, body = await api.call("editMessageText", edit)
    assert status == 400 and "message is not modified" in body["description"]
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 3", retry_after=3)
    status, body = await api.call("sendMessage", {"chat_id": ANN, "text": "again"})
    assert status == 429 and body["parameters"]["retry_after"] == 3


@pytest.mark.asyncio
async def test_a_new_poller_ends_the_waiting_one_with_409() -> None:
    import asyncio

    api = LocalBotApi()
    first = asyncio.create_task(api.call("getUpdates", {"timeout": 2}))
    await asyncio.sleep(0.05)
    second = asyncio.create_task(api.call("getUpdates", {"timeout": 0}))
    assert (await first)[0] == 409
    assert (await second)[0] == 200


@pytest.mark.asyncio
async def test_photos_arrive_with_their_file_and_the_console_shows_the_path(tmp_path) -> None:
    import io

    from telegram import Bot
    from telegram.request import HTTPXRequest

    from bot.console import Console
    from bot.local_api import LocalTransport

    api = make_api()
    saved = tmp_path / "card.png"

    def save(data: bytes) -> str:
        saved.write_bytes(data)
        return str(saved)

    request = HTTPXRequest(httpx_kwargs={"transport": LocalTransport(api, save_files=save)})
    async with Bot("42:TEST", request=request) as bot:
        await bot.send_photo(
            ANN, io.BytesIO(b"\x89PNG fake"), caption="<b>3 3 8 8</b>", parse_mode="HTML"
        )
    assert saved.read_bytes() == b"\x89PNG fake"
    shown = io.StringIO()
    Console(api, shown)._show(api.sent[-1])
    assert f"(photo: {saved})" in shown.getvalue() and "3 3 8 8" in shown.getvalue()
