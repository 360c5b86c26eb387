"""A group's duel whose player an admin removes or mutes, through the local Bot API: it is
decided as it stands (the leader wins, rated; level, not rated), and a player who leaves the
group by himself forfeits; both players are told in private (issue #38, round 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.duel.race import End
from tests.bot.duels import CAROL, DAVE, NOON, accept, invite, players, the_duel, win_hand
from tests.bot.harness import (
    ANN,
    GROUP,
    BotApplication,
    FakeClock,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


def told(api: LocalBotApi, chat: int, since: int) -> list[str]:
    return [plain_text(m.get("text") or "") for m in api.sent[since:] if m["chat"]["id"] == chat]


async def carol_two_down(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> None:
    """Carol invites Dave in the group (both with a private chat), and Dave wins two hands."""
    for player in (CAROL, DAVE):
        await reply_to(api, player, player, "/start")
    await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
    for _ in range(2):
        await win_hand(api, application, clock, DAVE)


async def test_an_admin_muting_the_leader_decides_the_duel_as_it_stands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        api.set_admin(GROUP, 700000001, True, by_user=ANN)  # the bot is an admin: it is told
        await settled(api, application)
        await carol_two_down(api, application, clock)
        duel = the_duel(application, CAROL)
        before = len(api.sent)
        api.restrict_member(GROUP, DAVE, by_user=ANN)  # Ann, Carol's friend, mutes Dave
        await until(lambda: duel.over)
        await settled(api, application)
        dave = RATINGS.get(application.bot_data.global_data).of(DAVE)
    assert (duel.end, duel.winner, duel.rated) == (End.REMOVED, DAVE, True)
    assert dave.won == 1
    [carol_told] = told(api, CAROL, before)
    assert carol_told.startswith(
        "🔌 A player can no longer play in this duel's group (removed or restricted by an "
        "admin): the duel is decided as it stands, and Dave wins. Carol 0 – 2 Dave"
    )
    assert told(api, DAVE, before) == [carol_told]


async def test_an_admin_removing_the_leader_decides_the_duel_as_it_stands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await carol_two_down(api, application, clock)
        duel = the_duel(application, CAROL)
        api.remove_member(GROUP, DAVE, by_user=ANN)  # seen by its service message alone
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner, duel.rated) == (End.REMOVED, DAVE, True)


async def test_a_player_leaving_the_group_by_himself_forfeits(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await carol_two_down(api, application, clock)
        duel = the_duel(application, CAROL)
        before = len(api.sent)
        api.remove_member(GROUP, DAVE)  # Dave, two up, leaves: his own choice
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner, duel.rated) == (End.QUIT, CAROL, True)
    assert told(api, CAROL, before)[0].startswith(
        "🚪 Dave left the duel's group: Carol wins the duel. Carol 0 – 2 Dave"
    )
