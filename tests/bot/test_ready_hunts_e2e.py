"""Six-card Solution Hunts dealt from hands found ahead (bot/games/hunt/ready.py), through
the local Bot API: the hand kept ready is the one dealt, the pool refills after a deal, and a
deal with nothing ready finds its hand as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.hunt.ready import READY
from bot.games.hunt.work import HuntDeals
from bot.rules.table import GameSettings
from tests.bot.games import start, the_hunt
from tests.bot.harness import ANN, make_api, reply_to, running_bot, until

pytestmark = pytest.mark.asyncio

SIX = GameSettings(cards=6)
SIX_FOR_30 = GameSettings(cards=6, target=30)


async def test_a_six_card_hunt_is_dealt_from_the_hands_kept_ready(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hunts = HuntDeals.of(application.bot_data.solving).ready
        await reply_to(api, ANN, ANN, "/settings cards 6")
        await until(lambda: hunts.kept(SIX) == READY, timeout=60)  # found after start-up
        ready = hunts.peek(SIX)
        assert ready is not None
        await start(api, ANN, ANN)
        hunt = the_hunt(application, ANN)
    assert (hunt.hand, hunt.solutions) == ready


async def test_the_hands_kept_ready_are_refilled_after_a_deal(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hunts = HuntDeals.of(application.bot_data.solving).ready
        await reply_to(api, ANN, ANN, "/settings cards 6")
        await until(lambda: hunts.kept(SIX) == READY, timeout=60)
        await start(api, ANN, ANN)
        taken = hunts.kept(SIX)
        await hunts.refilled(SIX)
        refilled = hunts.kept(SIX)
    assert (taken, refilled) == (READY - 1, READY)


async def test_a_hunt_with_no_hand_ready_finds_one_at_once(tmp_path: Path) -> None:
    """No hand of six cards for 30 is kept before the first such deal: it is found then."""
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hunts = HuntDeals.of(application.bot_data.solving).ready
        await reply_to(api, ANN, ANN, "/settings cards 6")
        await reply_to(api, ANN, ANN, "/settings target 30")
        assert hunts.kept(SIX_FOR_30) == 0
        await start(api, ANN, ANN)
        hunt = the_hunt(application, ANN)
        assert (len(hunt.hand), hunt.target, len(hunt.solutions) >= 3) == (6, 30, True)
        await hunts.refilled(SIX_FOR_30)
        assert hunts.kept(SIX_FOR_30) == READY  # kept for the next deal
