"""A script plays Rush on the Telegram game's page, as issue #38 found it could: the token from
pressing Play, then ``/app/api/rush/start`` and ``/answer`` with the solver's answers.  At full
speed every answer counts for nothing, and its run goes on no board and no high-score table;
at each hand's floor of a person's pace the run ends within ten minutes of play, its clock
never over 3:00, at the best score the rules allow, and stays off the boards (a script's
steady pace); keeping a plausible median, it reaches the figure the README states
(``bench/rush_script_bench.py`` measures both)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.context import services
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.rules.pace import PLAUSIBLE_MEDIAN, floor_of
from bot.rules.rush.run import CLOCK_MOST, RUN_MOST, best_at_floors
from solver import solve
from tests.bot.harness import ANN, GROUP, FakeClock, FaultyBotApi, running_bot, until
from tests.bot.rush_game_data import GAME, GAME_ENV, HEADER, game_api, play, sent_game, token_of

pytestmark = pytest.mark.asyncio

NOON = 1_800_000_000.0


class Script:
    """The page's API called as a script calls it: one connection, the token in its header."""

    def __init__(self, application: Any, token: str) -> None:
        self.base = f"{services(application).web_address}/app/api/rush"
        self.client = httpx.AsyncClient(headers={HEADER: token})

    async def call(self, name: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        method = "GET" if name == "state" else "POST"
        response = await self.client.request(method, f"{self.base}/{name}", json=body)
        assert response.status_code == 200, response.text
        reply: dict[str, Any] = response.json()
        return reply

    async def solve(self, reply: dict[str, Any]) -> dict[str, Any]:
        text = solve(tuple(reply["hand"]))[0].text
        return await self.call("answer", {"hand": reply["number"], "expression": text})


@asynccontextmanager
async def scripted(tmp_path: Path) -> AsyncIterator[tuple[FaultyBotApi, FakeClock, Script, Any]]:
    """The bot, with Ann's Play pressed under /game in the group, and the script that took
    the page's token (on its one connection, closed at the end)."""
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        script = Script(application, token_of(await play(api, ANN, message)))
        try:
            yield api, clock, script, application
        finally:
            await script.client.aclose()


async def test_a_script_at_full_speed_scores_nothing_and_goes_on_no_table(tmp_path: Path) -> None:
    async with scripted(tmp_path) as (api, clock, script, application):
        reply = await script.call("start")
        fast = [await script.solve(reply) for _ in range(5)]
        clock.now += 2  # then at a person's pace: a point, on the run's own history only
        await script.solve(reply)
        clock.now += CLOCK_MOST
        over = await script.call("state")  # once the table was looked at (as the page shows)
        records = RUSH_RECORDS.get(application.user_data[ANN])
        board = RUSH_BOARD.get(application.bot_data.global_data)
    assert [(r["void"], r["solved"], r["score"]) for r in fast] == [("too_fast", False, 0)] * 5
    assert (over["state"], over["score"], over["too_fast"]) == ("over", 1, True)
    assert "getGameHighScores" in api.calls
    assert "setGameScore" not in api.calls
    assert ("chat", GROUP, GAME) not in api.games.tables
    assert (records.runs, records.best) == (1, None)
    assert (board.all_time, board.week) == ([], [])


async def test_a_script_at_the_floors_pace_ends_within_ten_minutes_its_clock_at_most_three(
    tmp_path: Path,
) -> None:
    async with scripted(tmp_path) as (api, clock, script, application):
        reply = await script.call("start")
        shown = [reply["remaining"]]
        while reply["state"] == "playing":
            clock.now += floor_of(reply["hand"])  # each hand's own floor (its level's)
            reply = await script.solve(reply)
            shown.append(reply.get("remaining", 0.0))
        await until(lambda: "getGameHighScores" in api.calls)
        board = RUSH_BOARD.get(application.bot_data.global_data)
    assert max(shown) == CLOCK_MOST
    assert reply["seconds"] == RUN_MOST
    assert reply["score"] == best_at_floors() == 288
    assert reply["lasted_most"]
    assert (reply["too_fast"], reply["implausible"]) == (False, True)
    assert "setGameScore" not in api.calls  # a script's steady pace: on no table
    assert (board.all_time, board.week) == ([], [])


async def test_a_script_keeping_a_plausible_median_reaches_the_figure_the_readme_states(
    tmp_path: Path,
) -> None:
    """Every other answer at 3 s, the others at their hand's floor: on the boards, at
    ``best_at_floors(plausible=True)`` hands at most (README, docs/fair-play.md)."""
    async with scripted(tmp_path) as (api, clock, script, _application):
        reply = await script.call("start")
        solved = fast = 0
        while reply["state"] == "playing":
            at_floor = fast + 1 <= solved // 2
            clock.now += floor_of(reply["hand"]) if at_floor else PLAUSIBLE_MEDIAN
            fast, solved = fast + at_floor, solved + 1
            reply = await script.solve(reply)
        await until(lambda: "setGameScore" in api.calls)
    assert reply["score"] == best_at_floors(plausible=True) == 235
    assert not reply["implausible"]
