"""The arena's saved format (the chat part ``arena``, records version 2): a group's running arena
and a player's side with a trophy, pinned in ``records-arena-2.json``, load as they were,
are written again the same, and a bot started on them takes the arena up again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import records
from bot.games.arena.parts import ARENA_CHAT
from bot.persistence import SQLitePersistence
from bot.rules.arena.chat_state import ArenaTrophy
from bot.rules.arena.start_vote import StartVote
from bot.state import ChatData
from tests.bot.arena_play import is_hand, next_in, text_of
from tests.bot.harness import ANN, GROUP, FakeClock, running_bot
from tests.bot.rush_play import CAROL, NOON, players

PINNED = Path(__file__).resolve().parents[1] / "fixtures" / "records-arena-2.json"


def _pinned(kind: str) -> ChatData:
    chat = records.load("chat", json.loads(PINNED.read_text(encoding="utf-8"))[kind])
    assert isinstance(chat, ChatData)
    return chat


def test_a_groups_running_arena_loads_as_it_was_saved() -> None:
    ours = ARENA_CHAT.of(_pinned("group"))
    assert ours is not None and ours.arena is not None
    arena = ours.arena
    ann, carol = arena.entries[ANN], arena.entries[CAROL]
    assert (arena.number, arena.starter, arena.starts, arena.length) == (3, ANN, NOON, 600.0)
    assert arena.hands == [(1, 2, 3, 4), (3, 3, 8, 8), (2, 5, 7, 13)]
    assert (ann.index, ann.score, ann.streak, ann.berserk_next) == (1, 2, 1, True)
    assert (carol.too_fast, carol.missed) == (True, 1)
    assert arena.votes == {"stop": (CAROL,)}
    assert (ours.code, ours.title, ours.message_id, ours.told, ours.held) == (
        "0a1b2c3d",
        "Friends",
        4242,
        False,
        3,
    )
    assert ours.vote == StartVote(10, NOON - 30, [504])


def test_a_players_side_loads_with_their_trophies() -> None:
    mine = ARENA_CHAT.of(_pinned("private"))
    assert mine is not None
    assert (mine.playing, mine.hand_message_id) == (GROUP, 77)
    assert mine.entry is not None and (mine.entry.index, mine.entry.score) == (2, 4)
    assert mine.entry_number == 3
    assert mine.trophies == [ArenaTrophy(GROUP, "Friends", 2, 14, NOON - 86400)]


@pytest.mark.parametrize("kind", ["group", "private"])
def test_an_arena_record_saved_again_loads_the_same(kind: str) -> None:
    chat = _pinned(kind)
    assert records.load("chat", records.saved("chat", chat).text) == chat


@pytest.mark.asyncio
async def test_a_bot_started_on_the_pinned_arena_takes_it_up_again(tmp_path: Path) -> None:
    """Ann's own row, a hand ahead of the group's, is taken back: her third hand comes."""
    data = SQLitePersistence(tmp_path)
    data.write_now({("chat", GROUP): _pinned("group"), ("chat", ANN): _pinned("private")})
    await data.flush()
    api = players()
    clock = FakeClock(NOON + 120)  # within its ten minutes
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = text_of(await next_in(api, ANN, 0, is_hand))
        ours = ARENA_CHAT.of(application.chat_data[GROUP])
    assert "⚡ Hand 3 · 30 s (berserk): make 24 from 2 5 7 13" in hand
    assert (
        ours is not None and ours.arena is not None and ours.arena.entries[ANN].shown == NOON + 120
    )
