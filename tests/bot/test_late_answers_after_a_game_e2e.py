"""A late answer goes to the game that just ended, not to one before it: a Countdown game's
minute of "Too late" ends when another game's hand comes (a duel played and won since).  The
play-test: a group duel ended, a late /a got "Too late: this Countdown is over." from a
Countdown stopped before the duel began.  It now gets what an /a gets with no game on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot import countdown_data, duels
from tests.bot.harness import ANN, GROUP, FakeClock, reply_to, running_bot

pytestmark = pytest.mark.asyncio

COUNTDOWN_OVER = "Too late: this Countdown is over. /countdown starts another."


async def test_a_late_answer_after_a_duel_is_not_the_countdown_s(tmp_path: Path) -> None:
    api = duels.players()
    clock = FakeClock(duels.NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await countdown_data.start(api, application, ANN, GROUP)
        await reply_to(api, ANN, GROUP, "/countdown stop")
        clock.now += 1
        invitation = await duels.invite(api, application)
        await duels.accept(api, application, invitation)
        for _ in range(3):
            said = await duels.win_hand(api, application, clock, duels.CAROL)
        assert any("wins the duel" in line for line in said), said
        clock.now += 5  # within the Countdown's late minute, by its deadline
        late = plain_text(await reply_to(api, duels.CAROL, GROUP, "/a (4*(5-(3-4)))"))
    assert late == "No round is running: /play deals a hand."  # what any /a with no game gets


async def test_a_late_answer_after_the_countdown_is_still_told(tmp_path: Path) -> None:
    api = duels.players()
    clock = FakeClock(duels.NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await countdown_data.start(api, application, ANN, GROUP)
        await reply_to(api, ANN, GROUP, "/countdown stop")
        clock.now += 5
        late = plain_text(await reply_to(api, duels.CAROL, GROUP, "/a 1+2"))
    assert late == COUNTDOWN_OVER
