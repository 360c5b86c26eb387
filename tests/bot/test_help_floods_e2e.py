"""/help asked for again and again in a group, through the local Bot API: each reply comes
whole (all its messages, in order) or not at all, the one "slow down" is in the chat's
language, and nothing of the flooder's comes after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.i18n import translations
from tests.bot.harness import ANN, GROUP, make_api, running_bot, settled

pytestmark = pytest.mark.asyncio

HELPS = 12
SLOW_DOWN = "Slow down, please: I will answer you again in half a minute."


async def flood_of_helps(tmp_path: Path) -> tuple[list[str], list[str]]:
    """Ann sets the group to Indonesian (whose /help takes two messages), asks /help once and
    waits for it, then sends /help twelve times in a row: the first reply, and what came
    after it."""
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.send(ANN, GROUP, "/language id")
        await settled(api, application)
        before = len(api.sent)
        api.send(ANN, GROUP, "/help")
        await settled(api, application)
        first = texts(api.sent[before:])
        before = len(api.sent)
        for _ in range(HELPS):
            api.send(ANN, GROUP, "/help")
        await settled(api, application)
        burst = texts(api.sent[before:])
    return first, burst


def texts(sent: list[dict[str, Any]]) -> list[str]:
    return [message["text"] for message in sent if message["chat"]["id"] == GROUP]


@pytest_asyncio.fixture
async def helps(tmp_path: Path) -> tuple[list[str], list[str]]:
    return await flood_of_helps(tmp_path)


async def test_indonesian_help_takes_two_messages(helps: tuple[list[str], list[str]]) -> None:
    first, _ = helps
    assert len(first) == 2


async def test_each_help_of_a_flood_is_told_whole(helps: tuple[list[str], list[str]]) -> None:
    first, burst = helps
    replies = [text for text in burst if text not in first]
    assert replies == [translations("id").gettext(SLOW_DOWN)]  # only whole /helps besides


async def test_the_parts_of_each_help_come_in_order(helps: tuple[list[str], list[str]]) -> None:
    first, burst = helps
    told = [text for text in burst if text in first]
    assert told == first * (len(told) // 2)


async def test_the_slow_down_is_said_once_in_the_chats_language_and_last(
    helps: tuple[list[str], list[str]],
) -> None:
    _, burst = helps
    assert burst[-1] == translations("id").gettext(SLOW_DOWN)


async def test_the_flood_was_slowed_down(helps: tuple[list[str], list[str]]) -> None:
    _, burst = helps
    assert len(burst) < 2 * HELPS
