"""/duel @name in a group, through the local Bot API, when Telegram marks no mention (a
name shorter than a username can be): the reply says the name is not known here, rather
than asking for the /duel @username that was just typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.duels import players
from tests.bot.harness import ANN, BOB, GROUP, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_short_at_name_gets_the_not_seen_reply(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, GROUP, "/start")  # Bob is known here, with no username
        reply = await reply_to(api, ANN, GROUP, "/duel @Bob")
    assert reply == (
        "I haven't seen @Bob here yet: reply to one of their messages with /duel instead."
    )


async def test_a_short_at_name_gets_the_not_seen_reply_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, BOB, GROUP, "/duel @Ann")
    assert reply == "我在这里还没见过 @Ann：请改用 /duel 回复对方的一条消息。"
