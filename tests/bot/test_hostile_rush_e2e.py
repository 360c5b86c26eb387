"""Hostile players and Rush, through the local Bot API: /rush top names a player only as
the asking chat knows them (a run played in private is not told in a group by its
player's name); a hand of a run only its player sees that the bot solved for anyone else
while it was played (a second account) scores nothing and costs what a skip costs; a group's
shared hand is kept from everyone instead (an outsider's /solve waits for its end, inline
mode refuses it), so a lurker neither passes it on nor voids it for the group."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from tests.bot.games import start
from tests.bot.handles import tag
from tests.bot.harness import ANN, GROUP, FakeClock, reply_to, running_bot, settled, until
from tests.bot.rush_play import CAROL, DAVE, NOON, answer, next_picture, players, the_run

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


WAITS = (
    "⏳ Those numbers hold a hand someone is playing right now: I'll answer as soon as that "
    "hand is over."
)


def to_dave(api: LocalBotApi, since: int = 0) -> list[str]:
    """What the bot sent Dave in private (never seen in the group: a lurker or a stranger)."""
    return [plain_text(m.get("text") or "") for m in api.sent[since:] if m["chat"]["id"] == DAVE]


async def test_an_outsiders_solve_of_a_group_runs_hand_waits_for_its_end(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        run = the_run(application, GROUP)
        cards = " ".join(map(str, run.hand))
        told = plain_text(await reply_to(api, DAVE, DAVE, f"/solve {cards}"))  # a lurker
        await settled(api, application)
        before_the_solve = to_dave(api)
        solved_at = len(api.sent)
        clock.now += 4
        await next_picture(api, CAROL, GROUP, f"/a {answer(run)}")
        await reply_to(api, ANN, GROUP, "/stop")  # the next hand may share three cards too
        await until(lambda: any("→ 24" in text for text in to_dave(api, solved_at)))
    assert told == WAITS  # nobody reading the group gets the hand while it is played
    assert before_the_solve == [WAITS]
    assert to_dave(api, solved_at)[0].startswith(f"{cards} → 24")


async def test_a_lurkers_solve_costs_a_group_run_nothing(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        run = the_run(application, GROUP)
        cards = " ".join(map(str, run.hand))
        await reply_to(api, DAVE, DAVE, f"/solve {cards}")  # a griefer reading the group
        before = run.deadline
        clock.now += 4
        after = await next_picture(api, CAROL, GROUP, f"/a {answer(run)}")
        score, deadline = run.run.runners[CAROL].score, run.deadline
    assert plain_text(after["caption"]).startswith("✅ Carol: ")
    assert score == 1
    assert deadline == before + 10  # a solve's 10 s, not a skip's −20 s


async def test_an_inline_query_for_a_group_runs_hand_is_refused(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        cards = " ".join(map(str, the_run(application, GROUP).hand))
        query_id = api.inline_query(DAVE, cards, "private")
        await until(lambda: query_id in api.inline_answers)
        await settled(api, application)
    [result] = api.inline_answers[query_id]["results"]
    assert result["title"] == (
        "No spoilers: those numbers hold a hand someone is playing right now. "
        "Ask again in a minute."
    )
