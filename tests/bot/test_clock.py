"""The bot's clock: a step of the system's wall clock never makes a time negative or wrong."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.clock import SteadyClock
from bot.local_api import plain_text
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import ANN, FakeClock, deal, dealt, make_api, reply_to, running_bot, settled

NOON = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC).timestamp()
HOUR = 3600.0


def _clocks() -> tuple[FakeClock, FakeClock, SteadyClock]:
    """A wall clock and a monotonic one that a test moves, and the bot's clock on them."""
    wall, ticks = FakeClock(NOON), FakeClock(100.0)
    return wall, ticks, SteadyClock(wall, ticks)


def _elapse(wall: FakeClock, ticks: FakeClock, seconds: float) -> None:
    wall.now += seconds
    ticks.now += seconds


def test_a_step_back_of_the_wall_clock_is_ignored() -> None:
    wall, ticks, clock = _clocks()
    start = clock()
    wall.now -= HOUR
    _elapse(wall, ticks, 5)
    assert clock() - start == 5


def test_a_step_forward_of_the_wall_clock_is_followed() -> None:
    wall, ticks, clock = _clocks()
    start = clock()
    wall.now += HOUR
    _elapse(wall, ticks, 5)
    assert clock() - start == HOUR + 5


def test_the_clock_never_runs_backwards() -> None:
    wall, ticks, clock = _clocks()
    readings = [clock()]
    for step in (HOUR, -2 * HOUR, 10.0, -HOUR):
        wall.now += step
        _elapse(wall, ticks, 1)
        readings.append(clock())
    assert readings == sorted(readings)


@pytest.mark.asyncio
async def test_the_bot_keeps_time_with_the_steady_clock(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, own_clock=True) as application:
        assert isinstance(application.bot_data.clock, SteadyClock)


@pytest.mark.asyncio
async def test_a_round_won_after_the_wall_clock_stepped_back_takes_its_true_time(
    tmp_path: Path,
) -> None:
    api = make_api()
    wall, ticks, clock = _clocks()
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await deal(api, ANN, ANN))
        await settled(api, application)  # the round's clock starts once the deal is sent
        wall.now -= HOUR
        _elapse(wall, ticks, 7)
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
    assert won.startswith("🎉 Ann wins in 7.0 s")


@pytest.mark.asyncio
async def test_a_daily_solved_after_the_wall_clock_stepped_back_takes_its_true_time(
    tmp_path: Path,
) -> None:
    api = make_api()
    wall, ticks, clock = _clocks()
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")
        wall.now -= HOUR
        _elapse(wall, ticks, 42)
        day = dt.date(2026, 11, 23)
        solved = plain_text(await reply_to(api, ANN, ANN, solve(daily(day))[0].text))
    assert solved.startswith("✅ Solved in 0:42")
