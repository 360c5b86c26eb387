"""An arena in a season through the local Bot API, on a test clock: its podium's
achievements told in the end message, the season's arena board on ``/season``, the group's
arena played on ``/groups top``, and the arena board's trophy given at the season's end
(saved, told in private)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from bot.rules.arena.podium_season import PODIUM_BOARD
from bot.rules.seasons.tables import SeasonTrophy
from tests.bot.arena_play import (
    joined,
    next_in,
    regulars,
    ring_end,
    solve_one,
    text_of,
    the_arena,
)
from tests.bot.harness import (
    ANN,
    GROUP,
    BotApplication,
    FakeClock,
    reply_to,
    running_bot,
    saved_record,
    settled,
)
from tests.bot.rush_play import DAVE, players

pytestmark = pytest.mark.asyncio

END = dt.datetime(2026, 12, 1, tzinfo=dt.UTC).timestamp()
"""The end of season 2026-11 (the bot's time zone is UTC)."""


async def an_arena(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> str:
    """An arena in the group: Ann solves two hands, Dave one; the end message's text."""
    await joined(api, (ANN, DAVE))
    for user in (ANN, ANN, DAVE):
        await solve_one(api, application, clock, user)
    arena = the_arena(application)
    clock.now = arena.ends + 1
    before = len(api.sent)
    await ring_end(api, application, arena)
    end = await next_in(
        api, GROUP, before, lambda m: "is over" in text_of(m) and not m.get("edited")
    )
    await settled(api, application)
    return text_of(end)


def news_of(api: LocalBotApi, user: int) -> list[str]:
    return [
        plain_text(m["text"])
        for m in api.sent
        if m["chat"]["id"] == user and "Season 2026-11 is over" in m.get("text", "")
    ]


async def test_an_arenas_podium_earns_achievements_a_seasons_place_and_its_trophy(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        regulars(application, ANN, DAVE)
        await reply_to(api, ANN, GROUP, "/settings groups on")
        final = await an_arena(api, application, clock)
        season = plain_text(await reply_to(api, ANN, ANN, "/season"))
        top = plain_text(await reply_to(api, ANN, ANN, "/groups top"))
        (job,) = application.job_queue.get_jobs_by_name("season-end")
        clock.now = END + 1
        await job.run(application)  # the job rings, as it would at the season's end
        await settled(api, application)
        ended = plain_text(await reply_to(api, ANN, ANN, "/season 2026-11"))
    told = news_of(api, ANN)
    assert "1. 🥇 Ann: 4 points" in final
    assert "🎖️ Ann earned 2 achievements: 🥉 A place on an arena's podium · 🥇 An arena won" in final
    assert "🎖️ Dave earned 1 achievement: 🥉 A place on an arena's podium" in final
    assert "🏟 Arenas\n1. 🥇 Ann: 1 won, 1 podium\n" in season + "\n"
    assert (
        top == "🏘 This week's groups (from Monday 2026-11-30)\n"
        "1. Friends: 0 daily puzzles solved, 1 arena"
    )
    assert "🏟 Arenas\n1. 🥇 Ann: 1 won, 1 podium" in ended
    assert len(told) == 1
    assert "🥇 1st on the arena board" in told[0]
    assert (
        SeasonTrophy("2026-11", PODIUM_BOARD.name, 1)
        in saved_record(tmp_path, "user", ANN).trophies
    )
    assert (
        SeasonTrophy("2026-11", PODIUM_BOARD.name, 2)
        in saved_record(tmp_path, "user", DAVE).trophies
    )
