"""The local Bot API behaves like Telegram where bots get hurt."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import ApiError, LocalBotApi, check_html, utf16_len
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, FaultyBotApi, make_api


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


# --- flood limits -----------------------------------------------------------------------------

OTHER_GROUP = -1_003_000
START = 1000.0


def flood_api(clock: FakeClock, **kwargs: bool) -> FaultyBotApi:
    """Ann, Bob, two groups and a supergroup, on a server whose flood clock is ``clock``."""
    api = FaultyBotApi(clock=clock, **kwargs)
    api.add_user(ANN, "Ann")
    api.add_user(BOB, "Bob")
    api.add_group(GROUP, "Friends")
    api.add_group(OTHER_GROUP, "Others")
    return api


async def send_many(api: LocalBotApi, chat: int, count: int) -> list[int]:
    """Send ``count`` messages to ``chat`` at the clock's present time; their statuses."""
    statuses = []
    for n in range(count):
        status, _ = await api.call("sendMessage", {"chat_id": chat, "text": f"m{n}"})
        statuses.append(status)
    return statuses


@pytest.mark.asyncio
async def test_a_group_takes_20_messages_at_once() -> None:
    api = flood_api(FakeClock(START))
    assert await send_many(api, GROUP, 20) == [200] * 20


@pytest.mark.asyncio
async def test_the_21st_message_in_a_minute_in_a_group_gets_429() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, GROUP, 20)
    assert await send_many(api, GROUP, 1) == [429]


@pytest.mark.asyncio
async def test_a_supergroup_has_the_same_20_a_minute() -> None:
    api = flood_api(FakeClock(START))
    api.add_group(-1_004_000, "Super", supergroup=True)
    assert await send_many(api, -1_004_000, 21) == [200] * 20 + [429]


@pytest.mark.asyncio
async def test_the_429_is_telegrams_with_whole_seconds_rounded_up() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    clock.now = START + 0.5  # the oldest message leaves the window in 59.5 s
    _, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "one more"})
    assert body == {
        "ok": False,
        "error_code": 429,
        "description": "Too Many Requests: retry after 60",
        "parameters": {"retry_after": 60},
    }


@pytest.mark.asyncio
async def test_retry_after_counts_from_the_oldest_message_in_the_window() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 1)
    clock.now = START + 30
    await send_many(api, GROUP, 19)
    clock.now = START + 45
    _, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "one more"})
    assert body["parameters"]["retry_after"] == 15


@pytest.mark.asyncio
async def test_retry_after_is_at_least_one_second() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    clock.now = START + 59.75
    _, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "one more"})
    assert body["parameters"]["retry_after"] == 1


@pytest.mark.asyncio
async def test_a_refused_message_is_not_sent_or_counted() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, GROUP, 25)
    assert len(api.sent) == 20


@pytest.mark.asyncio
async def test_the_group_window_slides() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 1)
    clock.now = START + 30
    await send_many(api, GROUP, 19)
    clock.now = START + 60  # the first message has left the window; the other 19 have not
    assert await send_many(api, GROUP, 2) == [200, 429]


@pytest.mark.asyncio
async def test_the_window_is_still_full_just_before_the_oldest_leaves() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    clock.now = START + 59.5
    assert await send_many(api, GROUP, 1) == [429]


@pytest.mark.asyncio
async def test_after_a_minute_a_group_takes_20_again() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    clock.now = START + 60
    assert await send_many(api, GROUP, 21) == [200] * 20 + [429]


@pytest.mark.asyncio
async def test_edits_count_as_messages() -> None:
    api = flood_api(FakeClock(START))
    _, sent = await api.call("sendMessage", {"chat_id": GROUP, "text": "v0"})
    for n in range(1, 20):
        edit = {"chat_id": GROUP, "message_id": sent["result"]["message_id"], "text": f"v{n}"}
        await api.call("editMessageText", edit)
    assert await send_many(api, GROUP, 1) == [429]


@pytest.mark.asyncio
async def test_an_edit_past_the_limit_gets_429() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, GROUP, 20)
    edit = {"chat_id": GROUP, "message_id": 1, "text": "changed"}
    assert (await api.call("editMessageText", edit))[0] == 429


@pytest.mark.asyncio
async def test_photos_count_as_messages() -> None:
    api = flood_api(FakeClock(START))
    for _ in range(20):
        await api.call("sendPhoto", {"chat_id": GROUP, "photo": b"png"})
    assert await send_many(api, GROUP, 1) == [429]


@pytest.mark.asyncio
async def test_a_photo_past_the_limit_gets_429() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, GROUP, 20)
    assert (await api.call("sendPhoto", {"chat_id": GROUP, "photo": b"png"}))[0] == 429


@pytest.mark.asyncio
async def test_messages_refused_for_their_size_do_not_count() -> None:
    api = flood_api(FakeClock(START))
    for _ in range(20):
        await api.call("sendMessage", {"chat_id": GROUP, "text": "x" * 4097})
    assert await send_many(api, GROUP, 20) == [200] * 20


@pytest.mark.asyncio
async def test_one_groups_flood_leaves_another_groups_20() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    clock.now = START + 1  # past the 30-a-second window, well within the group's minute
    assert await send_many(api, OTHER_GROUP, 20) == [200] * 20


@pytest.mark.asyncio
async def test_private_chats_are_not_held_to_20_a_minute() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    statuses = []
    for second in range(3):
        clock.now = START + second
        statuses += await send_many(api, ANN, 30)
    assert statuses == [200] * 90


@pytest.mark.asyncio
async def test_the_31st_message_in_a_second_gets_429() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, ANN, 15)
    await send_many(api, BOB, 15)
    assert await send_many(api, BOB, 1) == [429]


@pytest.mark.asyncio
async def test_the_30_a_second_counts_groups_and_private_chats_together() -> None:
    api = flood_api(FakeClock(START))
    await send_many(api, GROUP, 10)
    await send_many(api, OTHER_GROUP, 10)
    await send_many(api, ANN, 10)
    assert await send_many(api, BOB, 1) == [429]


@pytest.mark.asyncio
async def test_the_30_a_second_has_retry_after_1() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, ANN, 30)
    clock.now = START + 0.5
    _, body = await api.call("sendMessage", {"chat_id": ANN, "text": "one more"})
    assert body["parameters"]["retry_after"] == 1


@pytest.mark.asyncio
async def test_the_30_a_second_window_slides() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, ANN, 30)
    clock.now = START + 1
    assert await send_many(api, ANN, 30) == [200] * 30


@pytest.mark.asyncio
async def test_breaking_both_limits_reports_the_longer_wait() -> None:
    clock = FakeClock(START)
    api = flood_api(clock)
    await send_many(api, GROUP, 20)
    await send_many(api, ANN, 10)
    clock.now = START + 0.5  # the second has 0.5 s to go, the group's minute 59.5 s
    _, body = await api.call("sendMessage", {"chat_id": GROUP, "text": "one more"})
    assert body["parameters"]["retry_after"] == 60


@pytest.mark.asyncio
async def test_flood_limits_can_be_turned_off() -> None:
    api = flood_api(FakeClock(START), flood_limits=False)
    assert await send_many(api, GROUP, 100) == [200] * 100


@pytest.mark.asyncio
async def test_size_limits_stay_when_flood_limits_are_off() -> None:
    api = flood_api(FakeClock(START), flood_limits=False)
    assert (await api.call("sendMessage", {"chat_id": ANN, "text": "x" * 4097}))[0] == 400


@pytest.mark.asyncio
async def test_an_injected_failure_comes_first_and_is_not_counted() -> None:
    api = flood_api(FakeClock(START))
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 7", retry_after=7)
    assert await send_many(api, GROUP, 21) == [429] + [200] * 20


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
