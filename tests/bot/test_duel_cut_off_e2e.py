"""Duels the bot cannot finish, through the local Bot API: an admin who does not play
removing the bot from the group decides the duel as it stands (the leader wins, rated;
level, not rated), both players told in private where they have a private chat with the
bot.  (A second account's /solve of a private duel's hand: test_duel_deferred_solve_e2e.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import RATINGS
from bot.local_api import plain_text
from bot.rules.duel.race import End
from solver import solve
from tests.bot.duels import (
    CAROL,
    DAVE,
    NOON,
    accept,
    invite,
    players,
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


def told(api: object, chat: int, since: int) -> list[str]:
    sent = api.sent[since:]  # type: ignore[attr-defined]
    return [plain_text(m.get("text") or "") for m in sent if m["chat"]["id"] == chat]


async def test_an_admin_removing_the_bot_decides_the_duel_as_it_stands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for player in (CAROL, DAVE):  # both have a private chat with the bot
            await reply_to(api, player, player, "/start")
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        for _ in range(2):
            await win_hand(api, application, clock, DAVE)
        duel = the_duel(application, CAROL)
        before = len(api.sent)
        api.remove_bot(GROUP, ANN)  # Ann, the group's admin, does not play: Carol is 0–2 down
        await until(lambda: duel.over)
        await settled(api, application)
        dave = RATINGS.get(application.bot_data.global_data).of(DAVE)
    assert (duel.end, duel.winner, duel.rated) == (End.CUT_OFF, DAVE, True)
    assert dave.won == 1
    [carol_told] = told(api, CAROL, before)
    assert carol_told.startswith(
        "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
        "stands, and Dave wins. Carol 0 – 2 Dave\nRating:\n"
    )
    assert told(api, DAVE, before) == [carol_told]


async def test_a_level_duel_cut_off_is_not_rated(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, CAROL, CAROL, "/start")  # Dave never opened a private chat
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        await win_hand(api, application, clock, DAVE)
        await win_hand(api, application, clock, CAROL)
        duel = the_duel(application, CAROL)
        before = len(api.sent)
        api.remove_bot(GROUP, ANN)
        await until(lambda: duel.over)
        await settled(api, application)
        carol = RATINGS.get(application.bot_data.global_data).of(CAROL)
    assert (duel.end, duel.winner, duel.rated) == (End.CUT_OFF, None, False)
    assert carol.rated == 0
    assert told(api, CAROL, before) == [
        "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
        "stands, level. Carol 1 – 1 Dave\nNot rated: it was level."
    ]
    assert told(api, DAVE, before) == []  # a bot cannot write first: /rating shows it


async def test_a_player_removing_the_bot_forfeits_and_both_are_told_in_private(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for player in (ANN, CAROL):
            await reply_to(api, player, player, "/start")
        await accept(api, application, await invite(api, application, CAROL, ANN), ANN)
        await win_hand(api, application, clock, ANN)
        duel = the_duel(application, CAROL)
        before = len(api.sent)
        api.remove_bot(GROUP, ANN)  # Ann, who plays and leads 1–0, cuts the bot off
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner) == (End.LEFT, CAROL)
    assert told(api, CAROL, before)[0].startswith(
        "🚫 Ann cut the bot off in the group (removed it, or took its right to write): Carol "
        "wins the duel. Carol 0 – 1 Ann\nRating:\n"
    )


async def test_a_duel_whose_group_is_gone_is_decided_as_it_stands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, DAVE, DAVE, "/start")
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        await win_hand(api, application, clock, DAVE)
        duel = the_duel(application, CAROL)
        assert duel.hand is not None
        api.chats[GROUP].removed = True  # the group deleted: no update says so, sends get 403
        before = len(api.sent)
        clock.now += 5
        api.send(DAVE, GROUP, "/a " + solve(list(duel.hand.hand), 24)[0].text)
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner, duel.rated) == (End.CUT_OFF, DAVE, True)
    assert told(api, DAVE, before)[0].startswith(
        "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
        "stands, and Dave wins. Carol 0 – 2 Dave\nRating:\n"
    )


async def test_an_admin_restricting_the_bot_decides_the_duel_as_it_stands(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for player in (CAROL, DAVE):
            await reply_to(api, player, player, "/start")
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        for _ in range(2):
            await win_hand(api, application, clock, DAVE)
        duel = the_duel(application, CAROL)
        api.restrict_bot(GROUP, ANN)  # Ann, the admin, does not play: Carol is 0–2 down
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner, duel.rated) == (End.CUT_OFF, DAVE, True)


async def test_a_group_closed_to_its_members_decides_the_duel_as_it_stands(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for player in (CAROL, DAVE):
            await reply_to(api, player, player, "/start")
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        await win_hand(api, application, clock, DAVE)
        duel = the_duel(application, CAROL)
        assert duel.hand is not None
        api.close_to_members(GROUP)  # the group's permissions: no update tells the bot
        before = len(api.sent)
        clock.now += 5
        api.send(DAVE, GROUP, "/a " + solve(list(duel.hand.hand), 24)[0].text)
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner, duel.rated) == (End.CUT_OFF, DAVE, True)
    assert told(api, CAROL, before)[0].startswith(
        "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
        "stands, and Dave wins. Carol 0 – 2 Dave\nRating:\n"
    )


async def test_a_player_restricting_the_bot_forfeits(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application, CAROL, ANN), ANN)
        await win_hand(api, application, clock, ANN)
        duel = the_duel(application, CAROL)
        api.restrict_bot(GROUP, ANN)  # Ann, the admin, plays and leads 1–0: no banked lead
        await until(lambda: duel.over)
        await settled(api, application)
    assert (duel.end, duel.winner) == (End.LEFT, CAROL)


async def test_a_group_upgraded_while_its_duel_deals_goes_on_in_the_supergroup(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    supergroup = -1_009_001
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application, CAROL, DAVE), DAVE)
        await win_hand(api, application, clock, DAVE)
        duel = the_duel(application, CAROL)
        assert duel.hand is not None
        api.migrate(GROUP, supergroup, told=False)  # the bot deals before it hears of it
        clock.now += 5
        api.send(DAVE, GROUP, "/a " + solve(list(duel.hand.hand), 24)[0].text)
        await until(lambda: any("photo" in m and m["chat"]["id"] == supergroup for m in api.sent))
        api.tell_migrated(GROUP, supergroup)
        await settled(api, application)
        moved, live = duel.chat_id, duel.live
        assert duel.hand is not None
        clock.now += 5
        api.send(DAVE, supergroup, "/a " + solve(list(duel.hand.hand), 24)[0].text)
        await until(lambda: duel.over)
        await settled(api, application)
    assert (moved, live) == (supergroup, True)
    assert (duel.end, duel.winner, duel.rated) == (End.WINS, DAVE, True)
