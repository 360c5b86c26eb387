"""Answers that come after a round's or a duel hand's deadline, before its timer fired (a
busy event loop, a clock step, a restart): too late, and the time-up told once, as its timer
would have told it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel import play as duel_play
from bot.games.duel.play import DUEL_UP
from bot.games.rounds import matches
from bot.games.rounds.group_status import LATE_ANSWERS
from bot.games.rounds.play import TIME_UP
from bot.local_api import plain_text
from bot.rules.duel.race import HandResult
from solver import solve
from tests.bot import duels
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio


def texts(api: duels.LocalBotApi, since: int) -> list[str]:
    return [plain_text(m.get("text") or m.get("caption") or "") for m in api.sent[since:]]


@pytest.mark.parametrize("late", ["right", "none"])
async def test_an_answer_after_the_time_limit_brings_the_time_up(tmp_path: Path, late: str) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        chat = application.chat_data[GROUP]
        chat.language.chosen = "en"
        chat.table.settings.time_limit = 120
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 500  # the timer, on the event loop's time, has not fired
        before = len(api.sent)
        api.send(BOB, GROUP, "/a " + (solve(hand)[0].text if late == "right" else "none"))
        await api.wait_for_sent(before + 1)
        await settled(api, application)
        said = texts(api, before)
        shown = " ".join(map(str, sorted(hand)))
        assert len(said) == 1, said
        assert said[0].startswith(f"⏰ Time is up for {shown}! The solution"), said
        assert chat.table.stats.players == {}  # nobody scored
        # The time-up is told once: its timer will not tell it again.
        assert application.bot_data.timers.pending(GROUP, TIME_UP) == []


async def test_a_late_answer_moves_a_match_on_to_its_next_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "NEXT_DEAL_DELAY", 0.05)
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        chat = application.chat_data[GROUP]
        chat.language.chosen = "en"
        chat.table.settings.time_limit = 60
        hand = dealt(await deal(api, ANN, GROUP, "/play 2"))
        clock.now += 61
        before = len(api.sent)
        api.send(BOB, GROUP, f"/a {solve(hand)[0].text}")
        await until(lambda: any("photo" in m for m in api.sent[before:]))
        await settled(api, application)
        said = texts(api, before)
        assert said[0].startswith("⏰ Time is up for "), said
        assert "\n\nRound 2 of 2" in said[0], said  # in a group, one picture: the next round
        assert len(said) == 1, said


async def test_a_duel_hand_answered_after_its_time_is_nobodys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(duel_play, "NEXT_HAND_SECONDS", 0.05)
    api = duels.players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await duels.accept(api, application, await duels.invite(api, application))
        duel = duels.the_duel(application)
        assert duel.hand is not None
        clock.now += 300
        before = len(api.sent)
        api.send(ANN, GROUP, f"/a {solve(list(duel.hand.hand))[0].text}")
        await until(lambda: duel.hand is not None and duel.hand.number == 2 and duel.live)
        await settled(api, application)
        said = texts(api, before)
        assert said[0].startswith("⌛ Nobody solved hand 1 in 60 s."), said
        assert [t for t in said if t.startswith("⌛")] == said[:1], said
        assert not [t for t in said if "wins hand" in t], said
        assert duel.results == [HandResult(None)]
        assert application.bot_data.timers.pending(GROUP, DUEL_UP) != []  # hand 2's alone


async def test_a_right_answer_after_a_restored_time_up_names_no_winner(tmp_path: Path) -> None:
    """The bot restarts after a round's deadline: its restored alarm rings first (the time-up
    told), then an answer sent meanwhile is read.  No "Also right, but too late": there was
    no winner to be late after."""
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        chat = application.chat_data[GROUP]
        chat.language.chosen = "en"
        chat.table.settings.time_limit = 60
        hand = dealt(await deal(api, ANN, GROUP))
    clock.now += 300  # the bot was down past the deadline
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await until(lambda: any("Time is up" in text for text in texts(api, before)))
        api.send(BOB, GROUP, f"/a {solve(hand)[0].text}")
        await settled(api, application)
        pending = application.bot_data.timers.pending(GROUP, LATE_ANSWERS)
        said = texts(api, before)
    assert [t for t in said if "too late" in t] == []
    assert pending == []
