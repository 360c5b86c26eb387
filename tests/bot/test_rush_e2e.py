"""Rush in the chat through the local Bot API: a private run to its end by the clock, /skip,
a shared run in a group (privacy mode on) and its ranking, /rush top, spoilers, a restart
in the middle of a run, and the refusal while another game is on."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from telegram.ext import Application

from bot.features.rush import play as rush_play
from bot.game.rush_chat import ChatRush
from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.games import start
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    saved_record,
    settled,
)

pytestmark = pytest.mark.asyncio

CAROL, DAVE = 503, 504
NOON = 1_795_435_200.0
"""A Wednesday noon (UTC): its week began on Monday 2026-11-23."""


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    return api


def the_run(application: Application, chat: int) -> ChatRush:
    """The Rush run of ``chat`` (failing the test if there is none)."""
    game = application.chat_data[chat].table.rush
    assert game is not None
    return game


def answer(game: ChatRush) -> str:
    """A right answer to the run's current hand."""
    return solve(game.hand, 24)[0].pretty


def wrong(game: ChatRush) -> str:
    """An answer with the hand's cards that does not make 24 (every card added up: four
    cards of 1 to 13 add up to 24 only for some hands, which this test never uses)."""
    return "+".join(map(str, game.hand))


async def ring(api: LocalBotApi, application: Application, chat: int, game: ChatRush) -> dict:
    """Ring the run's alarm now (as its timer would) and return the message it sends."""
    before = len(api.sent)
    application.job_queue.run_once(rush_play.rush_up, 0, chat_id=chat, data=game.number)
    return (await api.wait_for_sent(before + 1))[-1]


async def next_picture(api: LocalBotApi, user: int, chat: int, text: str) -> dict:
    """``user`` says ``text`` in ``chat``; returns the next picture the bot sends."""
    before = len(api.sent)
    api.send(user, chat, text)
    for _ in range(5):
        sent = await api.wait_for_sent(before + 1)
        for message in sent[before:]:
            if "photo" in message:
                return message
        before = len(sent)
    pytest.fail("no picture")


async def test_a_private_run_shows_its_clock_and_level(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        picture = await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
    cards = " ".join(map(str, sorted(game.hand)))
    assert plain_text(picture["caption"]) == (
        "⏱ Rush · 2:00 left · score 0 · level 1/5\n"
        f"Make 24 from {cards}\n"
        "Each hand solved: +10 s and a point; /skip: −20 s. /stop ends the run.\n"
        "Type your answer, like (8-2)*4."
    )


async def test_a_private_run_ends_by_the_clock_and_is_counted(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        clock.now += 3
        await next_picture(api, ANN, ANN, answer(game))
        clock.now += 5
        await next_picture(api, ANN, ANN, answer(game))
        clock.now = game.deadline
        end = plain_text((await ring(api, application, ANN, game))["text"])
        await settled(api, application)
        user = saved_record(tmp_path, "user", ANN)
    assert end == (
        "🏁 Rush over! Score: 2\n"
        "2 of 3 hands solved in 2:20, 0 skipped.\n"
        "Best hand: 3.0 s.\n"
        "🏆 Your first personal best.\n"
        "Share: 24点 Rush 🏁 2 solved · ⚡ 3.0 s\n"
        "/rush for another run, /rush top for the best runs."
    )
    assert user.rush.best is not None and user.rush.best.score == 2
