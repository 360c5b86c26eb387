"""The fixed clock and answers shared by the daily habit's tests (``test_daily_*_e2e.py``)."""

from __future__ import annotations

import datetime as dt

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import NOON as NOON
from tests.bot.harness import (
    FakeClock,
    reply_to,
)

DAY = dt.date(2026, 11, 23)


def answer_of(day: dt.date) -> str:
    return solve(daily(day))[0].text


async def solve_daily(api: LocalBotApi, clock: FakeClock, user: int, seconds: float) -> str:
    await reply_to(api, user, user, "/daily")
    clock.now += seconds
    return plain_text(await reply_to(api, user, user, answer_of(DAY)))
