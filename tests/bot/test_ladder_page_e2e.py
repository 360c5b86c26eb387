"""Training by tapping, through real HTTP to the running bot: the Mini App's Train mode
deals a hand near the player's puzzle rating, tells the change of a solve, refuses one under
the pace floor (measured from the reply that gave the page the hand), counts a skip as a
miss with a solution, keeps the hand on when the page asks again, and saves as /train; the
hand on is kept from its player's /solve, and one the bot solved for another account rates
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder.parts import LADDER_RATINGS
from bot.local_api import plain_text
from bot.rules.ladder.model import prior_of_level
from bot.rules.ladder.puzzle_rating import PuzzlePlayer
from bot.rules.ladder.training import level_of
from tests.bot.harness import ANN, BOB, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON, answer
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio


async def test_train_deals_a_hand_near_the_players_rating(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, clock=FakeClock(NOON), env=APP_ENV) as app:
        LADDER_RATINGS.get(app.bot_data.global_data).players[ANN] = PuzzlePlayer(
            mu=prior_of_level(5)
        )
        dealt = (await call(app, "POST", "train", body={})).json()
    assert level_of(tuple(dealt["hand"])) == 5


async def test_a_solve_on_the_page_tells_the_change_and_saves_it(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 9
        body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
        solved = (await call(app, "POST", "train/answer", body=body)).json()
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        kept = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN)
    change = solved["rating"] - 1500
    assert solved["line"] == f"✅ 9.0 s · {change:+d} → {solved['rating']}"
    assert change > 0
    assert kept.results == 1
    assert kept.shown == solved["rating"]


async def test_an_answer_under_the_floor_counts_nothing_and_the_hand_goes_on(
    tmp_path: Path,
) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 1.0
        body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
        fast = (await call(app, "POST", "train/answer", body=body)).json()
        results = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN).results
        clock.now += 8
        later = (await call(app, "POST", "train/answer", body=body)).json()
    assert fast["too_fast"] is True
    assert fast["reason"].startswith("Too fast")
    assert results == 0
    assert later["line"].startswith("✅ 9.0 s · ")


async def test_a_wrong_answer_is_told_and_the_hand_goes_on(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 5
        wrong = "-".join(map(str, dealt["hand"]))
        body = {"number": dealt["number"], "expression": wrong}
        said = (await call(app, "POST", "train/answer", body=body)).json()
        again = (await call(app, "POST", "train", body={})).json()
    assert said["ok"] is False
    assert again["number"] == dealt["number"]
    assert again["elapsed"] == 5.0


async def test_a_skip_is_a_miss_with_a_solution_and_the_next_hand_follows(
    tmp_path: Path,
) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 5
        skipped = (await call(app, "POST", "train/skip", body={"number": dealt["number"]})).json()
        stale = await call(app, "POST", "train/skip", body={"number": dealt["number"]})
        following = (await call(app, "POST", "train", body={})).json()
    assert skipped["line"].startswith("⏭ skipped · −")
    assert "\nA solution: " in skipped["line"]
    assert stale.status_code == 409
    assert following["number"] == dealt["number"] + 1


async def test_the_pages_skip_is_counted_and_costs_rating_as_its_button_says(
    tmp_path: Path,
) -> None:
    """The Train tab's button says "⏭ Skip (a miss)" (``trainSkip``): a skip is a counted miss."""
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        skipped = (await call(app, "POST", "train/skip", body={"number": dealt["number"]})).json()
    assert (skipped["counted"], skipped["delta"] < 0) == (True, True)


async def test_no_player_answers_anothers_hand(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 9
        body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
        stolen = await call(app, "POST", "train/answer", BOB, body)
        results = LADDER_RATINGS.get(app.bot_data.global_data).player(BOB).results
    assert stolen.status_code == 409
    assert results == 0


async def test_a_hand_left_past_its_time_is_a_miss(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        clock.now += 121
        following = (await call(app, "POST", "train", body={})).json()
        player = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN)
    assert following["number"] == dealt["number"] + 1
    assert player.results == 1
    assert player.history[-1].seconds is None


async def test_the_hand_on_the_page_is_kept_from_its_players_solve(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        cards = " ".join(map(str, dealt["hand"]))
        said = plain_text(await reply_to(api, ANN, ANN, f"/solve {cards}"))
    assert said.startswith("No spoilers: those numbers hold a hand you are playing right now.")


async def test_a_hand_the_bot_solved_for_another_account_rates_nothing(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        cards = " ".join(map(str, dealt["hand"]))
        await reply_to(api, BOB, BOB, f"/solve {cards}")  # Ann's second account, say
        clock.now += 9
        body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
        solved = (await call(app, "POST", "train/answer", body=body)).json()
        results = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN).results
    assert "I had given that hand's solutions" in solved["line"]
    assert results == 0


async def test_a_restart_keeps_the_hand_on_the_page_with_its_clock(tmp_path: Path) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
    clock.now += 20
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        again = (await call(app, "POST", "train", body={})).json()
        clock.now += 5
        body = {"number": dealt["number"], "expression": answer(tuple(dealt["hand"]))}
        solved = (await call(app, "POST", "train/answer", body=body)).json()
    assert (again["number"], again["hand"], again["elapsed"]) == (
        dealt["number"],
        dealt["hand"],
        20.0,
    )
    assert solved["line"].startswith("✅ 25.0 s · ")


async def test_a_restart_keeps_the_hand_on_the_page_from_its_players_solve(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as app:
        cards = " ".join(map(str, dealt["hand"]))
        said = plain_text(await reply_to(api, ANN, ANN, f"/solve {cards}"))
    assert said.startswith("No spoilers: those numbers hold a hand you are playing right now.")


async def test_a_page_hand_whose_time_ran_out_while_the_bot_was_down_is_void(
    tmp_path: Path,
) -> None:
    clock = FakeClock(NOON)
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
    clock.now += 600
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as app:
        following = (await call(app, "POST", "train", body={})).json()
        player = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN)
    assert following["number"] == dealt["number"] + 1
    assert player.results == 0
