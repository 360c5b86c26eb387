"""The local Bot API's flood limits, as Telegram's: 20 messages a minute in a group, 30 a
second in all, a 429 with Telegram's retry_after, windows that slide."""

from __future__ import annotations

import pytest

from bot.local_api import LocalBotApi
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, FaultyBotApi

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
