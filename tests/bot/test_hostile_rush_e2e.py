"""Hostile players and Rush, through the local Bot API: /rush top names a player only as
the asking chat knows them (a run played in private is not told in a group by its
player's name); a hand of a run that the bot solved for anyone else while it was played (a
second account, an outsider of the group) scores nothing and costs what a skip costs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.games import start
from tests.bot.handles import tag
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, reply_to, running_bot, settled
from tests.bot.rush_play import CAROL, NOON, answer, next_picture, players, the_run

pytestmark = pytest.mark.asyncio


async def test_rush_top_keeps_a_private_players_name_out_of_other_chats(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        clock.now += 4
        await next_picture(api, ANN, ANN, answer(the_run(application, ANN)))
        await reply_to(api, ANN, ANN, "/stop")
        await settled(api, application)
        in_group = plain_text(await reply_to(api, CAROL, GROUP, "/rush top"))
        in_private = plain_text(await reply_to(api, CAROL, CAROL, "/rush top"))
        own = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
    ann = tag(application, ANN)
    assert f"\n\nEverywhere, all time\n1. {ann}: 1 · best hand 4.0 s" in in_group
    assert f"\n\nEverywhere, all time\n1. {ann}: 1 · best hand 4.0 s" in in_private
    assert "\n\nEverywhere, all time\n1. Ann: 1 · best hand 4.0 s" in own


async def test_a_private_runs_hand_solved_for_a_second_account_scores_nothing(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        run = the_run(application, ANN)
        cards = " ".join(map(str, run.hand))
        given = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {cards}"))  # Ann's alt
        clock.now += 4
        after = await next_picture(api, ANN, ANN, answer(run))
        score = run.run.runners[ANN].score
    assert "→ 24" in given  # nobody else sees Ann's hand: nothing tells the alt apart
    assert plain_text(after["caption"]).startswith(
        "🚫 I had given that hand's solutions to someone else (/solve or inline mode) while "
        "you played it: it scores nothing.\n"
    )
    assert score == 0


async def test_a_given_hand_costs_what_a_skip_costs(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        run = the_run(application, ANN)
        cards = " ".join(map(str, sorted(run.hand)))
        await reply_to(api, CAROL, CAROL, f"/solve {cards}")  # Ann's alt, on a hard hand
        before = run.deadline
        clock.now += 4
        after = await next_picture(api, ANN, ANN, answer(run))
        deadline = run.deadline
    assert f"\n⏭ Skipped {cards} · −20 s\n" in plain_text(after["caption"])
    assert deadline == before - 20  # no free skip: a skip's cost, as /skip would take


async def test_a_group_runs_hand_solved_for_an_outsider_scores_nothing(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        run = the_run(application, GROUP)
        cards = " ".join(map(str, run.hand))
        given = plain_text(await reply_to(api, BOB, BOB, f"/solve {cards}"))  # never seen there
        clock.now += 4
        after = await next_picture(api, CAROL, GROUP, f"/a {answer(run)}")
        score = run.run.runners[CAROL].score
    assert "24" in given  # Bob was never seen in the group: nothing tells him apart
    assert plain_text(after["caption"]).startswith(
        "🚫 I had given that hand's solutions to someone else (/solve or inline mode) while "
        "you played it: it scores nothing.\n"
    )
    assert score == 0
