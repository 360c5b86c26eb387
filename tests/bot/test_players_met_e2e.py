"""Those a player has played are named to them, through the running bot: a duel's opponent
on their /rating in private, and a friend whose challenge they played on its hand's record;
a player they have not played is named by their handle."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.duels import CAROL, DAVE, NOON, accept, invite, players, win_hand
from tests.bot.handles import tag
from tests.bot.harness import ANN, FakeClock, dealt, reply_to, running_bot, settled

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def _duel(tmp_path: Path) -> tuple[list[str], list[str]]:
    """Ann beats Carol 3–0 in the group; the lines of Ann's and Carol's /rating in private."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        for _ in range(3):
            await win_hand(api, application, clock, ANN)
        await settled(api, application)
        ann = plain_text(await reply_to(api, ANN, ANN, "/rating")).split("\n")
        carol = plain_text(await reply_to(api, CAROL, CAROL, "/rating")).split("\n")
    return ann, carol


async def test_a_duels_winner_sees_the_opponent_named_in_private(tmp_path: Path) -> None:
    ann, _carol = await _duel(tmp_path)
    assert ann[-1].startswith("✅ won against Carol: +")


async def test_a_duels_loser_sees_the_winner_named_in_private(tmp_path: Path) -> None:
    _ann, carol = await _duel(tmp_path)
    assert carol[-1].startswith("❌ lost to Ann: −")


async def _challenge(tmp_path: Path) -> str:
    """Ann solves a hand in private in 8.5 s and shares the challenge; Carol plays it; what
    Carol's solve says of the hand's record."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        hand = dealt(await said(api, ANN, "/play"))
        clock.now += 8.5
        solved = await said(api, ANN, solve(hand)[0].text)
        shared = await share(api, ANN, offer_of(solved))
        await settled(api, application)
        await said(api, CAROL, link_of(shared))
        clock.now += 20
        record = plain_text((await said(api, CAROL, solve(hand)[0].text))["text"])
    return record.split("\n")[-1]


async def test_a_friend_who_played_a_challenge_sees_its_setter_named(tmp_path: Path) -> None:
    assert await _challenge(tmp_path) == "Solved 2 times; the record is 8.5 s by Ann."


async def test_the_record_of_someone_never_played_stays_anonymous(tmp_path: Path) -> None:
    """Dave is dealt the hand Ann holds the record of (the same draw), having played nobody."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for user in (ANN, DAVE):
            application.chat_data[user].table.settings.time_limit = 0
        application.bot_data.rng = random.Random(7)
        hand = dealt(await said(api, ANN, "/play"))
        clock.now += 8.5
        await said(api, ANN, solve(hand)[0].text)
        application.bot_data.rng = random.Random(7)
        assert dealt(await said(api, DAVE, "/play")) == hand
        clock.now += 20
        record = plain_text((await said(api, DAVE, solve(hand)[0].text))["text"])
    by = tag(application, ANN)
    assert record.split("\n")[1] == f"Solved 2 times; the record is 8.5 s by {by}."
