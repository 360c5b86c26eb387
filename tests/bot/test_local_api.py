"""The local Bot API as Telegram behaves: privacy mode, entities, HTML, polling, photos, and
what admins and members may delete or edit (its size limits: ``test_local_api_sizes.py``;
its flood limits: ``test_local_api_flood.py``)."""

from __future__ import annotations

from pathlib import Path

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
    assert utf16_len("🎲 ") == 3  # the die is two UTF-16 code units
    assert entity["offset"] == 3
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
    assert caught.value.code == 400
    assert "can't parse entities" in caught.value.description


@pytest.mark.asyncio
async def test_message_not_modified_and_retry_after() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": ANN, "text": "hi"})
    edit = {"chat_id": ANN, "message_id": sent["result"]["message_id"], "text": "hi"}
    status, body = await api.call("editMessageText", edit)
    assert status == 400
    assert "message is not modified" in body["description"]
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 3", retry_after=3)
    status, body = await api.call("sendMessage", {"chat_id": ANN, "text": "again"})
    assert status == 429
    assert body["parameters"]["retry_after"] == 3


@pytest.mark.asyncio
async def test_polls_are_counted_and_an_acknowledged_queue_is_drained() -> None:
    import asyncio

    api = make_api()
    waiting = asyncio.create_task(api.wait_for_poll(1))
    api.send(ANN, ANN, "/start")
    assert not api.drained
    _, body = await api.call("getUpdates", {"timeout": 0})
    await waiting  # the first poll was noticed
    assert not api.drained  # fetched, not yet acknowledged
    await api.call("getUpdates", {"offset": body["result"][-1]["update_id"] + 1, "timeout": 0})
    assert api.drained
    assert api.polls == 2


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
async def test_photos_arrive_with_their_file_and_the_console_shows_the_path(tmp_path: Path) -> None:
    import io

    from telegram import Bot
    from telegram.request import HTTPXRequest

    from bot.console import Console
    from bot.console.users import UserTable
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
    Console(api, shown, UserTable(tmp_path))._show(api.sent[-1])
    assert f"(photo: {saved})" in shown.getvalue()
    assert "3 3 8 8" in shown.getvalue()


async def _kinds(api: LocalBotApi, params: dict) -> list[str]:
    status, body = await api.call("getUpdates", {"timeout": 0, **params})
    assert status == 200
    return [next(k for k in update if k != "update_id") for update in body["result"]]


@pytest.mark.parametrize(
    ("bot_is_admin", "allowed", "kinds"),
    [
        (True, {"allowed_updates": ["message", "chat_member"]}, ["chat_member"]),
        (True, {}, []),  # Telegram's default leaves chat_member out
        (False, {"allowed_updates": ["message", "chat_member"]}, []),
    ],
    ids=["asked, as an admin", "not asked", "asked, not an admin"],
)
@pytest.mark.asyncio
async def test_a_demotion_is_told_to_an_admin_bot_that_asked(
    bot_is_admin: bool, allowed: dict, kinds: list[str]
) -> None:
    api = make_api()
    api.chats[GROUP].bot_is_admin = bot_is_admin
    api.chats[GROUP].admins.add(BOB)
    await _kinds(api, allowed)  # the bot says what it wants
    api.set_admin(GROUP, ANN, False, by_user=BOB)
    assert await _kinds(api, {}) == kinds  # the list asked for last still holds


async def _edit(api: LocalBotApi, message_id: int) -> tuple[int, dict]:
    return await api.call(
        "editMessageText", {"chat_id": GROUP, "message_id": message_id, "text": "edited"}
    )


@pytest.mark.asyncio
async def test_a_message_an_admin_deleted_cannot_be_edited() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": GROUP, "text": "Not yet:"})
    api.delete(ANN, sent["result"])  # Ann is the group's admin
    _, body = await _edit(api, sent["result"]["message_id"])
    assert body["description"] == "Bad Request: message to edit not found"


def test_a_member_may_delete_only_their_own_messages() -> None:
    api = make_api()
    anns = api.send(ANN, GROUP, "hello")
    with pytest.raises(PermissionError):
        api.delete(BOB, anns)


@pytest.mark.asyncio
async def test_the_bot_deletes_its_own_message() -> None:
    api = make_api()
    _, sent = await api.call("sendMessage", {"chat_id": GROUP, "text": "Not yet:"})
    params = {"chat_id": GROUP, "message_id": sent["result"]["message_id"]}
    await api.call("deleteMessage", params)
    _, body = await api.call("deleteMessage", params)  # it is gone: nothing to delete
    assert body["description"] == "Bad Request: message to delete not found"


@pytest.mark.asyncio
async def test_a_message_the_bot_did_not_send_cannot_be_edited() -> None:
    api = make_api()
    anns = api.send(ANN, GROUP, "/a 1+2")
    _, body = await _edit(api, anns["message_id"])
    assert body["description"] == "Bad Request: message can't be edited"
