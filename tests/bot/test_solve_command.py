"""/solve in private and groups, its page buttons, bounds, and inline mode."""

from __future__ import annotations

import datetime as dt
import re
import time
from fractions import Fraction
from pathlib import Path

import pytest

from bot.features.solve import INLINE_RESULTS
from bot.local_api import plain_text
from bot.rules.countdown import SOLVE_RULES
from bot.rules.requests import Limit, RequestError, Rules, parse_solve
from bot.services.solving import searching
from solver import Code, daily_number
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    TEST_DAY_NOON,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 3 8 8", ((3, 3, 8, 8), 24, Rules.EXACT)),
        ("3,3,8,8", ((3, 3, 8, 8), 24, Rules.EXACT)),
        ("2.5 3 4 5", ((Fraction(5, 2), 3, 4, 5), 24, Rules.EXACT)),
        ("3 3 8 8 int.", ((3, 3, 8, 8), 24, Rules.WHOLE)),
        ("1,2,3,100 countdown", ((1, 2, 3, 100), 24, SOLVE_RULES)),
        ("A 5 5 5", ((1, 5, 5, 5), 24, Rules.EXACT)),
        ("1 2 3 4 7 25 = 573 int", ((1, 2, 3, 4, 7, 25), 573, Rules.WHOLE)),
        ("整数 1 2 3 4 7 25 = 573", ((1, 2, 3, 4, 7, 25), 573, Rules.WHOLE)),
        ("1 2 3 4 7 25 target 573", ((1, 2, 3, 4, 7, 25), 573, Rules.EXACT)),
        ("25 50 75 100 3 6 = 952 countdown", ((25, 50, 75, 100, 3, 6), 952, SOLVE_RULES)),
        ("25 50 75 100 3 6 = 952 Countdown", ((25, 50, 75, 100, 3, 6), 952, SOLVE_RULES)),
        ("倒计时 25 50 75 100 3 6 = 952", ((25, 50, 75, 100, 3, 6), 952, SOLVE_RULES)),
        ("25 50 75 100 3 6 = 952 int countdown", ((25, 50, 75, 100, 3, 6), 952, SOLVE_RULES)),
    ],
)
def test_requests(text: str, expected: tuple) -> None:
    assert parse_solve(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("5", Code.TOO_FEW_NUMBERS),
        (" ".join(["1"] * 50), Code.TOO_MANY_NUMBERS),
        ("10**1000 1", Code.NOT_A_NUMBER),
        ("1" * 10_000 + " 2", Code.NUMBER_TOO_LONG),
        ("20000 1", Limit.NUMBER),
        ("1 2 = 99999999", Limit.TARGET),
        ("1/10001 3 8 8", Limit.NUMBER_DENOMINATOR),
        ("3 3 8 8 = 1/10001", Limit.TARGET_DENOMINATOR),
        ("99999/2 1", Limit.NUMBER),
        ("x y", Code.NOT_A_NUMBER),
        ("-3 3 8 8", Code.NEGATIVE),
        ("1e3 2", Code.EXPONENT),
        ("1,234,5,6", Code.UNCLEAR_GROUPS),
        ("= 24", Code.NO_NUMBERS),
        ("3 3 8 8 =", Code.TARGET_MISSING),
        ("3 3 8 8 target", Code.TARGET_MISSING),
        ("3 3 8 8 = 1 2", Code.TARGET_TWICE),
        ("0 3 8 8 countdown", Code.NOT_POSITIVE_WHOLE),
        ("1/2 3 8 8 倒计时", Code.NOT_POSITIVE_WHOLE),
    ],
)
def test_refused_requests(text: str, problem: Code | Limit) -> None:
    with pytest.raises(RequestError) as caught:
        parse_solve(text)
    assert caught.value.problem is problem


@pytest.mark.asyncio
async def test_pages_of_a_long_answer(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        first = plain_text(await reply_to(api, ANN, ANN, "/solve 1 2 3 4 5"))
        assert "45 distinct solutions" in first
        assert first.endswith("… and 35 more")
        message = api.sent[-1]
        buttons = message["reply_markup"]["inline_keyboard"][0]
        assert [b["text"] for b in buttons] == ["1/5", "▶"]
        before = len(api.sent)
        api.press(ANN, message, "solve:1")
        edited = (await api.wait_for_sent(before + 1))[-1]
        assert edited["edited"]
        assert edited["message_id"] == message["message_id"]
        assert plain_text(edited["text"]).endswith("… and 25 more")
        # The button of the page shown changes nothing: "not modified" is ignored quietly.
        api.press(ANN, edited, "solve:1")
        await settled(api, application)
    assert len(api.callback_answers) == 2  # both presses were answered
    assert len(api.sent) == before + 1


@pytest.mark.asyncio
async def test_integer_only_closest_and_groups(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, ANN, "/solve 3 3 8 8 int"))
        assert "cannot make 24 (whole numbers only)" in text
        assert "Closest below:" in text
        text = plain_text(await reply_to(api, ANN, ANN, "/solve 50 25 2 2 1 1 = 875 integer"))
        assert "Closest below: 850 = " in text
        assert "Closest above: 900 = " in text
        group = plain_text(await reply_to(api, BOB, GROUP, "/solve@TwentyFourBot 3 3 8 8"))
        assert "8÷(3−8÷3)" in group


@pytest.mark.asyncio
async def test_countdown_rules(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        show = await reply_to(api, ANN, ANN, "/solve 25 50 75 100 3 6 = 952 countdown")
        assert show == (
            "25 50 75 100 3 6 → 952 (Countdown rules): 2 distinct solutions\n"
            "<code>(100+3)×75×6÷50+25</code>\n"
            "<code>((100+6)×75×3−50)÷25</code>"
        )
        # Bob reads Chinese; the 24 game's rules would have to use the 3s.
        assert await reply_to(api, BOB, BOB, "/solve 100 7 3 3 = 107 倒计时") == (
            "100 7 3 3 → 107（倒计时规则）：共 1 种不同解法\n<code>100+7</code>"
        )
        near = await reply_to(api, ANN, ANN, "/solve 50 25 2 2 1 1 = 875 countdown")
        assert near == (
            "50 25 2 2 1 1 cannot make 875 (Countdown rules).\n"
            "Closest below: 850 = <code>(50+1)×25×2÷(2+1)</code>\n"
            "Closest above: 900 = <code>50×(25−(2+1)×2−1)</code>"
        )
        assert await reply_to(api, BOB, BOB, "/solve 50 25 2 2 1 1 = 875 倒计时") == (
            "50 25 2 2 1 1 算不出 875（倒计时规则）。\n"
            "最接近的较小值：850 = <code>(50+1)×25×2÷(2+1)</code>\n"
            "最接近的较大值：900 = <code>50×(25−(2+1)×2−1)</code>"
        )
        inline = await api.wait_for_inline_answer(
            api.inline_query(ANN, "100 7 3 3 = 107 countdown")
        )
        assert [r["title"] for r in inline["results"]] == ["100+7"]
        assert inline["results"][0]["description"] == "100 7 3 3 → 107 (Countdown rules)"
        refused = await reply_to(api, ANN, ANN, "/solve 0 25 50 = 75 countdown")
        assert plain_text(refused) == (
            "I could not read that: 0: Countdown's numbers are whole numbers from 1 up\n"
            "Try /solve 3 3 8 8"
        )


@pytest.mark.asyncio
async def test_a_slow_search_is_stopped_and_blocks_nobody(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        started = time.monotonic()
        # No solution: the closest values need every value of eight large numbers (minutes).
        api.send(ANN, ANN, "/solve 9973 9967 9949 9941 9931 9929 9923 9907 = 999999")
        # Another chat is answered while the search runs.
        assert "Bob" in await reply_to(api, BOB, BOB, "/start")
        assert len(api.sent) == 1
        slow = (await api.wait_for_sent(2, timeout=20))[-1]
        assert "takes too long" in plain_text(slow["text"])
        assert time.monotonic() - started < 10


@pytest.mark.asyncio
async def test_eight_numbers_are_answered_with_the_first_solutions_found(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, ANN, "/solve 1 2 3 4 5 6 7 8"))
        header = text.splitlines()[0]
        # As many as were found in a third of a second: one at least, however busy the
        # machine (paged through: tests/bot/test_solve_in_time_e2e.py).
        assert re.fullmatch(r"1 2 3 4 5 6 7 8 → 24: at least [\d,]+ distinct solutions?", header)
        chinese = plain_text(await reply_to(api, BOB, BOB, "/solve 2 3 4 5 6 7 8 9"))
        assert re.fullmatch(
            r"2 3 4 5 6 7 8 9 → 24：至少 [\d,]+ 种不同解法", chinese.splitlines()[0]
        )
        inline = await api.wait_for_inline_answer(api.inline_query(ANN, "1 2 3 4 5 6 7 8"))
        assert 1 <= len(inline["results"]) <= INLINE_RESULTS


@pytest.mark.asyncio
async def test_inline_mode(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        answer = await api.wait_for_inline_answer(api.inline_query(ANN, "3 3 8 8"))
        assert [r["title"] for r in answer["results"]] == ["8÷(3−8÷3)"]
        assert int(answer["cache_time"]) > 0
        content = answer["results"][0]["input_message_content"]["message_text"]
        assert "3 3 8 8 → 24" in plain_text(content)
        many = await api.wait_for_inline_answer(api.inline_query(ANN, "1 2 3 4 5"))
        assert len(many["results"]) == 45
        everything = await api.wait_for_inline_answer(api.inline_query(ANN, "1 2 3 4 5 6"))
        assert len(everything["results"]) == 50
        none = await api.wait_for_inline_answer(api.inline_query(ANN, "1 1 1 1"))
        assert "No solution" in none["results"][0]["title"]
        bad = await api.wait_for_inline_answer(api.inline_query(BOB, "hello"))
        assert "不是数字" in bad["results"][0]["title"]
        empty = await api.wait_for_inline_answer(api.inline_query(ANN, ""), timeout=30)
    today = dt.datetime.fromtimestamp(TEST_DAY_NOON, dt.UTC).date()
    shared = empty["results"][0]["input_message_content"]["message_text"]
    hand = " ".join(map(str, daily(today)))
    assert f"#{daily_number(today)}" in shared
    assert hand in shared
    # The puzzle only, no answer.
    assert "(" not in shared
    assert "÷" not in shared


@pytest.mark.asyncio
async def test_an_inline_solution_in_chinese_has_its_colon(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        answer = await api.wait_for_inline_answer(api.inline_query(BOB, "3 3 8 8"))
    content = answer["results"][0]["input_message_content"]["message_text"]
    assert plain_text(content) == "3 3 8 8 → 24：8÷(3−8÷3)"


@pytest.mark.asyncio
async def test_typing_on_in_inline_mode_replaces_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inline queries come one per key typed: the newest one is answered, not refused."""
    monkeypatch.setattr(searching, "LIST_SECONDS", 30.0)  # a search that runs on
    monkeypatch.setattr(searching, "ANSWER_SECONDS", 30.0)
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        api.inline_query(ANN, "1 2 3 4 5 6 7 8")  # a search of its full two seconds
        pool = application.bot_data.solving.pool
        await until(lambda: pool.running("search"))
        answer = await api.wait_for_inline_answer(api.inline_query(ANN, "3 3 8 8"))
    assert [r["title"] for r in answer["results"]] == ["8÷(3−8÷3)"]


@pytest.mark.parametrize("data", ["solve:1", "cfg:time:30"])
@pytest.mark.asyncio
async def test_a_button_of_a_message_sent_inline_is_answered(tmp_path: Path, data: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        query_id = api.press_inline(ANN, "AgAAAL4x", data)  # no message, no chat
        await settled(api, application)
    assert [a["callback_query_id"] for a in api.callback_answers] == [query_id]


HEAVY = "/solve 9973 9967 9949 9941 9931 9929 9923 9907 = 999999"
"""Eight large primes that make nothing: their closest values need every value the hand
makes (nothing can be listed early), a search that grows by tens of MiB a second."""


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("user", "expected"),
    [
        (ANN, "That search needs too much memory; try fewer or smaller numbers."),
        (BOB, "这个计算需要的内存太多了，请换少一点或小一点的数字。"),
    ],
    ids=["en", "zh"],
)
async def test_a_search_stopped_by_its_memory_says_too_big(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user: int, expected: str
) -> None:
    # Time enough for the search to reach the cap, however loaded the machine.
    monkeypatch.setattr(searching, "SEARCH_BUDGET", 30.0)
    api = make_api()
    async with running_bot(api, tmp_path, env={"TWENTYFOUR_WORKER_MEMORY_MB": "32"}):
        api.send(user, user, HEAVY)
        reply = (await api.wait_for_sent(1, timeout=40))[0]
    assert plain_text(reply["text"]) == expected
