"""The owner's maintenance stops the games' clock: players cannot answer meanwhile, so no
round (nor a duel's hand, a Rush run, a match's next deal) may run out or come then.  Its
alarms that ring during maintenance are held, and set again for their time still to run
when it ends; the pause is no time played; a restart keeps the clock still.

On virtual time: the bot's clock is a :class:`FakeClock` the test moves, and the alarms
ring when the test runs the pending jobs, as the job queue would once they are due.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.rounds.matches import NEXT_DEAL
from bot.games.rounds.play import TIME_UP
from bot.local_api import plain_text
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    OWNER,
    BotApplication,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

HOUR = 3600.0


async def ring_all(application: BotApplication) -> None:
    """Run every pending job of the group now, as the job queue would at its time (and
    then drops it)."""
    for job in application.bot_data.timers.pending(GROUP):
        job.schedule_removal()
        await job.run(application)


async def test_a_round_does_not_run_out_during_maintenance(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, env=OWNER, clock=clock) as application:
        application.chat_data[GROUP].language.chosen = "en"
        hand = dealt(await deal(api, BOB, GROUP))
        await reply_to(api, ANN, ANN, "/admin maintenance on")
        clock.now += HOUR  # far past the round's two minutes
        before = len(api.sent)
        await ring_all(application)  # its half-time hint and time-up ring
        await settled(api, application)
        during = api.sent[before:]
        await reply_to(api, ANN, ANN, "/admin maintenance off")
        win = plain_text(await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}"))
    assert during == []  # nothing told, nothing ended
    assert win.startswith("🎉 Bob wins in 0.0 s")  # the hour stood still


async def test_the_alarms_held_ring_once_maintenance_is_off(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, env=OWNER, clock=clock) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, BOB, GROUP)
        await reply_to(api, ANN, ANN, "/admin maintenance on")
        clock.now += HOUR
        await ring_all(application)
        await reply_to(api, ANN, ANN, "/admin maintenance off")
        held = application.bot_data.timers.pending(GROUP, TIME_UP)
        clock.now += 121  # the round's time, once the clock runs
        before = len(api.sent)
        await ring_all(application)
        await settled(api, application)
        said = [plain_text(m.get("text") or m.get("caption") or "") for m in api.sent[before:]]
    assert len(held) == 1  # its time-up set again
    assert any(text.startswith("⏰ Time is up for ") for text in said)


async def test_a_restart_during_maintenance_keeps_the_clock_still(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, env=OWNER, clock=clock) as application:
        application.chat_data[GROUP].language.chosen = "en"
        hand = dealt(await deal(api, BOB, GROUP))
        clock.now += 10  # ten seconds played
        await reply_to(api, ANN, ANN, "/admin maintenance on")
    clock.now += HOUR
    async with running_bot(api, tmp_path, env=OWNER, clock=clock) as application:
        before = len(api.sent)
        await ring_all(application)  # the restored alarms
        await settled(api, application)
        during = api.sent[before:]
        await reply_to(api, ANN, ANN, "/admin maintenance off")
        win = plain_text(await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}"))
    assert during == []
    assert win.startswith("🎉 Bob wins in 10.0 s")


async def test_a_matchs_next_deal_waits_for_the_end_of_maintenance(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, env=OWNER, clock=clock) as application:
        hand = dealt(await deal(api, BOB, BOB, "/play 2"))
        await reply_to(api, BOB, BOB, f"/a {solve(hand)[0].text}")  # the win; next in 4 s
        await reply_to(api, ANN, ANN, "/admin maintenance on")
        before = len(api.sent)
        for job in application.bot_data.timers.pending(BOB, NEXT_DEAL):
            job.schedule_removal()
            await job.run(application)  # the next deal's time comes
        await settled(api, application)
        during = api.sent[before:]
        api.send(ANN, ANN, "/admin maintenance off")
        dealt_after = await api.wait_for_sent(before + 2)
    assert during == []  # no hand shown while Bob cannot answer
    assert any("photo" in message for message in dealt_after[before:])
