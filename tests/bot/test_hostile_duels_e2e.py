"""Hostile players in duels, through the local Bot API: a player losing a duel who blocks
the bot (a private duel) or removes it from the group (a group's duel, as its admin), to
have the duel cancelled, unrated, forfeits it instead; a group's duel whose bot someone
else removes is decided as it stands (test_duel_cut_off_e2e.py has the rest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS, RATINGS
from bot.rules.duel.race import Duel, End
from solver import solve
from tests.bot.duels import DAVE, accept, button_data, invite, private_duel, win_hand
from tests.bot.duels import players as group_players
from tests.bot.harness import (
    ANN,
    CAROL,
    GROUP,
    NOON,
    FakeClock,
    make_api,
    running_bot,
    settled,
    until,
)
from tests.bot.private_duels import in_chat

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


def after_hand(duel: Duel, number: int) -> Callable[[], bool]:
    """Whether the duel has ended, or dealt the hand after hand ``number``."""
    return lambda: duel.over or (duel.live and len(duel.results) == number)


async def test_a_hand_that_cannot_reach_a_blocked_player_forfeits_the_duel(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        duel = await private_duel(api, application)
        for number in (1, 2):
            assert duel.hand is not None
            clock.now += 7
            before = len(api.sent)
            if number == 2:
                # Ann, 0–2 down, blocks the bot, and its update is missed: the next
                # hand cannot reach her (Telegram answers 403).
                api.chats[ANN].removed = True
            api.send(CAROL, CAROL, solve(list(duel.hand.hand), 24)[0].text)
            await until(after_hand(duel, number))
            await settled(api, application)
        carol = RATINGS.get(application.bot_data.global_data).of(CAROL)
        told = in_chat(api, CAROL, before)
    assert duel.end is End.LEFT
    assert duel.winner == CAROL
    assert carol.won == 1
    [end] = [line for line in told if line.startswith("🚫")]
    assert end.startswith("🚫 Ann blocked the bot: Carol wins the duel. Ann 0 – 2 Carol\nRating:\n")


async def test_blocking_the_bot_forfeits_a_private_duel_at_once(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        duel = await private_duel(api, application)
        before = len(api.sent)
        api.remove_bot(ANN, ANN)  # Ann blocks the bot in the middle of hand 1
        await until(lambda: duel.over)
        await settled(api, application)
        told = in_chat(api, CAROL, before)
    assert (duel.end, duel.winner) == (End.LEFT, CAROL)
    assert told[-1].startswith("🚫 Ann blocked the bot: Carol wins the duel. Ann 0 – 0 Carol\n")


async def test_removing_the_bot_from_the_group_forfeits_the_removers_duel(
    tmp_path: Path,
) -> None:
    api = group_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application, CAROL, ANN), ANN)
        await win_hand(api, application, clock, CAROL)
        duel = DUELS.get(application.bot_data.global_data).duel_of(ANN)
        assert duel is not None
        api.remove_bot(GROUP, ANN)  # Ann, the group's admin, 0–1 down
        await until(lambda: duel.over)
        await settled(api, application)
        carol = RATINGS.get(application.bot_data.global_data).of(CAROL)
    assert (duel.end, duel.winner) == (End.LEFT, CAROL)
    assert carol.won == 1


async def test_a_groups_duel_whose_bot_someone_else_removes_at_0_0_is_not_rated(
    tmp_path: Path,
) -> None:
    api = group_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        duel = DUELS.get(application.bot_data.global_data).duel_of(CAROL)
        assert duel is not None
        api.remove_bot(GROUP, ANN)  # the admin, who does not play
        await until(lambda: duel.over)
        await settled(api, application)
        carol = RATINGS.get(application.bot_data.global_data).of(CAROL)
    assert (duel.end, duel.winner) == (End.CUT_OFF, None)  # decided as it stands: level
    assert carol.rated == 0


async def test_accept_pressed_again_or_by_the_inviter_is_told_as_what_it_is(
    tmp_path: Path,
) -> None:
    api = group_players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application)
        await accept(api, application, invitation)
        api.press(CAROL, invitation, button_data(invitation, 0))
        await settled(api, application)
        api.press(ANN, invitation, button_data(invitation, 0))
        await settled(api, application)
        duels = len(DUELS.get(application.bot_data.global_data).duels)
    again, inviter = (a.get("text") for a in api.callback_answers[-2:])
    assert again == "This invitation is no longer open."
    assert inviter == "This invitation is no longer open."
    assert duels == 1
