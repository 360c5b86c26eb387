"""Scheduled arenas through the local Bot API (the test's clock, its alarms rung by hand):
admins only, in the group's time zone, announced five minutes before, the first hands at
the start for those who joined early, and a daily one set again for the next day."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.arena import play, scheduled
from bot.games.arena.parts import ARENA_CHAT
from tests.bot.arena_play import is_hand, join_payload, next_in, text_of, the_arena
from tests.bot.harness import ANN, GROUP, BotApplication, FakeClock, reply_to, running_bot
from tests.bot.rush_play import CAROL, NOON, players

pytestmark = pytest.mark.asyncio


def _ring(application: BotApplication, callback: object, data: object = None) -> None:
    """Ring one of the group's arena alarms now, as its timer would."""
    application.job_queue.run_once(callback, 0, chat_id=GROUP, data=data, name="test")  # type: ignore[arg-type]


async def test_a_scheduled_arena_is_announced_then_starts(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)  # Monday 23 November 2026, 12:00 UTC: the bot's zone
    async with running_bot(api, tmp_path, clock=clock) as application:
        refused = await reply_to(api, CAROL, GROUP, "/arena at 12:10")
        scheduled_once = await reply_to(api, ANN, GROUP, "/arena at 12:10 5")
        waiting = application.bot_data.timers.pending(GROUP, scheduled.ARENA_ANNOUNCE)
        clock.now = NOON + 5 * 60
        before = len(api.sent)
        _ring(application, scheduled.announce)
        announced = await next_in(api, GROUP, before, lambda m: "Arena #1" in text_of(m))
        arena = the_arena(application)
        kept = ARENA_CHAT.of(application.chat_data[GROUP])
        before = len(api.sent)
        api.send(CAROL, CAROL, f"/start {join_payload(announced)}")
        joined = text_of(await next_in(api, CAROL, before, lambda _m: True))
        early = await reply_to(api, CAROL, CAROL, "1+2+3+4")
        clock.now = NOON + 10 * 60
        before = len(api.sent)
        _ring(application, play.arena_start, arena.number)
        first = text_of(await next_in(api, CAROL, before, is_hand))
    assert refused == "Only the group's admins schedule arenas."
    assert scheduled_once == (
        "🗓 An arena of 5 minutes on 2026-11-23 at 12:10 (UTC), announced five minutes "
        "before. /arena unschedule cancels it."
    )
    assert len(waiting) == 1
    assert "Arena #1 · starts in 5:00" in text_of(announced)
    assert arena.starts == NOON + 10 * 60
    assert arena.length == 5 * 60
    assert kept is not None and kept.schedule is None  # a one-off: nothing more to come
    assert joined.endswith("The arena starts in 5:00: your first hand comes then.")
    assert early == "The arena starts in 5:00: your first hand comes then."
    assert first.startswith("🏟 Hand 1 · 60 s: make 24 from")


async def test_a_daily_arena_is_set_again_for_the_next_day(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        daily = await reply_to(api, ANN, GROUP, "/arena at 20:00 daily")
        clock.now = NOON + 7 * 3600 + 55 * 60
        before = len(api.sent)
        _ring(application, scheduled.announce)
        await next_in(api, GROUP, before, lambda m: "Arena #1" in text_of(m))
        kept = ARENA_CHAT.of(application.chat_data[GROUP])
        next_start = None if kept is None else kept.next_start
        cancelled = await reply_to(api, ANN, GROUP, "/arena unschedule")
        left = application.bot_data.timers.pending(GROUP, scheduled.ARENA_ANNOUNCE)
    tomorrow = dt.datetime(2026, 11, 24, 20, 0, tzinfo=dt.UTC).timestamp()
    assert daily.startswith(
        "🗓 An arena of 10 minutes every day at 20:00 (UTC), the first on 2026-11-23"
    )
    assert next_start == tomorrow
    assert cancelled == "🗓 The arenas scheduled here are cancelled."
    assert left == []


async def test_a_scheduled_arena_is_kept_across_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, GROUP, "/arena at 20:00 weekly")
    async with running_bot(api, tmp_path, clock=clock) as application:
        waiting = application.bot_data.timers.pending(GROUP, scheduled.ARENA_ANNOUNCE)
        kept = ARENA_CHAT.of(application.chat_data[GROUP])
    assert len(waiting) == 1
    assert kept is not None and kept.schedule is not None
    assert (kept.schedule.at, kept.schedule.repeat, kept.schedule.weekday) == ("20:00", "weekly", 0)


async def test_an_arena_is_scheduled_at_the_groups_own_time(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)  # 12:00 UTC is 20:00 in Shanghai (UTC+8)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, GROUP, "/subscribe 09:00 Asia/Shanghai")  # the group's zone
        scheduled_once = await reply_to(api, ANN, GROUP, "/arena at 20:30 5")
        clock.now = NOON + 25 * 60
        before = len(api.sent)
        _ring(application, scheduled.announce)
        announced = await next_in(api, GROUP, before, lambda m: "Arena #1" in text_of(m))
        arena = the_arena(application)
    assert scheduled_once == (
        "🗓 An arena of 5 minutes on 2026-11-23 at 20:30 (Asia/Shanghai), announced five "
        "minutes before. /arena unschedule cancels it."
    )
    assert "Arena #1 · starts in 5:00" in text_of(announced)
    assert arena.starts == NOON + 30 * 60
