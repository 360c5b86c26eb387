"""Helpers for the arena's tests: players, the group's arena, the Join link, a player's
hand and a right answer to it, and the bot's next messages in a chat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.context import local_now
from bot.games.arena import group as arena_group
from bot.games.arena.parts import ARENA_CHAT
from bot.local_api import LocalBotApi, plain_text
from bot.rules.arena import Arena
from bot.rules.pace import floor_of
from solver import solve
from tests import established
from tests.bot.harness import GROUP, BotApplication, FakeClock

AFTER_FLOOR = 1.0
"""Seconds past a hand's pace floor a test's player answers."""


def regulars(application: BotApplication, *users: int) -> None:
    """``users`` made established players (the daily puzzle solved on the days before
    today): their arena results count beyond the group."""
    established.by_dailies(application.user_data, *users, day=local_now(application).date())


def the_arena(application: BotApplication, chat: int = GROUP) -> Arena:
    """The arena of ``chat`` (failing the test if it has none)."""
    ours = ARENA_CHAT.of(application.chat_data[chat])
    assert ours is not None and ours.arena is not None
    return ours.arena


def join_payload(message: dict[str, Any]) -> str:
    """The ``/start`` payload of the Join button of the arena's standings message."""
    button = message["reply_markup"]["inline_keyboard"][0][0]
    url = button["url"]
    assert "?start=" in url, url
    return url.split("?start=", 1)[1]


def hand_of(application: BotApplication, user: int, chat: int = GROUP) -> tuple[int, ...]:
    """``user``'s current hand in the arena of ``chat`` (the group)."""
    arena = the_arena(application, chat)
    return arena.hands[arena.entries[user].index]


def right(hand: tuple[int, ...]) -> str:
    """A right answer to ``hand``."""
    return solve(hand, 24)[0].pretty


def wrong(hand: tuple[int, ...]) -> str:
    """An expression of ``hand``'s cards that does not make 24 (a miss)."""
    a, b, c, d = hand
    for text, value in ((f"{a}+{b}+{c}+{d}", a + b + c + d), (f"{a}*{b}*{c}*{d}", a * b * c * d)):
        if value != 24:
            return text
    raise AssertionError(hand)


def at_pace(clock: FakeClock, hand: tuple[int, ...]) -> None:
    """Move the clock past ``hand``'s pace floor (a person's time to answer it)."""
    clock.now += floor_of(hand, 24) + AFTER_FLOOR


async def next_in(
    api: LocalBotApi, chat: int, before: int, found: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first message the bot sent (or edited) in ``chat`` after ``before`` for which
    ``found`` is true, waiting for it (bounded)."""
    seen = before
    for _ in range(20):
        sent = await api.wait_for_sent(seen + 1, timeout=10)
        for message in sent[seen:]:
            if message["chat"]["id"] == chat and found(message):
                return message
        seen = len(sent)
    raise AssertionError(f"no such message in {chat}")


def text_of(message: dict[str, Any]) -> str:
    """A message's text or caption, as a user reads it."""
    return plain_text(message.get("text") or message.get("caption") or "")


def is_hand(message: dict[str, Any]) -> bool:
    """Whether a message is an arena hand (its picture, or its text where none is sent)."""
    return "make 24 from" in text_of(message) and "Hand " in text_of(message)


async def ring_end(api: LocalBotApi, application: BotApplication, arena: Arena) -> None:
    """Ring the arena's end alarm now (as its timer would once its time is up)."""
    application.job_queue.run_once(
        arena_group.arena_up, 0, chat_id=GROUP, data=arena.number, name="arena-up:test"
    )
