"""What counts as a miss of the daily puzzle, through the local Bot API in private: only an
attempt that writes an expression with the cards (as a word game counts only guesses that
are words).  Chat ("hi") gets a short friendly hint, a typo is told what is wrong, and
neither shows on the shared line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, NOON, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
HAND = " ".join(map(str, sorted(daily(DAY))))


async def _solved_after(tmp_path: Path, user: int, *texts: str) -> tuple[list[str], str]:
    """The replies to ``texts`` sent during ``user``'s daily, and the reply to its solve."""
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, user, user, "/daily")
        replies = [plain_text(await reply_to(api, user, user, text)) for text in texts]
        clock.now += 3
        solved = plain_text(await reply_to(api, user, user, solve(daily(DAY))[0].text))
    return replies, solved


async def test_hi_during_the_daily_gets_a_friendly_hint(tmp_path: Path) -> None:
    (hint,), _ = await _solved_after(tmp_path, ANN, "hi")
    assert hint == (
        f"Your Daily #{daily_number(DAY)} is on the clock: make 24 from {HAND}, each card once, "
        "like (8-2)*4."
    )


async def test_hi_during_the_daily_gets_a_friendly_hint_in_chinese(tmp_path: Path) -> None:
    (hint,), _ = await _solved_after(tmp_path, BOB, "你好")
    assert hint == (
        f"每日一题 #{daily_number(DAY)} 正在计时：用 {HAND} 算出 24，每张牌用一次，例如 (8-2)*4。"
    )


async def test_chat_during_the_daily_is_no_miss(tmp_path: Path) -> None:
    _, solved = await _solved_after(tmp_path, ANN, "hi", "?", "thanks!")
    assert " · 0 misses · " in solved


async def test_a_typo_is_told_and_free_a_wrong_expression_a_miss(tmp_path: Path) -> None:
    (typo, wrong), solved = await _solved_after(tmp_path, ANN, "12\\6+6+2", "2+6+6+12")
    assert typo.startswith("Not quite: ")
    assert typo.endswith(" (not counted as a miss).")
    assert wrong == "Not quite: that makes 26."
    assert " · 1 miss · " in solved
