"""Fair play through the local Bot API: no spoilers of a hand being played, and a daily
puzzle timed only from the clock the player started."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.games import daily, solve_headline
from tests.bot.harness import (
    ANN,
    CAROL,
    GROUP,
    NOON,
    FakeClock,
    deal,
    dealt,
    reply_to,
    running_bot,
    with_carol,
)

pytestmark = pytest.mark.asyncio

# CAROL (tests.bot.harness): A user who has never been seen in the group.

DAY = dt.date(2026, 11, 23)
ROUND_SPOILER = (
    "No spoilers: those numbers hold a hand you are playing right now. "
    "Ask again once its round is over (/hint helps meanwhile)."
)
ROUND_SPOILER_ELSEWHERE = (
    "No spoilers: those numbers hold a hand you are playing right now. "
    "Ask again once its round is over."
)
"""Asked away from the round's chat, where /hint would not help."""


async def inline_title(api: LocalBotApi, user: int, query: str, chat_type: str = "sender") -> str:
    answer = await api.wait_for_inline_answer(api.inline_query(user, query, chat_type))
    return str(answer["results"][0]["title"])


async def a_live_round(api: LocalBotApi) -> str:
    """Ann deals in the group; the hand, as /solve takes it."""
    return " ".join(map(str, dealt(await deal(api, ANN, GROUP))))


async def test_the_live_hand_is_refused_in_the_group(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        assert await reply_to(api, ANN, GROUP, f"/solve {hand}") == ROUND_SPOILER


async def test_the_live_hand_with_another_number_is_refused(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        assert await reply_to(api, ANN, GROUP, f"/solve {hand} 1") == ROUND_SPOILER


async def test_the_live_hand_with_another_target_is_refused(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        assert await reply_to(api, ANN, GROUP, f"/solve {hand} = 25") == ROUND_SPOILER


async def test_a_member_of_the_group_is_refused_in_private(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        assert await reply_to(api, ANN, ANN, f"/solve {hand}") == ROUND_SPOILER_ELSEWHERE


async def test_a_member_of_the_group_is_refused_inline(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        assert await inline_title(api, ANN, hand) == ROUND_SPOILER_ELSEWHERE


async def test_inline_answers_are_personal(tmp_path: Path) -> None:
    """Telegram would otherwise show one user's answer to another who types the same."""
    api = with_carol()
    async with running_bot(api, tmp_path):
        answer = await api.wait_for_inline_answer(api.inline_query(CAROL, "1 2 3 4"))
    assert answer["is_personal"] == "true"  # as the Bot API receives it, form-encoded


async def test_someone_never_seen_in_the_group_is_answered(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        reply = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {hand}"))
    assert reply.splitlines()[0] == solve_headline(hand)


async def test_the_refusal_ends_with_the_round(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        await reply_to(api, ANN, GROUP, "/reveal")
        reply = plain_text(await reply_to(api, ANN, ANN, f"/solve {hand}"))
    assert reply != ROUND_SPOILER


async def test_the_running_daily_is_refused_to_its_player(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        hand = " ".join(map(str, daily(DAY)))
        reply = await reply_to(api, ANN, ANN, f"/solve {hand}")
    assert reply == "No spoilers: that is your daily puzzle, and your clock is running."


async def test_numbers_holding_the_running_daily_are_refused_as_such(tmp_path: Path) -> None:
    # "That is your daily puzzle" said of eight numbers that only hold it puzzled players.
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        hand = " ".join(map(str, daily(DAY)))
        reply = await reply_to(api, ANN, ANN, f"/solve {hand} 1 1")
    assert reply == "No spoilers: those numbers hold your daily puzzle, and your clock is running."


async def test_the_running_daily_is_refused_inline(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        title = await inline_title(api, ANN, " ".join(map(str, daily(DAY))))
    assert title == "No spoilers: that is your daily puzzle, and your clock is running."


async def test_todays_daily_is_refused_to_who_has_not_solved_it(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, CAROL, CAROL, "/solve " + " ".join(map(str, daily(DAY))))
    assert reply == "No spoilers: that is today's daily puzzle. Solve it first: /daily"


async def test_todays_daily_is_answered_once_solved(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, CAROL, CAROL, "/daily")
        await reply_to(api, CAROL, CAROL, solve(daily(DAY))[0].text)
        hand = " ".join(map(str, daily(DAY)))
        reply = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {hand}"))
    assert f"{hand} → 24" in reply


async def test_todays_daily_is_refused_in_a_group(tmp_path: Path) -> None:
    """Even to a player who solved it: others in the group may be on it."""
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(DAY))[0].text)
        reply = await reply_to(api, ANN, GROUP, "/solve " + " ".join(map(str, daily(DAY))))
    assert reply == "No spoilers: that is today's daily puzzle, and others here may be on it."


async def test_todays_daily_is_refused_inline_in_a_group(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(DAY))[0].text)
        title = await inline_title(api, ANN, " ".join(map(str, daily(DAY))), "supergroup")
    assert title == "No spoilers: that is today's daily puzzle, and others here may be on it."


async def test_an_answer_without_a_started_clock_counts_for_nothing(tmp_path: Path) -> None:
    """Eve's 0:00: a clock started yesterday and left; today's hand read elsewhere."""
    api = with_carol()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, CAROL, CAROL, "/daily")
        clock.now += 86_400
        today = DAY + dt.timedelta(days=1)
        reply = plain_text(await reply_to(api, CAROL, CAROL, solve(daily(today))[0].text))
    # Not judged against today's puzzle: yesterday's, the one she saw, has closed.
    assert reply == (
        f"Sorry, Daily #{daily_number(DAY)} has closed: its day ended at midnight, and "
        "answers were taken until 00:05. Its solutions are out now, so this one cannot "
        f"count. Today's puzzle is Daily #{daily_number(today)}: /daily"
    )


async def test_an_answer_after_midnight_counts_for_the_puzzle_seen(tmp_path: Path) -> None:
    api = with_carol()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, CAROL, CAROL, "/daily")
        clock.now += 120  # 00:01, the next day
        reply = plain_text(await reply_to(api, CAROL, CAROL, solve(daily(DAY))[0].text))
    assert f"24点 Daily #{daily_number(DAY)} ✅ 2:00" in reply


async def test_a_solved_attempt_stops_the_clock_mode(tmp_path: Path) -> None:
    """After solving, a further typed answer is not taken for the daily again."""
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, CAROL, CAROL, "/daily")
        await reply_to(api, CAROL, CAROL, solve(daily(DAY))[0].text)
        reply = await reply_to(api, CAROL, CAROL, "/daily")
    assert reply.startswith(f"You solved Daily #{daily_number(DAY)} already")
