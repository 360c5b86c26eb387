"""The chats of ``bench/load_bench.py``: its players, the observer that times each reply, the
hands with their answers worked out beforehand, and one round in a private chat or a group."""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import Update
from telegram.ext import Application, TypeHandler

from bot.local_api import LocalBotApi, plain_text
from solver import is_solvable, solve

PLAYERS = 3
"""Players in each group."""

Step = list[tuple[int, int, str]]
"""One step of a round: (user, chat, text) for every chat."""


def new_api() -> LocalBotApi:
    """A local Bot API with Telegram's outgoing limits off (where the version has them)."""
    if "flood_limits" in inspect.signature(LocalBotApi).parameters:
        return LocalBotApi(flood_limits=False)
    return LocalBotApi()


@dataclass
class Observer:
    """Counts handled updates, and times each user's message until the bot's next message
    (or edit) in that chat: the wait the player sees."""

    api: LocalBotApi
    waiting: dict[int, list[tuple[tuple[int, int], float]]] = field(default_factory=dict)
    samples: list[float] = field(default_factory=list)
    latency: dict[tuple[int, int], float] = field(default_factory=dict)
    """Every timed message: (chat, message id) → seconds until answered."""
    handled: int = 0
    unanswered: int = 0

    def attach(self, application: Application) -> None:
        # Handler groups run in order for each update: this one runs after the bot's own.
        application.add_handler(TypeHandler(Update, self._handled), group=99)
        self.api.on_sent(self._answered)

    async def _handled(self, update: Update, _context: object) -> None:
        self.handled += 1

    def _answered(self, message: dict) -> None:
        now = time.perf_counter()
        for key, sent in self.waiting.pop(message["chat"]["id"], []):
            self.samples.append(now - sent)
            self.latency[key] = now - sent
            self.unanswered -= 1

    def send(self, user: int, chat: int, text: str) -> tuple[int, int]:
        message = self.api.send(user, chat, text)
        key = (chat, message["message_id"])
        self.waiting.setdefault(chat, []).append((key, time.perf_counter()))
        self.unanswered += 1
        return key

    async def until_handled(self, count: int, timeout: float = 120) -> None:
        """Until ``count`` updates are handled and every message sent has its answer."""
        deadline = time.perf_counter() + timeout
        while self.handled < count or self.unanswered > 0:
            if time.perf_counter() > deadline:
                print(f"  ({self.unanswered} messages still unanswered after {timeout:.0f} s)")
                self.waiting.clear()
                self.unanswered = 0
                return
            await asyncio.sleep(0.001)

    def percentile(self, share: float) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


async def burst(observer: Observer, step: Step) -> float:
    """Send one message per chat at once; seconds until all are handled."""
    expected = observer.handled + len(step)
    start = time.perf_counter()
    for user, chat, text in step:
        observer.send(user, chat, text)
    await observer.until_handled(expected)
    return time.perf_counter() - start


COHORTS = 20
"""Groups of chats that start their round one step apart, in the paced run."""

StepOf = Callable[[int], tuple[int, int, str]]
"""One step of a round: for a chat, the (user, chat, text) to send."""


class Hands:
    """The hand of each chat's latest deal, read off the picture's caption as it is sent."""

    def __init__(self, api: LocalBotApi) -> None:
        self.of: dict[int, tuple[int, ...]] = {}
        api.on_sent(self._sent)

    def _sent(self, message: dict) -> None:
        if "caption" in message and "from " in message["caption"]:
            caption = plain_text(message["caption"]).split("\n")[0]
            numbers = caption.split("from ")[1].split()
            self.of[message["chat"]["id"]] = tuple(int(n) for n in numbers)

    def answer(self, chat: int) -> str:
        return _answer(self.of[chat])


@functools.cache
def _answer(hand: tuple[int, ...]) -> str:
    return solve(hand)[0].text


def work_out_answers() -> None:
    """A right answer for every hand the bot deals, worked out before anything is timed (the
    script's own work is not the bot's)."""
    # Every hand of four cards A to K (spelt out here: the solver's module that lists them
    # was renamed, and the script also runs against versions from before).
    for hand in itertools.combinations_with_replacement(range(1, 14), 4):
        if is_solvable(hand, 24):
            _answer(hand)


def private_round(hands: Hands) -> list[StepOf]:
    """/play, two wrong answers, the right one, in a user's private chat."""
    return [
        lambda u: (u, u, "/play"),
        lambda u: (u, u, "1+1"),
        lambda u: (u, u, "/a 99"),
        lambda u: (u, u, hands.answer(u)),
    ]


def group_round(hands: Hands, players: dict[int, list[int]]) -> list[StepOf]:
    """/play, a wrong /a from each player, then the first player's right answer."""
    wrong = [lambda c, p=p: (players[c][p], c, "/a 1+1") for p in range(PLAYERS)]
    return [
        lambda c: (players[c][0], c, "/play"),
        *wrong,
        lambda c: (players[c][0], c, "/a " + hands.answer(c)),
    ]


async def in_bursts(observer: Observer, chats: list[int], steps: list[StepOf]) -> float:
    """Every chat plays the round, each step sent by all chats at once; seconds taken."""
    return sum([await burst(observer, [step(c) for c in chats]) for step in steps])
