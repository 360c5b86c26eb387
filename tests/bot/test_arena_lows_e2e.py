"""What a play-tester met in arenas, each fixed: the stop vote's count, the length a vote
takes, the words for joining while training, the end's standings told once, and a full
arena's refusal (through the local Bot API, on the test's clock)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.arena import tournament as arena_rules
from tests.bot.arena_play import (
    announce,
    join,
    join_payload,
    joined,
    next_in,
    right,
    stop,
    text_of,
    the_arena,
)
from tests.bot.harness import ANN, EVE, GROUP, FakeClock, reply_to, running_bot
from tests.bot.ladder_play import train
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio


async def test_a_stop_vote_tells_the_votes_needed_and_the_players(tmp_path: Path) -> None:
    api = players()
    api.add_user(EVE, "Eve", language_code="en")
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await joined(api, (CAROL, DAVE, EVE), "/arena")
        said = await reply_to(api, CAROL, GROUP, "/arena stop")
    assert said == (
        "A vote to stop the arena: 1 of the 2 votes needed (it has 3 players). Another "
        "player's /arena stop adds one."
    )


async def test_a_vote_carried_says_the_length_it_takes(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, CAROL, GROUP, "/arena 20")
        before = len(api.sent)
        api.send(DAVE, GROUP, "/arena 5")
        said = text_of(await next_in(api, GROUP, before, lambda m: "lasts" in text_of(m)))
    assert said == "The arena lasts 20 minutes: the length the first request asked for."


async def test_joining_while_training_says_what_to_do(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        payload = join_payload(await announce(api))
        await train(api)
        said = await reply_to(api, ANN, ANN, f"/start {payload}")
    assert said == "You are training: /train stop first, then tap the arena's Join button again."


async def test_the_end_tells_the_final_standings_once(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await joined(api, (CAROL,), "/arena")
        before = len(api.sent)
        await stop(api)
        await next_in(api, GROUP, before, lambda m: bool(m.get("edited")))
        told = [text_of(m) for m in api.sent[before:] if m["chat"]["id"] == GROUP]
    with_standings = [text for text in told if "1. Carol: 0 points" in text]
    assert len(with_standings) == 1
    assert "🏁 Arena #1 is over: the final standings are below." in told


async def test_a_full_arena_refuses_a_newcomer_kindly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena_rules, "MAX_PLAYERS", 1)  # the cap, as 200 newcomers would meet it
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        payload = await joined(api, (CAROL,), "/arena")
        said = await reply_to(api, DAVE, DAVE, f"/start {payload}")
        again = text_of(await join(api, CAROL, payload))
    assert said == (
        "This arena is full: it has 1 player, the most an arena takes. Join the next one early."
    )
    assert again.startswith("🏟 You are in arena #1")


async def test_an_answer_just_after_the_end_is_told_it_is_too_late(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await joined(api, (CAROL,), "/arena")
        hand = the_arena(application).hands[0]
        before = len(api.sent)
        api.send(ANN, GROUP, "/arena stop")
        await next_in(api, CAROL, before, lambda m: "you placed" in text_of(m))
        late = await reply_to(api, CAROL, CAROL, right(hand))
        chat = await reply_to(api, CAROL, CAROL, right(hand))  # told once: then it is chat
    assert late == "Too late: the arena is over."
    assert chat != late
