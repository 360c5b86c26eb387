"""Helpers for the ladder's tests: the training of a chat, the hand on, a right answer,
and the next picture the bot sends."""

from __future__ import annotations

import datetime as dt

from bot.games.ladder.parts import TRAINING
from bot.local_api import LocalBotApi, plain_text
from bot.rules.ladder.training import Training
from solver import solve
from tests.bot.harness import ANN, BotApplication, until

NOON = 1_795_435_200.0
"""Monday 2026-11-23, noon (UTC)."""
DAY = dt.date(2026, 11, 23)


def training(application: BotApplication, chat: int = ANN) -> Training:
    """The chat's training (failing the test if there is none)."""
    found = TRAINING.of(application.chat_data[chat])
    assert found is not None
    return found


def hand_on(application: BotApplication) -> tuple[int, ...]:
    game = training(application).hand
    assert game is not None and game.live
    return game.hand


def answer(hand: tuple[int, ...]) -> str:
    return solve(hand, 24)[0].pretty


async def next_picture(api: LocalBotApi, text: str) -> tuple[dict, list[dict]]:
    """Ann says ``text``; the next picture the bot sends, and the messages before it."""
    before = len(api.sent)
    api.send(ANN, ANN, text)
    await until(lambda: any("photo" in m for m in api.sent[before:]), timeout=20)
    sent = api.sent[before:]
    first = next(n for n, m in enumerate(sent) if "photo" in m)
    return sent[first], sent[:first]


async def train(api: LocalBotApi) -> dict:
    picture, _ = await next_picture(api, "/train")
    return picture


def difficulty_line(caption: str) -> str:
    """The caption's difficulty line."""
    return next(line for line in plain_text(caption).split("\n") if line.startswith("Difficulty"))
