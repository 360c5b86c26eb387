"""Players and times shared by the trust tests (``test_trust*_e2e.py``)."""

from __future__ import annotations

from bot.local_api import LocalBotApi
from solver import solve
from tests.bot.harness import EVE as EVE
from tests.bot.harness import make_api

# EVE (tests.bot.harness): a member of the group who only reads it: the bot has never
# seen her write there.


def with_eve() -> LocalBotApi:
    api = make_api()
    api.add_user(EVE, "Eve", language_code="en")
    return api


def answer_of(hand: tuple[int, ...] | list[int]) -> str:
    return solve(tuple(hand))[0].text
