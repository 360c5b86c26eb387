"""An arena's texts at Telegram's limits, through the local Bot API (which refuses a text
over 4096 characters and a caption over 1024, counted as Telegram does, in UTF-16): twelve
players with Telegram's longest names (64 + 64 characters, each two UTF-16 units, some with
HTML's own characters): the running standings fit one message, and the final standings
with the podium's achievement lines, over a caption, go under the podium's picture as its
first line and then in full as a text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.arena.group import STANDINGS_EVERY, standings_due
from bot.local_api import plain_text
from bot.services.limits import visible_length
from tests.bot.arena_play import (
    announce,
    join,
    join_payload,
    next_in,
    regulars,
    ring_end,
    solve_one,
    text_of,
    the_arena,
)
from tests.bot.harness import GROUP, FakeClock, make_api, running_bot, settled
from tests.bot.rush_play import NOON

pytestmark = pytest.mark.asyncio

PLAYERS = tuple(range(701, 713))
"""Twelve players: more than the ten rows shown."""
WIDE = "𝕬𝖗𝖊𝖓𝖆"
"""Letters outside the Basic Multilingual Plane: each two UTF-16 units."""


def longest(user: int, part: str) -> str:
    """A name part of Telegram's longest (64 characters), told apart by ``user``."""
    head = f"{user}&<b>{part}"
    return head + (WIDE * 13)[: 64 - len(head)]


async def test_an_arena_of_the_longest_names_keeps_within_telegrams_limits(
    tmp_path: Path,
) -> None:
    api = make_api()
    for user in PLAYERS:
        api.add_user(user, longest(user, "A"), last_name=longest(user, "Z"))
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, *PLAYERS)
        payload = join_payload(await announce(api, "/arena 30"))
        for rank, user in enumerate(PLAYERS):
            await join(api, user, payload)
            for _ in range(max(4 - rank, 1)):  # the first three on the podium
                await solve_one(api, application, clock, user)
        clock.now += STANDINGS_EVERY
        before = len(api.sent)
        application.job_queue.run_once(standings_due, 0, chat_id=GROUP, name="standings:test")
        running = text_of(await next_in(api, GROUP, before, lambda m: bool(m.get("edited"))))
        arena = the_arena(application)
        clock.now = arena.ends + 1
        before = len(api.sent)
        await ring_end(api, application, arena)
        final = await next_in(
            api,
            GROUP,
            before,
            lambda m: "is over" in text_of(m) and "text" in m and not m.get("edited"),
        )
        await settled(api, application)
        photos = [m for m in api.sent[before:] if m["chat"]["id"] == GROUP and "photo" in m]
    rows = [line for line in running.splitlines() if re.match(r"\d+\. ", line)]
    full = final["text"]
    assert len(rows) == 10
    assert all("…" in row for row in rows)  # each name cut
    assert "12 players" in running
    assert visible_length(full) > 1024  # over a caption: the fallback's case
    assert [plain_text(m["caption"]) for m in photos] == ["🏁 Arena #1 is over."]
    assert text_of(final).count("earned") == 3  # the podium's achievement lines
    assert "&amp;&lt;b&gt;" in full  # the names' HTML characters escaped
