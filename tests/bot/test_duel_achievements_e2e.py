"""Duel achievements second accounts cannot farm, through the local Bot API: a duel's win
and hands count toward achievements only against an established opponent (five duels
played out against five players, over a week)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from bot.rules.achievements import HANDS
from bot.rules.duel.race import DUELS_WON
from tests.bot.duels import CAROL, NOON, accept, establish, invite, players, win_hand
from tests.bot.harness import ANN, BotApplication, FakeClock, running_bot

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def _ann_wins_3_1(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> str:
    """A group duel Ann wins 3–1 over Carol; the duel's last words."""
    await accept(api, application, await invite(api, application))
    for player in (ANN, CAROL, ANN):
        await win_hand(api, application, clock, player)
    return (await win_hand(api, application, clock, ANN))[-1]


async def test_a_duel_won_over_a_new_account_earns_no_achievement(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        end = await _ann_wins_3_1(api, application, clock)
        mine = application.user_data[ANN].achievements
    assert "⚔️" not in end.split("\n")[-1]
    assert mine is None or mine.value(DUELS_WON) == 0
    assert mine is None or mine.value(HANDS) == 0


async def test_a_duel_won_over_an_established_player_earns_its_achievement(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        establish(application, CAROL)
        end = await _ann_wins_3_1(api, application, clock)
        mine = application.user_data[ANN].achievements
    assert end.endswith("🎖️ Ann earned 1 achievement: ⚔️ 1 duel won")
    assert mine is not None and mine.value(DUELS_WON) == 1
    assert mine.value(HANDS) == 3
