"""An arena's fair play through the local Bot API: its hands are kept from everyone while it
runs (/solve refuses a player their own hand and makes anyone else's request wait, inline
mode refuses all) and are free once it ends; its results are published once saved, and
the winner's trophy is kept on the player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.context import BotContext
from bot.games.arena.parts import ARENA_CHAT
from bot.local_api import plain_text
from bot.play.result_listeners import listen
from bot.rules.arena.standings import ARENA_GAME
from bot.rules.results import GameResult, Podium, Solved
from bot.rules.spoilers import shares
from tests.bot.arena_play import (
    at_pace,
    hand_of,
    is_hand,
    joined,
    next_in,
    regulars,
    right,
    solve_one,
    stop,
    text_of,
)
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
    until,
)
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio

OWN = (
    "No spoilers: those numbers hold a hand you are playing right now. "
    "Ask again once you are done with it."
)
SEED = 24
"""The random source of the first test's bot (see there)."""
WAITS = (
    "⏳ Those numbers hold a hand someone is playing right now: I'll answer as soon as that "
    "hand is over."
)


def _to(api: Any, user: int, since: int) -> list[str]:
    return [plain_text(m.get("text") or "") for m in api.sent[since:] if m["chat"]["id"] == user]


async def test_an_arenas_hands_are_kept_from_everyone_until_it_ends(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        # A seeded arena: with a random one, Ann's next hand shared three of the first
        # hand's numbers now and then, and /solve rightly refused her as its player.
        application.bot_data.rng = random.Random(SEED)
        await joined(api, (ANN, CAROL))
        first = hand_of(application, ANN)
        cards = " ".join(map(str, first))
        carol = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {cards}"))
        at_pace(clock, first)
        before = len(api.sent)
        api.send(ANN, ANN, right(first))
        await next_in(api, ANN, before, is_hand)
        second = hand_of(application, ANN)
        ann = plain_text(await reply_to(api, ANN, ANN, f"/solve {cards}"))  # a hand she passed
        dave = plain_text(await reply_to(api, DAVE, DAVE, f"/solve {cards}"))  # a stranger
        query = api.inline_query(BOB, cards)
        inline = await api.wait_for_inline_answer(query)
        await settled(api, application)
        before_the_end = _to(api, DAVE, 0)
        ended = len(api.sent)
        api.send(ANN, GROUP, "/arena stop")
        await until(lambda: any("→ 24" in text for text in _to(api, DAVE, ended)))
    assert not shares(first, second)  # the seed's deal: Ann no longer plays those numbers
    assert carol == OWN
    assert ann == WAITS
    assert dave == WAITS
    assert [result["id"] for result in inline["results"]] == ["spoiler"]  # refused, in a line
    assert before_the_end == [WAITS]
    assert _to(api, DAVE, ended)[0].startswith(f"{cards} → 24")


async def test_an_arenas_results_are_published_and_its_trophy_kept(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    heard: list[GameResult] = []

    def listener(
        _context: BotContext, _chat: int | None, results: Sequence[GameResult]
    ) -> list[str]:
        heard.extend(results)
        return ["🎖 heard"] if any(isinstance(r, Podium) for r in results) else []

    async with running_bot(api, tmp_path, clock=clock) as application:
        listen(application, listener)
        regulars(application, ANN, CAROL)
        await joined(api, (ANN, CAROL))
        for _ in range(2):  # Carol solves two hands; Ann one (two players scored: a podium)
            await solve_one(api, application, clock, CAROL)
        await solve_one(api, application, clock, ANN)
        final = text_of(await stop(api))
        trophies = ARENA_CHAT.of(application.chat_data[CAROL])
    solved = [r for r in heard if isinstance(r, Solved)]
    podium = [r for r in heard if isinstance(r, Podium)]
    assert [(r.player, r.game) for r in solved] == [(CAROL, ARENA_GAME)] * 2 + [(ANN, ARENA_GAME)]
    assert [(r.player, r.place) for r in podium] == [(CAROL, 1), (ANN, 2)]
    assert "🏆 Carol wins the arena's trophy (trophies won: 1)." in final
    assert final.endswith("🎖 heard")
    assert trophies is not None and [t.score for t in trophies.trophies] == [4]


async def test_training_waits_while_an_arena_hand_is_on_and_the_answer_stays_the_arenas(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await joined(api, (CAROL,))
        refused = await reply_to(api, CAROL, CAROL, "/train")
        await solve_one(api, application, clock, CAROL)
        entry = ARENA_CHAT.of(application.chat_data[CAROL])
    assert refused == (
        "You are playing an arena: answer its hand or /skip it; other games wait for its end."
    )
    assert entry is not None and entry.entry is not None and entry.entry.score == 2
