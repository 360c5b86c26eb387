"""A group's status message of wrong answers and its message of late right ones, end to end
through the local Bot API, in a group with privacy mode on (players answer with /a)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from tests.bot.harness import ANN, BOB, GROUP, make_api, reply_to, running_bot, settled
from tests.bot.test_rounds_e2e import deal

pytestmark = pytest.mark.asyncio

TOO_EARLY = "Bob: the answer ends too early, after “(” (column {})"
"""Bob's reason for ``/a (`` (column 1) and ``/a ((`` (column 2), whatever the hand."""


def _to_group(api: LocalBotApi, before: int) -> list[dict]:
    """What the bot sent or edited in the group since ``before``."""
    return [m for m in api.sent[before:] if m["chat"]["id"] == GROUP]


async def test_a_deleted_status_message_is_sent_anew(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, ANN, GROUP)
        await reply_to(api, BOB, GROUP, "/a (")
        api.delete(ANN, api.sent[-1])  # Ann, an admin, deletes "Not yet:"
        before = len(api.sent)
        api.send(BOB, GROUP, "/a ((")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
    assert [(m.get("edited"), plain_text(m["text"])) for m in _to_group(api, before)] == [
        (None, f"Not yet:\n{TOO_EARLY.format(1)}\n{TOO_EARLY.format(2)}")
    ]


async def test_a_status_message_that_cannot_be_edited_is_sent_anew(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, ANN, GROUP)
        await reply_to(api, BOB, GROUP, "/a (")
        api.fail_next("editMessageText", 400, "Bad Request: message can't be edited")
        before = len(api.sent)
        api.send(BOB, GROUP, "/a ((")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
    assert [(m.get("edited"), plain_text(m["text"])) for m in _to_group(api, before)] == [
        (None, f"Not yet:\n{TOO_EARLY.format(1)}\n{TOO_EARLY.format(2)}")
    ]
