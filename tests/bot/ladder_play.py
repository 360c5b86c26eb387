"""Helpers for the ladder's tests: the training of a chat, the hand on (of a training or a
round), a right answer and a wrong one, an established player, and the next picture the bot
sends."""

from __future__ import annotations

import datetime as dt

from bot.games.ladder.parts import LADDER_RATINGS, TRAINING
from bot.local_api import LocalBotApi, plain_text
from bot.rules.ladder.puzzle_rating import (
    ESTABLISHED_DAYS,
    ESTABLISHED_RESULTS,
    Ladder,
    PuzzlePlayer,
)
from bot.rules.ladder.training import Training
from bot.rules.rounds import ROUND_SEAT
from solver import solve
from tests.bot.harness import ANN, BotApplication, until
from tests.bot.harness import NOON as NOON

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


def wrong(hand: tuple[int, ...]) -> str:
    """An answer with the hand's cards that makes no 24."""
    a, b, c, d = hand
    return next(t for t in (f"{a}+{b}+{c}+{d}", f"{a}*{b}*{c}*{d}") if eval(t) != 24)


def round_hand(application: BotApplication, chat: int) -> tuple[int, ...]:
    """The hand of the round on in ``chat`` (failing the test if none is)."""
    game = ROUND_SEAT.of(application.chat_data[chat].table)
    assert game is not None and game.live
    return game.hand


def ladder_of(application: BotApplication) -> Ladder:
    return LADDER_RATINGS.get(application.bot_data.global_data)


def strong(application: BotApplication, user: int) -> PuzzlePlayer:
    """``user`` is an established player the model expects to solve most hands fast."""
    ladder = ladder_of(application)
    ladder.players[user] = PuzzlePlayer(
        mu=40.0, sigma=3.0, results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS
    )
    return ladder.players[user]


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
