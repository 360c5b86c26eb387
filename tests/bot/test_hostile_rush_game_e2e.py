"""Hostile players and the Rush game's page, through the running bot and real HTTP: two
Play presses whose first /start calls race (the first after a start-up, while the levels
are being worked out) still give the player one run at a time; a hand the bot solved for a
second account while the page played it scores nothing, and costs what a skip costs."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, reply_to, running_bot
from tests.bot.rush_game_data import GAME_ENV, game_api, play, rush_call, sent_game, token_of

pytestmark = pytest.mark.asyncio

NOON = 1_800_000_000.0


def sorted_cards(reply: dict) -> str:
    """The hand of a page's reply, as a skip's line names it."""
    return " ".join(map(str, sorted(reply["hand"])))


async def test_two_racing_starts_leave_one_run_on(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        first = token_of(await play(api, ANN, message))
        second = token_of(await play(api, ANN, message))
        await asyncio.gather(
            rush_call(application, "POST", "start", first),
            rush_call(application, "POST", "start", second),
        )
        states = [
            (await rush_call(application, "GET", "state", token)).json()["state"]
            for token in (first, second)
        ]
    assert sorted(states) == ["over", "playing"]


async def test_a_page_runs_hand_solved_for_a_second_account_scores_nothing(
    tmp_path: Path,
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        token = token_of(await play(api, ANN, await sent_game(api, ANN, GROUP)))
        first = (await rush_call(application, "POST", "start", token)).json()
        cards = " ".join(map(str, first["hand"]))
        given = plain_text(await reply_to(api, BOB, BOB, f"/solve {cards}"))  # Ann's alt
        clock.now += 4
        body = {"hand": first["number"], "expression": solve(tuple(first["hand"]))[0].text}
        reply = (await rush_call(application, "POST", "answer", token, body)).json()
    assert "24" in given
    assert (reply["void"], reply["score"]) == ("given", 0)
    assert reply["number"] == first["number"] + 1  # the next hand
    assert reply["reason"].endswith(f"⏭ Skipped {sorted_cards(first)} · −20 s")  # a skip's cost
