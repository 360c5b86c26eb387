"""Helpers for the games' tests: start a game, look at the one a chat plays, and say what
the bot writes over a hand's solutions (the test knows the hand: it knows how many)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from telegram.ext import Application

from bot.local_api import LocalBotApi
from bot.rules.hunt import HUNT_SEAT, Hunt
from solver import daily as solver_daily
from solver import solve
from solver.deal import DailyPools


def daily(day: dt.date, pools: DailyPools | None = None) -> tuple[int, ...]:
    """The daily puzzle of ``day``: ``solver.daily(day)``, from the schedule's frozen levels
    as the bot's (``pools``: as ``solver.daily``'s, a bot's own)."""
    return solver_daily(day, pools)


def the_hunt(application: Application, chat: int) -> Hunt:
    """The Solution Hunt on in ``chat`` (failing the test if there is none)."""
    hunt = HUNT_SEAT.of(application.chat_data[chat].table)
    assert hunt is not None
    return hunt


async def start(api: LocalBotApi, user: int, chat: int, command: str = "/hunt") -> dict:
    """``user`` sends ``command`` in ``chat``; returns the game's picture."""
    before = len(api.sent)
    api.send(user, chat, command)
    deal = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert "photo" in deal, deal
    return deal


def one_or_many(hand: Sequence[int], one: str, many: str, target: int = 24) -> str:
    """``one`` if ``hand`` makes ``target`` in one distinct way, else ``many``: the wording
    the bot picks over a hand's solutions."""
    return one if len(solve(hand, target)) == 1 else many


def solve_headline(numbers: str, target: int = 24) -> str:
    """The first line of /solve's English reply to ``numbers`` (as written: "3 3 8 8")."""
    count = len(solve([int(n) for n in numbers.split()], target))
    if not count:
        return f"{numbers} cannot make {target}."
    return f"{numbers} → {target}: {count} distinct solution{'' if count == 1 else 's'}"


TEST_DAY = dt.date(2026, 11, 23)
"""The day a test's bot lives in unless the test gives a clock (its puzzle: 2 6 6 12)."""


def three_of(hand: Sequence[int]) -> tuple[int, ...]:
    """Three of ``hand``'s cards sharing the fewest with the test day's daily puzzle: asked
    for, a refusal for the daily (which a player may still score) would hide the hand's."""

    def with_daily(three: tuple[int, ...]) -> int:
        return sum((Counter(three) & Counter(daily(TEST_DAY))).values())

    return min(combinations(hand, 3), key=with_daily)


def not_in(hand: Sequence[int]) -> int:
    """A card value that is not one of ``hand``'s (asked with three of its cards, a number
    of the hand would make the whole hand)."""
    return next(n for n in (5, 7, 11, 13, 1) if n not in hand)
