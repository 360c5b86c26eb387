"""Dodges of the ladder through the local Bot API: a hand a second account had solved
still costs its miss (a skip, a stop, a time-up; on the Mini App's page too), and a hand
stopped at once is dealt again (no free reroll) and kept from its player's /solve until
then (no free look-up)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.ladder import play as ladder_play
from bot.games.ladder.parts import LADDER_RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.spoilers import shares
from tests.bot.harness import (
    ANN,
    BOB,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import NOON, answer, hand_on, next_picture, train, training
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

SEED = 24


async def _solved_by_bob(api: LocalBotApi, application: BotApplication) -> None:
    """Bob (Ann's second account, say) asks /solve for the cards of Ann's hand."""
    cards = " ".join(map(str, hand_on(application)))
    await reply_to(api, BOB, BOB, f"/solve {cards}")


async def test_a_skip_of_a_hand_solved_for_another_account_is_a_miss(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        await _solved_by_bob(api, application)
        clock.now += 20
        _, told = await next_picture(api, "/skip")
        player = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN)
    assert plain_text(told[-1]["text"]).startswith("⏭ skipped · −")
    assert player.results == 1


async def test_a_stop_of_a_hand_solved_for_another_account_is_a_miss(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        await _solved_by_bob(api, application)
        clock.now += 20
        api.send(ANN, ANN, "/train stop")
        await settled(api, application)
        counted = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).results
    texts = [plain_text(m.get("text", "")) for m in api.sent[-2:]]
    assert texts[0].startswith("🏁 stopped during the hand · −")
    assert counted == 1


async def test_a_time_up_of_a_hand_solved_for_another_account_is_a_miss(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        await _solved_by_bob(api, application)
        game = training(application).hand
        assert game is not None
        clock.now += 121
        before = len(api.sent)
        application.job_queue.run_once(ladder_play.ladder_up, 0, chat_id=ANN, data=game.number)
        sent = await api.wait_for_sent(before + 2)
        await settled(api, application)
        counted = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).results
    assert plain_text(sent[before]["text"]).startswith("⌛ time's up · −")
    assert counted == 1


async def test_a_page_skip_of_a_hand_solved_for_another_account_is_a_miss(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        cards = " ".join(map(str, dealt["hand"]))
        await reply_to(api, BOB, BOB, f"/solve {cards}")
        clock.now += 20
        skipped = (await call(app, "POST", "train/skip", body={"number": dealt["number"]})).json()
        results = LADDER_RATINGS.get(app.bot_data.global_data).player(ANN).results
    assert skipped["counted"] is True
    assert skipped["delta"] < 0
    assert results == 1


async def test_a_hand_stopped_at_once_is_dealt_again_by_the_next_train(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        first = hand_on(application)
        clock.now += 1
        end = plain_text(await reply_to(api, ANN, ANN, "/train stop"))
        await settled(api, application)
        clock.now += 60
        await train(api)
        again = hand_on(application)
        clock.now += 14
        _, told = await next_picture(api, answer(again))
        counted = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).results
    assert end.startswith("🏁 Training over: 0 hands counted")
    assert again == first
    assert plain_text(told[-1]["text"]).startswith("✅ 14.0 s · +")
    assert counted == 1


async def test_a_held_hand_comes_back_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        first = hand_on(application)
        clock.now += 1
        await reply_to(api, ANN, ANN, "/train stop")
        await settled(api, application)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        again = hand_on(application)
    assert again == first


async def _stopped_at_once(
    api: LocalBotApi, application: BotApplication, clock: FakeClock
) -> tuple[int, ...]:
    """Ann trains and stops a second into her first hand: the hand held for her next /train."""
    await train(api)
    held = hand_on(application)
    clock.now += 1
    await reply_to(api, ANN, ANN, "/train stop")
    await settled(api, application)
    return held


async def _solve_of(api: LocalBotApi, hand: tuple[int, ...]) -> str:
    """What Ann's /solve of ``hand``'s cards is told."""
    return plain_text(await reply_to(api, ANN, ANN, "/solve " + " ".join(map(str, hand))))


async def test_a_held_hand_is_kept_from_its_players_solve_until_it_is_played(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        # The next hand is stopped at once too, and so held: a deal sharing three numbers
        # with the first would rightly keep them from Ann's /solve. The seed's deal does not.
        application.bot_data.rng = random.Random(SEED)
        held = await _stopped_at_once(api, application, clock)
        kept = await _solve_of(api, held)
        clock.now += 60
        await train(api)
        clock.now += 14
        await next_picture(api, answer(held))
        second = hand_on(application)
        await reply_to(api, ANN, ANN, "/train stop")
        await settled(api, application)
        after = await _solve_of(api, held)
    assert not shares(held, second)  # the seed's deal: Ann holds no hand of those numbers
    assert kept.startswith("No spoilers: those numbers hold a hand you are playing")
    assert "No spoilers" not in after


async def test_a_held_hand_is_kept_from_its_players_solve_after_a_restart(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        held = await _stopped_at_once(api, application, clock)
    async with running_bot(api, tmp_path, clock=clock) as application:
        kept = await _solve_of(api, held)
    assert kept.startswith("No spoilers: those numbers hold a hand you are playing")
