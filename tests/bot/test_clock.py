"""The bot's clocks: a step of the system's wall clock never makes a time negative or wrong, nor
counts as time played; the calendar follows a step forward."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.clock import GameClock, SteadyClock
from bot.games.countdown import COUNTDOWN_UP
from bot.local_api import plain_text
from solver import solve
from tests.bot.countdown_data import players as countdown_players
from tests.bot.countdown_data import start as start_countdown
from tests.bot.countdown_data import the_game as the_countdown
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

HOUR = 3600.0


def _clocks() -> tuple[FakeClock, FakeClock, SteadyClock]:
    """A wall clock and a monotonic one that a test moves, and the bot's clock on them."""
    wall, ticks = FakeClock(NOON), FakeClock(100.0)
    return wall, ticks, SteadyClock(wall, ticks)


def _elapse(wall: FakeClock, ticks: FakeClock, seconds: float) -> None:
    wall.now += seconds
    ticks.now += seconds


def _game_clocks() -> tuple[FakeClock, FakeClock, GameClock]:
    """A wall clock and a monotonic one that a test moves, and the games' clock on them."""
    wall, ticks = FakeClock(NOON), FakeClock(100.0)
    return wall, ticks, GameClock(wall, ticks)


def test_a_step_forward_of_the_wall_clock_is_no_time_played() -> None:
    wall, ticks, clock = _game_clocks()
    start = clock()
    wall.now += HOUR
    _elapse(wall, ticks, 5)
    assert clock() - start == 5


def test_a_step_of_more_than_a_day_sets_the_games_clock() -> None:
    """A board with no battery-backed clock boots in 1970, then learns the time."""
    wall, ticks = FakeClock(0.0), FakeClock(100.0)
    clock = GameClock(wall, ticks)
    wall.now = NOON
    _elapse(wall, ticks, 1)
    assert clock() == NOON + 1


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
        assert isinstance(application.bot_data.clock, GameClock)
        assert type(application.bot_data.calendar) is SteadyClock


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
@pytest.mark.parametrize("step", [-HOUR, HOUR], ids=["back", "forward"])
async def test_a_daily_solved_after_a_step_of_the_wall_clock_takes_its_true_time(
    tmp_path: Path, step: float
) -> None:
    api = make_api()
    wall, ticks = FakeClock(NOON), FakeClock(100.0)
    async with running_bot(api, tmp_path, wall=wall, monotonic=ticks):  # the bot's own clocks
        await reply_to(api, ANN, ANN, "/daily")
        wall.now += step
        _elapse(wall, ticks, 42)
        day = dt.date(2026, 11, 23)
        solved = plain_text(await reply_to(api, ANN, ANN, solve(daily(day))[0].text))
    assert solved.startswith("✅ Solved in 0:42")


@pytest.mark.asyncio
async def test_a_countdown_goes_on_when_the_wall_clock_steps_forward_an_hour(
    tmp_path: Path,
) -> None:
    api = countdown_players()
    wall, ticks = FakeClock(NOON), FakeClock(100.0)
    async with running_bot(api, tmp_path, wall=wall, monotonic=ticks) as application:
        await start_countdown(api, application, ANN, ANN)
        wall.now += HOUR
        _elapse(wall, ticks, 5)
        best = plain_text(await reply_to(api, ANN, ANN, "50*10"))
        # The job queue runs by the wall clock: the game's alarm rings an hour early.
        (alarm,) = application.bot_data.timers.pending(ANN, COUNTDOWN_UP)
        await alarm.run(application)
        game = the_countdown(application, ANN)
        again = application.bot_data.timers.pending(ANN, COUNTDOWN_UP)
    assert best == "500, 380 away"
    assert game.live
    assert [job.next_t is not None for job in again if job is not alarm] == [True]
