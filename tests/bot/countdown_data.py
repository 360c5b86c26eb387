"""Players, seeded deals and steps shared by the countdown's tests (``test_countdown*_e2e.py``).

The deals are seeded (the bot's random source draws the numbers and the target), so that
every message can be asserted whole:

- seed 1 with one large number: 2 2 5 8 10 50, target 880, made by (50+5)×8×2;
- seed 28 with none: 2 2 3 3 4 9, target 754, which can't be made (720 below, 756 above).
"""

from __future__ import annotations

import random

from telegram.ext import Application

from bot.games import countdown as countdown_feature
from bot.local_api import LocalBotApi, plain_text
from bot.rules.countdown import COUNTDOWN_SEAT, Countdown
from tests.bot.harness import NOON as NOON
from tests.bot.harness import (
    BotApplication,
    FakeClock,
    make_api,
    settled,
)

CAROL, DAVE, ERIN = 503, 504, 505
EXACT = "/countdown 1"
"""With seed 1: 2 2 5 8 10 50 → 880."""
CLOSE = "/countdown 0"
"""With seed 28: 2 2 3 3 4 9 → 754."""
SOLVER_880 = "Solver: 880 = (50+5)×8×2"


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    api.add_user(ERIN, "Erin", language_code="en")
    return api


def the_game(application: Application, chat: int) -> Countdown:
    game = COUNTDOWN_SEAT.of(application.chat_data[chat].table)
    assert game is not None
    return game


async def start(
    api: LocalBotApi,
    application: Application,
    user: int,
    chat: int,
    command: str = EXACT,
    seed: int | None = 1,
) -> dict:
    """Start a game (seeded unless ``seed`` is None) and return its picture."""
    if seed is not None:
        application.bot_data.rng = random.Random(seed)
    before = len(api.sent)
    api.send(user, chat, command)
    deal = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert "photo" in deal, deal
    await settled(api, application)  # the clock starts once the picture is sent
    return deal


async def time_up(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, chat: int
) -> str:
    """Move the clock past the game's deadline, fire its timer and return the end."""
    game = the_game(application, chat)
    clock.now += game.time_limit + 1
    before = len(api.sent)
    application.job_queue.run_once(
        countdown_feature.countdown_up,
        0,
        chat_id=chat,
        data=game.number,
    )
    return plain_text((await api.wait_for_sent(before + 1))[-1]["text"])
