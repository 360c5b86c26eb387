"""A past puzzle from the archive that shares three cards with a daily puzzle the player may
still score (today's, yesterday's while open) is not dealt, through the running bot: its
answer, or its solutions on a give-up, would be most of that puzzle's answer (the rule
/solve keeps).  Tomorrow's is not asked (the refusal would tell its cards a day ahead).
Neighbouring puzzles do share three cards: 23 and 24 Nov 2026 are 2 6 6 12 and 2 6 6 8."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.i18n import date_text
from bot.local_api import plain_text
from bot.rules.spoilers import shares
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, NOON, FakeClock, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio

NEXT_NOON = dt.datetime(2026, 11, 24, 12, 0, tzinfo=dt.UTC).timestamp()
"""24 Nov 2026, noon: today's puzzle is 2 6 6 8, yesterday's 2 6 6 12."""
# NOON (tests.bot.harness): 23 Nov 2026, noon: tomorrow's puzzle is 2 6 6 8.
YESTERDAY = dt.date(2026, 11, 23)
NUMBER = daily_number(YESTERDAY)
FAR = dt.date(2026, 9, 7)
"""Its puzzle, 3 6 6 8, shares three cards with 24 Nov's (2 6 6 8), none with 22 or 23 Nov's."""


async def test_the_neighbours_share_three_cards() -> None:
    assert (daily(YESTERDAY), daily(YESTERDAY + dt.timedelta(1))) == ((2, 6, 6, 12), (2, 6, 6, 8))


async def test_a_past_puzzle_sharing_today_s_cards_is_refused(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NEXT_NOON)) as application:
        told = plain_text(await reply_to(api, ANN, ANN, f"/daily {YESTERDAY.isoformat()}"))
        await settled(api, application)
        running = DAILY_RECORD.get(application.user_data[ANN]).running()
    assert told == (
        f"Daily #{NUMBER} shares three cards with today's puzzle: play today's first (/daily)."
    )
    assert running is None


async def test_a_past_puzzle_sharing_today_s_cards_is_refused_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NEXT_NOON)):
        told = plain_text(await reply_to(api, BOB, BOB, f"/daily #{NUMBER}"))
    assert told == f"每日一题 #{NUMBER} 和今天的题目有三张牌相同：先做今天的题（/daily）。"


async def test_a_past_puzzle_sharing_today_s_cards_is_dealt_after_today_s(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NEXT_NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(YESTERDAY + dt.timedelta(1)))[0].text)
        shown = plain_text(await reply_to(api, ANN, ANN, f"/daily {YESTERDAY.isoformat()}"))
    assert shown.startswith(f"Daily #{NUMBER} ({date_text(YESTERDAY, 'en')}, from the archive)")


async def test_a_past_puzzle_sharing_tomorrow_s_cards_is_dealt(tmp_path: Path) -> None:
    """Tomorrow's puzzle is never asked: a refusal naming it told, a day ahead, which past
    puzzles share its cards (/daily #280 … #335 found three)."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        shown = plain_text(await reply_to(api, ANN, ANN, f"/daily {FAR.isoformat()}"))
    assert shown.startswith(
        f"Daily #{daily_number(FAR)} ({date_text(FAR, 'en')}, from the archive)"
    )


async def test_only_today_s_neighbours_are_refused(tmp_path: Path) -> None:
    """Of the 90 puzzles before 23 Nov, the refused are those sharing three cards with its
    own (2 6 6 12), whatever they share with 24 Nov's (2 6 6 8): a refusal tells nothing of
    a puzzle still to come."""
    api = make_api()
    today = dt.date(2026, 11, 23)
    days = [today - dt.timedelta(days=back) for back in range(1, 91)]
    refused = []
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        for day in days:
            told = plain_text(await reply_to(api, ANN, ANN, f"/daily #{daily_number(day)}"))
            if "shares three cards" in told:
                refused.append(day)
            else:
                await reply_to(api, ANN, ANN, "/giveup")
    assert refused == [day for day in days if shares(daily(day), daily(today))]


async def test_some_past_puzzles_share_tomorrow_s_cards_alone() -> None:
    """The test above asks puzzles that tomorrow's would have refused."""
    today = dt.date(2026, 11, 23)
    tomorrow = today + dt.timedelta(days=1)
    days = [today - dt.timedelta(days=back) for back in range(1, 91)]
    assert any(
        shares(daily(day), daily(tomorrow)) and not shares(daily(day), daily(today)) for day in days
    )


async def test_a_past_puzzle_given_up_after_midnight_keeps_the_new_day_s_solutions_back(
    tmp_path: Path,
) -> None:
    """Opened just before midnight, a past puzzle sharing three cards with the puzzle that
    comes at midnight: given up after it, its solutions wait until that one is played."""
    api = make_api()
    clock = FakeClock(dt.datetime(2026, 11, 23, 23, 59, tzinfo=dt.UTC).timestamp())
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, f"/daily {FAR.isoformat()}")
        clock.now = dt.datetime(2026, 11, 24, 0, 1, tzinfo=dt.UTC).timestamp()
        told = plain_text(await reply_to(api, ANN, ANN, "/giveup"))
    assert told == (
        f"You gave up Daily #{daily_number(FAR)} ({date_text(FAR, 'en')}, from the archive). "
        f"Its solutions are kept back: it shares three cards with Daily #{NUMBER + 1}, which "
        "you may still solve (/daily). /solve shows them once you have played that one."
    )
