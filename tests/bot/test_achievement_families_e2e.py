"""The families of achievements whose results come from one game each, through that game
played over the local Bot API at a person's pace: every solution of a Solution Hunt found
alone, a Countdown target reached exactly, a Rush score of 20, a training hand solved (in
the chat or on the Mini App's Train page: a hand towards the hands and the fast solve).
The rounds' hands, the fast solve, the duels and the daily streak: test_achievements_e2e,
test_duel_e2e; a season's trophy: test_seasons_e2e; the arena's podium and win come with
the arena."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from tests.bot import countdown_data
from tests.bot.games import start, the_hunt
from tests.bot.harness import (
    ANN,
    NOON,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)
from tests.bot.ladder_play import answer as ladder_answer
from tests.bot.ladder_play import hand_on, train
from tests.bot.ladder_play import next_picture as ladder_picture
from tests.bot.miniapp_data import APP_ENV, call
from tests.bot.rush_play import answer as rush_answer
from tests.bot.rush_play import next_picture, ring, the_run

pytestmark = pytest.mark.asyncio


async def hunt_alone(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> str:
    """Ann hunts in private and finds every solution, 5 s apart; the hunt's end."""
    await start(api, ANN, ANN)
    hunt = the_hunt(application, ANN)
    for solution in hunt.solutions[:-1]:
        clock.now += 5  # each find at a person's pace (the floor: at most 2.1 s)
        await reply_to(api, ANN, ANN, solution)
    clock.now += 5
    before = len(api.sent)
    api.send(ANN, ANN, hunt.solutions[-1])
    await until(lambda: any(m.get("text", "").startswith("🏁") for m in api.sent[before:]))
    await settled(api, application)
    return next(plain_text(m["text"]) for m in api.sent[before:] if m["text"].startswith("🏁"))


async def test_a_hunt_found_alone_earns_its_achievement_once(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await hunt_alone(api, application, clock)
        second = await hunt_alone(api, application, clock)
        earned = application.user_data[ANN].achievements
    hunt_line = "🔍 Every solution of a Solution Hunt found alone"
    assert f"🎖️ New achievement: {hunt_line}" in first.split("\n")
    assert hunt_line not in second
    assert earned is not None and "hunt_1" in earned.earned


async def test_a_countdown_target_reached_exactly_earns_its_achievement(tmp_path: Path) -> None:
    api = countdown_data.players()
    clock = FakeClock(NOON)
    carol = countdown_data.CAROL
    async with running_bot(api, tmp_path, clock=clock) as application:
        await countdown_data.start(api, application, carol, carol)
        clock.now += 12  # at a person's pace, within the game's 30 s
        before = len(api.sent)
        api.send(carol, carol, "(50+5)*8*2")
        sent = await api.wait_for_sent(before + 2)
        await settled(api, application)
        end = plain_text(sent[-1]["text"])
    assert end.startswith("🏁 Countdown over: 880 from 2 2 5 8 10 50.")
    assert "🎖️ New achievement: 🎯 1 Countdown target reached exactly" in end.split("\n")


async def test_a_rush_score_of_twenty_earns_its_achievement(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        for _ in range(20):
            clock.now += 4
            await next_picture(api, ANN, ANN, rush_answer(game))
        clock.now = game.deadline
        end = plain_text((await ring(api, application, ANN, game))["text"])
        earned = application.user_data[ANN].achievements
    assert "🏃 A Rush score of 20" in end.split("\n")[-1]
    assert earned is not None and "rush_20" in earned.earned


async def test_a_training_hand_solved_is_a_hand_towards_the_achievements(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        clock.now += 4  # at a person's pace, under 5 s
        _, told = await ladder_picture(api, ladder_answer(hand_on(application)))
        clock.now += 4
        _, again = await ladder_picture(api, ladder_answer(hand_on(application)))
        earned = application.user_data[ANN].achievements
    assert plain_text(told[-1]["text"]).split("\n")[-1] == (
        "🎖️ New achievements: ⚡ A hand solved in under 10 seconds · "
        "⚡ A hand solved in under 5 seconds"
    )
    assert "🎖️" not in plain_text(again[-1]["text"])
    assert earned is not None and earned.counts["hands"] == 2


async def test_a_hand_solved_on_the_train_page_tells_its_achievement_in_private(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/start")  # Ann has a private chat with the bot
        dealt = (await call(application, "POST", "train", body={})).json()
        clock.now += 6
        body = {"number": dealt["number"], "expression": ladder_answer(tuple(dealt["hand"]))}
        before = len(api.sent)
        solved = await call(application, "POST", "train/answer", body=body)
        await settled(api, application)
        told = [plain_text(m["text"]) for m in api.sent[before:] if m["chat"]["id"] == ANN]
    assert solved.status_code == 200
    assert told == ["🎖️ New achievement: ⚡ A hand solved in under 10 seconds"]
