"""Duels in a group across a restart (through the local Bot API): a duel resumes in its
hand with the time left, or between two hands with the next one, or is cancelled, unrated,
when its hand's time ran out meanwhile; and a duel follows its group to a supergroup."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel import play
from bot.games.duel.parts import DUELS, RATINGS
from bot.local_api import plain_text
from solver import solve
from tests.bot.duels import (
    CAROL,
    NOON,
    accept,
    invite,
    players,
    texts,
    the_duel,
    win_hand,
)
from tests.bot.harness import (
    ANN,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def test_a_duel_resumes_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        hand = the_duel(application).hand
        assert hand is not None
    clock.now += 10
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await until(lambda: len(api.sent) > before)
        await settled(api, application)
        told = texts(api, before)
        duel = the_duel(application)
        jobs = [job.name for job in application.job_queue.jobs()]
        secret = application.bot_data.live_hands.game(GROUP)
        resumed = duel.hand.hand if duel.hand is not None else None
        won = await win_hand(api, application, clock, CAROL)
    assert told == ["The bot restarted: your duel goes on. Hand 1 has 50 s left."]
    assert resumed == hand.hand
    assert f"duel-up:{GROUP}" in jobs
    assert secret is not None
    assert won[0].endswith("Ann 0 – 1 Carol")


async def test_a_duel_whose_hand_ran_out_during_a_restart_is_cancelled(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
    clock.now += 61
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await until(lambda: len(api.sent) > before)
        await settled(api, application)
        told = texts(api, before)
        duels = DUELS.get(application.bot_data.global_data)
        playing = duels.duel_of(ANN)
        rated = RATINGS.get(application.bot_data.global_data).players
    assert told == [
        "The bot restarted, and hand 1's time ran out meanwhile. The duel is cancelled: no "
        "rating changes."
    ]
    assert playing is None
    assert rated == {}


async def test_a_duel_between_two_hands_goes_on_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = players()
    clock = FakeClock(NOON)
    monkeypatch.setattr(play, "NEXT_HAND_SECONDS", 600.0)  # the bot stops before it
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        hand = the_duel(application).hand
        assert hand is not None
        clock.now += 5
        await reply_to(api, CAROL, GROUP, f"/a {solve(list(hand.hand), 24)[0].text}")
        await settled(api, application)
    monkeypatch.setattr(play, "NEXT_HAND_SECONDS", 0.0)
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await until(lambda: any("photo" in m for m in api.sent[before:]))
        await settled(api, application)
        told = texts(api, before)
        duel = the_duel(application)
    assert told[0] == "The bot restarted: your duel goes on with the next hand."
    assert told[1].startswith("⚔️ Hand 2: Ann 0 – 1 Carol · Make 24 from ")
    assert duel.live


async def test_a_duel_follows_its_group_to_a_supergroup(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    supergroup = -1_009_000
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        api.migrate(GROUP, supergroup)
        await settled(api, application)
        duel = the_duel(application)
        before = len(api.sent)
        answer = solve(list(duel.hand.hand), 24)[0].text  # type: ignore[union-attr]
        clock.now += 5
        api.send(ANN, supergroup, f"/a {answer}")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
        won = api.sent[before]
    assert won["chat"]["id"] == supergroup
    assert plain_text(won["text"]).splitlines()[1] == "Ann 1 – 0 Carol"
