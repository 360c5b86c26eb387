"""/solve's refusals speak to who asks, through the local Bot API: a group member who is
not playing a hand is told it is being played (here, or in a group they are in), not that
they are playing it, and is not pointed to /hint, which they cannot use."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from tests.bot.harness import ANN, BOB, GROUP, deal, dealt, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

CAROL = 503


def with_carol() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    return api


async def test_a_member_not_playing_asks_in_the_group(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = " ".join(map(str, dealt(await deal(api, ANN, GROUP))))
        reply = await reply_to(api, CAROL, GROUP, f"/solve {hand}")
    assert reply == (
        "No spoilers: those numbers hold a hand being played here right now. "
        "Ask again once its round is over."
    )


async def test_a_member_not_playing_asks_in_private(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = " ".join(map(str, dealt(await deal(api, ANN, GROUP))))
        await reply_to(api, CAROL, GROUP, "/start")  # seen in the group
        reply = await reply_to(api, CAROL, CAROL, f"/solve {hand}")
    assert reply == (
        "No spoilers: those numbers hold a hand being played right now in a group you are "
        "in. Ask again once its round is over."
    )


async def test_a_member_not_playing_asks_in_the_group_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        hand = " ".join(map(str, dealt(await deal(api, ANN, GROUP))))
        reply = await reply_to(api, BOB, GROUP, f"/solve {hand}")
    assert reply == "不能剧透：这些数里含有这里正在进行的一手牌。等这一局结束再问吧。"


async def test_the_rounds_player_asking_in_its_group_is_pointed_to_hint(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = " ".join(map(str, dealt(await deal(api, ANN, GROUP))))
        reply = await reply_to(api, ANN, GROUP, f"/solve {hand}")
    assert reply == (
        "No spoilers: those numbers hold a hand you are playing right now. "
        "Ask again once its round is over (/hint helps meanwhile)."
    )
