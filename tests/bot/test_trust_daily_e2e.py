"""Trust in the daily puzzle, through the running bot: another day's number refused, attempts
that closed, giving up, opening another puzzle, the day's solutions just after midnight."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games import daily as daily_feature
from bot.games.daily.parts import DAILY_RECORD
from bot.i18n import date_text
from bot.local_api import LocalBotApi, plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import ANN, BOB, GROUP, NOON, FakeClock, make_api, reply_to, running_bot
from tests.bot.miniapp_data import APP_ENV, call
from tests.bot.trust_data import EVE, answer_of, with_eve

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
NUMBER = daily_number(DAY)


def hand_of(day: dt.date) -> str:
    return " ".join(map(str, daily(day)))


# --- today's daily before its clock starts ---------------------------------------------------


async def test_todays_daily_with_another_number_is_refused_before_the_clock(
    tmp_path: Path,
) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)} 1")
    assert reply == "No spoilers: those numbers hold today's daily puzzle. Solve it first: /daily"


async def test_todays_daily_with_another_number_is_refused_inline(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        answer = await api.wait_for_inline_answer(api.inline_query(EVE, f"{hand_of(DAY)} 1"))
    assert answer["results"][0]["title"] == (
        "No spoilers: those numbers hold today's daily puzzle. Solve it first: /daily"
    )


async def test_todays_daily_with_another_number_is_refused_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, BOB, f"/solve {hand_of(DAY)} 1")
    assert reply == "不能剧透：这些数里含有今天的每日一题。先自己解出来吧：/daily"


async def test_todays_daily_with_another_number_is_refused_in_a_group(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, ANN, GROUP, f"/solve {hand_of(DAY)} 1")
    assert reply == (
        "No spoilers: those numbers hold today's daily puzzle, and others here may be on it."
    )


async def test_yesterdays_open_attempt_is_kept_just_after_midnight(tmp_path: Path) -> None:
    """Opened at 23:58, today's opened at 00:02: yesterday's still takes answers."""
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 58 * 60)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 240
        await reply_to(api, EVE, EVE, "/daily")
        reply = await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)} 1")
    assert reply == (
        "No spoilers: those numbers hold your daily puzzle, and your clock is running."
    )


async def test_a_running_archive_puzzle_is_refused_in_a_group_too(tmp_path: Path) -> None:
    api = with_eve()
    past = DAY - dt.timedelta(days=3)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, f"/daily {past.isoformat()}")
        reply = await reply_to(api, ANN, GROUP, f"/solve {hand_of(past)}")
    assert reply == "No spoilers: that is your daily puzzle, and your clock is running."


# --- a daily attempt closes ----------------------------------------------------------------


def closed_text(day: dt.date, today: dt.date) -> str:
    return (
        f"Sorry, Daily #{daily_number(day)} has closed: its day ended at midnight, and answers "
        "were taken until 00:05. Its solutions are out now, so this one cannot count. "
        f"Today's puzzle is Daily #{daily_number(today)}: /daily"
    )


async def test_an_attempt_answered_two_days_later_counts_for_nothing(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60 + 30)  # 23:59:30
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 36 * 3600  # noon, two days later
        reply = await reply_to(api, EVE, EVE, answer_of(daily(DAY)))
        assert reply == closed_text(DAY, DAY + dt.timedelta(days=2))
        assert DAILY_RECORD.get(application.user_data[EVE]).result(DAY) is None


async def test_an_attempt_closes_five_minutes_after_midnight(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60)  # 23:59
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, EVE, EVE, "/daily")
        clock.now += 6 * 60  # 00:05
        reply = await reply_to(api, EVE, EVE, answer_of(daily(DAY)))
    assert reply == closed_text(DAY, DAY + dt.timedelta(days=1))


async def test_a_closed_attempt_is_told_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, BOB, BOB, "/daily")
        clock.now += 86_400
        reply = await reply_to(api, BOB, BOB, answer_of(daily(DAY)))
    assert reply == (
        f"抱歉，每日一题 #{NUMBER} 已经关闭：它那一天在午夜结束，答案只收到 00:05。"
        f"现在它的解法已经公开，这个答案不能算了。今天的是每日一题 #{NUMBER + 1}：/daily"
    )


async def test_the_mini_app_refuses_an_attempt_that_closed(tmp_path: Path) -> None:
    clock = FakeClock(NOON + 11 * 3600 + 59 * 60 + 30)  # 23:59:30
    async with running_bot(make_api(), tmp_path, clock=clock, env=APP_ENV) as application:
        await call(application, "GET", "daily")
        clock.now += 36 * 3600
        late = await call(
            application,
            "POST",
            "daily",
            body={"day": DAY.isoformat(), "expression": answer_of(daily(DAY))},
        )
        assert late.status_code == 409
        assert DAILY_RECORD.get(application.user_data[ANN]).result(DAY) is None


# --- giving a daily attempt up -------------------------------------------------------------


async def test_giving_up_a_past_puzzle_shows_its_one_solution_as_one(tmp_path: Path) -> None:
    api = with_eve()
    past = DAY - dt.timedelta(days=3)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, f"/daily {past.isoformat()}")
        gave_up = plain_text(await reply_to(api, EVE, EVE, "/giveup"))
        after = await reply_to(api, EVE, EVE, answer_of(daily(past)))
        solved = plain_text(await reply_to(api, EVE, EVE, f"/solve {hand_of(past)}"))
    assert gave_up.split("\n")[0] == (
        f"You gave up Daily #{daily_number(past)} ({date_text(past, 'en')}, from the archive). "
        "Its solution:"
    )
    assert gave_up.split("\n")[1] == solve(daily(past))[0].pretty
    assert after == "Send /play for a hand, or /solve 3 3 8 8."
    assert solved.startswith(f"{hand_of(past)} → 24")


async def test_giving_up_todays_puzzle_is_a_day_missed(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, EVE, EVE, "/daily")
        gave_up = plain_text(await reply_to(api, EVE, EVE, "/reveal"))
        again = await reply_to(api, EVE, EVE, "/daily")
        by_number = await reply_to(api, EVE, EVE, f"/daily #{NUMBER}")
        solved = plain_text(await reply_to(api, EVE, EVE, f"/solve {hand_of(DAY)}"))
        assert DAILY_RECORD.get(application.user_data[EVE]).result(DAY) is None
    assert gave_up.split("\n")[0] == (
        f"You gave up today's puzzle, Daily #{NUMBER}: it counts as a day missed. Its solutions:"
    )
    assert again == (
        f"You gave up today's puzzle, Daily #{NUMBER}. The next one comes in 12 h 00 min."
    )
    assert by_number == again
    assert solved.startswith(f"{hand_of(DAY)} → 24")


async def test_stop_gives_up_the_daily_attempt_in_chinese(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily")
        gave_up = plain_text(await reply_to(api, BOB, BOB, "/stop"))
    assert gave_up.split("\n")[0] == f"你放弃了今天的每日一题 #{NUMBER}：这一天算作错过。解法："


async def opened(api: LocalBotApi, user: int, command: str) -> list[str]:
    """The texts (captions) of the two messages opening a puzzle sends when it sets
    another aside: the note and the picture."""
    before = len(api.sent)
    api.send(user, user, command)
    sent = (await api.wait_for_sent(before + 2))[before:]
    return [plain_text(m.get("text") or m.get("caption", "")) for m in sent]


async def test_opening_a_past_puzzle_says_todays_is_set_aside(tmp_path: Path) -> None:
    api = with_eve()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, EVE, EVE, "/daily")
        texts = await opened(api, EVE, "/daily 2026-11-20")
    assert (
        f"Today's Daily #{NUMBER} is set aside, its clock running on: /daily takes it up again."
        in texts
    )


async def test_opening_todays_puzzle_says_the_archives_is_set_aside_in_chinese(
    tmp_path: Path,
) -> None:
    api = with_eve()
    past = daily_number(dt.date(2026, 11, 20))
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, BOB, BOB, "/daily 2026-11-20")
        texts = await opened(api, BOB, "/daily")
    assert f"往期的每日一题 #{past} 先放一放，它的计时照走：发 /daily #{past} 接着做。" in texts


async def test_a_post_just_after_midnight_keeps_yesterdays_solutions(tmp_path: Path) -> None:
    """A group subscribed at 00:00: yesterday's attempts still take answers till 00:05."""
    api = with_eve()
    # The midnight the test day begins: its yesterday (2 5 5 11) shares no three cards with
    # it or the next day (the next midnight's yesterday, 2 6 6 12, would: kept back then).
    midnight = NOON - 12 * 3600
    async with running_bot(api, tmp_path, clock=FakeClock(midnight + 60)) as application:
        before = len(api.sent)
        application.job_queue.run_once(daily_feature.post_daily, 0, chat_id=GROUP)
        post = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert plain_text(post["caption"]).split("\n")[-1] == (
        f"Yesterday (#{NUMBER - 1}): 0 solved; /solve shows its solutions after 00:05."
    )
