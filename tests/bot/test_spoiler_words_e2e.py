"""/solve's refusals speak to who asks, through the local Bot API: a group member who is
not playing a hand is told it is being played (here, or in a group they are in), not that
they are playing it, and is not pointed to /hint, which they cannot use."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from solver import solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.games import not_in, three_of
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    with_carol,
)

pytestmark = pytest.mark.asyncio


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


async def challenge_played(api: LocalBotApi, clock: FakeClock, player: int) -> tuple[int, ...]:
    """Ann solves a hand in private and shares it as a challenge, which ``player`` starts
    playing in private; returns its hand."""
    hand = dealt(await deal(api, ANN, ANN))
    clock.now += 10
    shared = await share(api, ANN, offer_of(await said(api, ANN, solve(list(hand))[0].text)))
    await said(api, player, link_of(shared))  # the player's clock runs
    return hand


async def test_a_friends_challenge_player_is_not_pointed_to_hint_nor_a_round(
    tmp_path: Path,
) -> None:
    # A challenge is played on one's own in private: /hint there says no round is running.
    api = with_carol()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        hand = await challenge_played(api, clock, CAROL)
        reply = await reply_to(api, CAROL, CAROL, "/solve " + " ".join(map(str, hand)))
    assert reply == (
        "No spoilers: those numbers hold a hand you are playing right now. "
        "Ask again once you are done with it."
    )


async def test_a_friends_challenge_player_asking_three_of_its_cards_in_chinese(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        hand = await challenge_played(api, clock, BOB)  # Bob's Telegram speaks Chinese
        asked = " ".join(map(str, (*three_of(hand), not_in(hand))))
        reply = await reply_to(api, BOB, BOB, f"/solve {asked}")
    assert reply == "不能剧透：这些数里有三个出自你正在玩的那手牌。等你玩完这手牌再问吧。"
