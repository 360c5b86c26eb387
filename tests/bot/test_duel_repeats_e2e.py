"""One player meets no hand twice in two duels a minute apart, through the local Bot API: a
duel's dealer draws again on a hand its players were dealt in their last duels (50 each,
as far as the duels' history goes), as on one of its own (docs/design-games.md, *Duels and
ratings: the rules*)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.rules.duel.race import Duel
from tests.bot.duels import CAROL, DAVE, NOON, accept, invite, players, the_duel, win_hand
from tests.bot.harness import ANN, BotApplication, FakeClock, running_bot

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

SEED = 7
"""The dealer's seed, given again before each duel: the same draws, were nothing avoided."""


def _sorted(duel: Duel) -> list[tuple[int, ...]]:
    return [tuple(sorted(hand)) for hand in duel.dealt]


async def _duel(
    api: object, application: BotApplication, clock: FakeClock, opponent: int
) -> list[tuple[int, ...]]:
    """Ann invites ``opponent`` and wins three hands; the duel's hands, sorted."""
    invitation = await invite(api, application, ANN, opponent)  # type: ignore[arg-type]
    application.bot_data.rng = random.Random(SEED)
    await accept(api, application, invitation, opponent)  # type: ignore[arg-type]
    duel = the_duel(application)
    for _ in range(3):
        await win_hand(api, application, clock, ANN)  # type: ignore[arg-type]
    assert duel.over
    return _sorted(duel)


async def test_a_players_next_duel_deals_none_of_their_last_duels_hands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await _duel(api, application, clock, CAROL)
        clock.now += 60
        second = await _duel(api, application, clock, DAVE)  # Ann again, a minute later
    assert set(first) & set(second) == set()


async def test_the_history_keeps_each_duels_hands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        dealt = await _duel(api, application, clock, CAROL)
        (past,) = application.bot_data.global_data.duels.history
    assert [tuple(sorted(hand)) for hand in past.dealt] == dealt
