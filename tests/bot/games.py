"""Helpers for the games' tests: start a game, look at the one a chat plays, and say what
the bot writes over a hand's solutions (the test knows the hand: it knows how many)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from telegram.ext import Application

from bot.game.hunt import Hunt
from bot.local_api import LocalBotApi
from solver import daily as solver_daily
from solver import solve
from solver.deal import DailyPools


def daily(day: dt.date, pools: DailyPools | None = None) -> tuple[int, ...]:
    """The daily puzzle of ``day``: ``solver.daily(day)``, from the schedule's frozen levels
    as the bot's (``pools``: as ``solver.daily``'s, a bot's own)."""
    return solver_daily(day, pools)


def the_hunt(application: Application, chat: int) -> Hunt:
    """The Solution Hunt on in ``chat`` (failing the test if there is none)."""
    hunt = application.chat_data[chat].table.hunt
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
