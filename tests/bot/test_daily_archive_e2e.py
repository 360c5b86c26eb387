"""The daily puzzle's archive through the local Bot API with a fixed clock: past puzzles by
date or number with their own clock, no future one, the archive's buttons, the group's week."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number
from tests.bot.daily_habit_data import DAY, NOON, answer_of, solve_daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


PAST = DAY - dt.timedelta(days=22)  # 2026-11-01


async def test_a_past_puzzle_by_date_has_its_own_clock(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        shown = plain_text(await reply_to(api, ANN, ANN, "/daily 2026-11-01"))
        clock.now += 42
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(PAST)))
    assert shown.startswith(f"Daily #{daily_number(PAST)} (Nov 1, 2026, from the archive)")
    assert solved == (
        f"✅ Daily #{daily_number(PAST)} (Nov 1, 2026) solved in 0:42. "
        "Archive results count for no streak."
    )


async def test_a_past_puzzle_by_number_is_kept_and_no_streak(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/daily #300")
        await reply_to(api, ANN, ANN, answer_of(dt.date(2026, 10, 27)))
        record = DAILY_RECORD.get(application.user_data[ANN])
        assert record.played(dt.date(2026, 10, 27)) is not None
        assert record.streak(DAY) == 0


async def test_a_replay_never_reaches_todays_board(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, BOB, BOB, "/daily 2026-11-22")
        await reply_to(api, BOB, BOB, answer_of(DAY - dt.timedelta(days=1)))
        solved = await solve_daily(api, clock, ANN, 20)
    assert "You are the first to solve this puzzle." in solved


async def test_no_future_puzzle(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily 2026-11-24")
    assert refused == (
        f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily)."
    )


async def test_a_number_past_the_last_date_is_still_to_come(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, BOB, BOB, "/daily #99999999")
    assert refused == f"那道题还没到：今天的是每日一题 #{daily_number(DAY)}（/daily）。"


async def test_no_puzzle_before_daily_1(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily #0")
    assert refused == "Daily #1 was on Jan 1, 2026: there is no earlier puzzle."


async def test_a_day_that_does_not_exist_is_asked_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = await reply_to(api, ANN, ANN, "/daily 2026-02-30")
    assert refused == (
        f"Give a past day or number: /daily 2026-11-01 or /daily #{daily_number(DAY) - 1}."
    )


async def test_a_word_daily_does_not_know_starts_no_clock(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        reply = await reply_to(api, ANN, ANN, "/daily " + "x" * 4000)
        assert DAILY_RECORD.get(application.user_data[ANN]).started == {}
    assert reply == (
        "/daily alone shows today's puzzle; it also takes top, stats, week, archive, "
        f"a past day (/daily 2026-11-01) or its number (/daily #{daily_number(DAY) - 1})."
    )


async def archive_message(api: LocalBotApi, user: int) -> dict[str, Any]:
    await reply_to(api, user, user, "/daily archive")
    return api.sent[-1]


@pytest.mark.parametrize(
    ("data", "notice"),
    [
        # A client of one's own sends any callback data: today's puzzle would be practised
        # with no clock before /daily started the live one.
        (
            "daily:2026-11-23",
            f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily).",
        ),
        (
            "daily:2026-12-01",
            f"That puzzle is still to come: today's is Daily #{daily_number(DAY)} (/daily).",
        ),
        ("daily:2025-12-31", "Daily #1 was on Jan 1, 2026: there is no earlier puzzle."),
        (
            "daily:2026-02-30",
            f"Give a past day or number: /daily 2026-11-01 or /daily #{daily_number(DAY) - 1}.",
        ),
    ],
)
async def test_an_archive_button_with_data_of_ones_own_plays_nothing(
    tmp_path: Path, data: str, notice: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        message = await archive_message(api, ANN)
        sent = len(api.sent)
        api.press(ANN, message, data)
        await settled(api, application)
        assert DAILY_RECORD.get(application.user_data[ANN]).replay_started == {}
    assert api.callback_answers[-1]["text"] == notice
    assert len(api.sent) == sent


async def test_an_archive_button_pressed_after_midnight_plays_its_day(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        message = await archive_message(api, ANN)
        clock.now += 86_400  # the next day: the listing's days are still past
        before = len(api.sent)
        api.press(ANN, message, "daily:2026-11-22")
        shown = (await api.wait_for_sent(before + 1))[before]
    assert plain_text(shown["caption"]).startswith(
        f"Daily #{daily_number(DAY) - 1} (Nov 22, 2026, from the archive)"
    )


async def test_the_archive_lists_missed_days_first_with_buttons_to_play(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON - 86_400)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")  # yesterday's, solved live
        await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=1)))
        clock.now = NOON
        listing = plain_text(await reply_to(api, ANN, ANN, "/daily archive"))
        message = api.sent[-1]
        buttons = [row[0] for row in message["reply_markup"]["inline_keyboard"]]
        # Before Ann's first day: not a day she missed.
        assert listing.splitlines()[1] == f"#{daily_number(DAY) - 2} Nov 21, 2026: not played"
        assert listing.splitlines()[-1] == f"#{daily_number(DAY) - 1} Nov 22, 2026: ✅ 0:00"
        assert len(buttons) == 6
        assert all(len(b["callback_data"].encode()) <= 64 for b in buttons)
        before = len(api.sent)
        api.press(ANN, message, buttons[0]["callback_data"])
        shown = (await api.wait_for_sent(before + 1))[before]
    assert plain_text(shown["caption"]).startswith(
        f"Daily #{daily_number(DAY) - 2} (Nov 21, 2026, from the archive)"
    )


async def test_the_archive_calls_days_before_a_first_day_not_played(tmp_path: Path) -> None:
    """A newcomer's archive: every day before their first is "not played", not missed."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        listing = plain_text(await reply_to(api, ANN, ANN, "/daily archive")).splitlines()
    assert [line.split(": ")[1] for line in listing[1:]] == ["not played"] * 7


async def test_the_archive_calls_a_day_after_the_first_missed(tmp_path: Path) -> None:
    """Played three days ago, not since: the two days between are missed, the ones before
    not played."""
    api = make_api()
    clock = FakeClock(NOON - 3 * 86_400)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/daily")
        clock.now = NOON
        listing = plain_text(await reply_to(api, ANN, ANN, "/daily archive")).splitlines()
    states = {line.split(" ", 1)[1].split(": ")[0]: line.split(": ")[1] for line in listing[1:]}
    assert states == {
        "Nov 22, 2026": "missed",
        "Nov 21, 2026": "missed",
        "Nov 20, 2026": "missed",  # opened, never solved
        "Nov 19, 2026": "not played",
        "Nov 18, 2026": "not played",
        "Nov 17, 2026": "not played",
        "Nov 16, 2026": "not played",
    }


async def test_the_archive_in_a_group_points_to_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, GROUP, "/daily archive")
    assert reply == "往期题目请在私聊里玩：私聊我发送 /daily archive。"


async def test_the_groups_week_ranks_by_days_then_time(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(503, "Cy", language_code="en")
    clock = FakeClock(NOON - 86_400)  # Sunday: last week
    async with running_bot(api, tmp_path, clock=clock):
        for user in (ANN, BOB, 503):
            await reply_to(api, user, GROUP, "/daily top")  # seen in the group
        await reply_to(api, ANN, ANN, "/daily")  # last week's, solved: not counted
        solved = plain_text(await reply_to(api, ANN, ANN, answer_of(DAY - dt.timedelta(days=1))))
        assert "Solved in 0:00" in solved
        clock.now = NOON  # Monday
        await reply_to(api, ANN, ANN, "/daily")
        clock.now += 50
        await reply_to(api, ANN, ANN, answer_of(DAY))
        await reply_to(api, 503, 503, "/daily")
        clock.now += 10
        await reply_to(api, 503, 503, answer_of(DAY))
        week = plain_text(await reply_to(api, ANN, GROUP, "/daily week"))
    assert week.splitlines() == [
        "This week's daily puzzles",
        "1. Cy: 1 day, 0:10",
        "2. Ann: 1 day, 0:50",
    ]


async def test_the_archive_in_chinese_has_chinese_punctuation(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        listing = plain_text(await reply_to(api, BOB, BOB, "/daily archive"))
    assert listing.splitlines()[1] == f"#{daily_number(DAY) - 1} 2026年11月22日：没玩过"


async def test_the_week_in_private_says_it_is_a_group_s_board(tmp_path: Path) -> None:
    """In private the only member is the player: "Nobody yet." under the week's heading
    told nothing; it says whose board it is."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        told = plain_text(await reply_to(api, ANN, ANN, "/daily week"))
    assert told == (
        "/daily week is a group's board: its members ranked by daily puzzles solved this week. "
        "Send it in a group I am in; your own numbers are in /stats."
    )
