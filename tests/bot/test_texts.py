"""The wording of the solver's codes, the bot's limits and the hints, in English and Chinese."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.countdown import words as countdown_words
from bot.games.daily import freeze_used
from bot.games.daily.words import share_line
from bot.i18n import translations
from bot.rules.daily.puzzle import DailyResult
from bot.rules.requests import RequestError, parse_solve
from bot.texts import REASONS, hint_text, player_line, problem_text, reason
from solver import Code, check, hint


class Speaker:
    """What the wording needs of a handler's context: ``_`` and ``ngettext`` in one
    language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._ = translations(language).gettext
        self.ngettext = translations(language).ngettext


EN: Any = Speaker("en")
ZH: Any = Speaker("zh")


def _refusal(text: str) -> RequestError:
    with pytest.raises(RequestError) as caught:
        parse_solve(text)
    return caught.value


def test_every_code_but_a_win_has_a_reason() -> None:
    """The shared reasons, and what only a game's rules refuse in its own words."""
    games = {code for game in GAMES for code in game.request_reasons}
    assert set(REASONS) | games == set(Code) - {Code.CORRECT, Code.NO_SOLUTION_RIGHT}


def test_a_games_own_request_reason_is_its_alone() -> None:
    assert {code for game in GAMES for code in game.request_reasons} & set(REASONS) == set()


@pytest.mark.parametrize(
    ("answer", "hand", "english", "chinese"),
    [
        (
            "-1+25",
            [1, 25],
            "a number can't start with − (column 1): the cards are used as dealt",
            "数字前面不能加 −（第 1 个字符）：牌要照发到的样子用",
        ),
        (
            "hello",
            [3, 3, 8, 8],
            "“hello” is not a card: answer with the cards, + − × ÷ and brackets",
            "“hello” 不是牌：答案只能用牌、+ − × ÷ 和括号",
        ),
        (
            "12*2+(4-3",
            [12, 2, 4, 3],
            "the “(” at column 6 is never closed",
            "第 6 个字符的“(”没有闭合",
        ),
        (
            "1 2 3 4",
            [1, 2, 3, 4],
            "an operator is missing before “2” (column 3)",
            "“2”（第 3 个字符）前面缺一个运算符",
        ),
        (
            "8/(3-3)*8",
            [3, 3, 8, 8],
            "the ÷ at column 2 divides by zero",
            "第 2 个字符处的 ÷ 除以了零",
        ),
        (
            "3+3+8+8+8",
            [3, 3, 8, 8],
            "8 is used 3 times but dealt only 2",
            "8 用了 3 次，但只发到 2 张",
        ),
        (
            "8/(3-8/3) = 25",
            [3, 3, 8, 8],
            "the target is 24, not 25",
            "目标数是 24，不是 25",
        ),
    ],
)
def test_each_reason_is_worded_precisely(
    answer: str, hand: list[int], english: str, chinese: str
) -> None:
    verdict = check(answer, hand)
    assert reason(verdict, EN) == english
    assert reason(verdict, ZH) == chinese


@pytest.mark.parametrize(
    ("answer", "english", "chinese"),
    [
        ("100+7", "7 is not one of the numbers", "7 不在给出的数里"),
        (
            "100*6+100",
            "100 is used 2 times but offered only once",
            "100 用了 2 次，但只给了 1 个",
        ),
        (
            "(100+3)/6",
            "103 ÷ 6 makes 17⅙ (column 8): no fractions on the way",
            "103 ÷ 6 得 17⅙（第 8 个字符）：中间结果不能是分数",
        ),
        (
            "3-6+100",
            "3 − 6 makes -3 (column 2): no negative numbers on the way",
            "3 − 6 得 -3（第 2 个字符）：中间结果不能是负数",
        ),
        (
            "(3-3)*100",
            "3 − 3 makes 0 (column 3): no zero on the way",
            "3 − 3 得 0（第 3 个字符）：中间结果不能是 0",
        ),
    ],
)
def test_each_countdown_reason_is_worded_precisely(answer: str, english: str, chinese: str) -> None:
    verdict = check(answer, [25, 50, 75, 100, 3, 3, 6], 952, countdown=True)
    assert reason(verdict, EN) == english
    assert reason(verdict, ZH) == chinese


@pytest.mark.parametrize(
    ("request_text", "english", "chinese"),
    [
        (
            "3 3 8 8 = 2000000",
            "the target 2,000,000 is too big: it goes up to 1,000,000",
            "目标数 2,000,000 太大了：最大为 1,000,000",
        ),
        (
            "20000 1",
            "20,000 is too big: numbers go up to 10,000",
            "20,000 太大了：数最大为 10,000",
        ),
        (
            "1/10001 3 8 8",
            "1/10,001 has too big a denominator: denominators go up to 10,000",
            "1/10,001 的分母太大了：分母最大为 10,000",
        ),
        (
            "3 3 8 8 = 1/10001",
            "the target 1/10,001 has too big a denominator: denominators go up to 10,000",
            "目标数 1/10,001 的分母太大了：分母最大为 10,000",
        ),
        (
            "3 3 8 8 =",
            "the target is missing: write it at the end, like 1 2 3 4 7 25 = 573",
            "缺少目标数：写在最后，例如 1 2 3 4 7 25 = 573",
        ),
        (
            "3",
            "give at least 2 numbers, like 3 3 8 8",
            "至少要给 2 个数，例如 3 3 8 8",
        ),
        (
            "1 2 3 4 5 6 7 8 9",
            "at most 8 numbers (you gave 9)",
            "最多 8 个数（你给了 9 个）",
        ),
        (
            "0 25 50 = 75 countdown",
            "0: Countdown's numbers are whole numbers from 1 up",
            "0：倒计时的数只能是从 1 起的整数",
        ),
    ],
)
def test_each_request_problem_is_worded_precisely(
    request_text: str, english: str, chinese: str
) -> None:
    error = _refusal(request_text)
    wording = countdown_words.REQUEST_REASONS  # as /solve gives every game's
    assert problem_text(error, EN, wording) == english
    assert problem_text(error, ZH, wording) == chinese


def test_a_decimal_in_an_answer_is_no_card() -> None:
    assert reason(check("9*2.5", [9, 2, 5, 3]), EN) == "2.5 is not one of the cards"


def test_a_decimal_in_a_countdown_answer_is_no_number() -> None:
    verdict = check("2.5*2", [2, 5, 50], 5, countdown=True)
    assert reason(verdict, ZH, countdown_words.REASONS) == "2.5 不在给出的数里"


def test_a_number_with_an_exponent_in_a_request_is_told_to_write_it_out() -> None:
    in_request = problem_text(_refusal("2e1 2"), EN)
    assert in_request == "2e1: write numbers out in full, like 1000, not with an exponent"


@pytest.mark.parametrize(
    ("level", "english", "chinese"),
    [
        (1, "Hint: start with 8 ÷ 3 = 2⅔.", "提示：先算 8 ÷ 3 = 2⅔。"),
        (2, "Hint: aim for 8 ÷ ⅓; make ⅓ from 3, 3, 8.", "提示：目标是 8 ÷ ⅓；用 3、3、8 算出 ⅓。"),
        (
            3,
            "Hint: 8 ÷ 3 = 2⅔; 3 − 2⅔ = ⅓. Now finish it.",
            "提示：8 ÷ 3 = 2⅔；3 − 2⅔ = ⅓。最后一步你来！",
        ),
    ],
)
def test_hints_are_worded_from_the_solvers_data(level: int, english: str, chinese: str) -> None:
    found = hint([3, 3, 8, 8], 24, level)
    assert found is not None
    assert hint_text(found, EN) == english
    assert hint_text(found, ZH) == chinese


@pytest.mark.parametrize(
    ("misses", "english", "chinese"),
    [
        (
            1,
            "24点 Daily #123 ✅ 0:42 · 1 miss · 🔥5",
            "24点 每日一题 #123 ✅ 0:42 · 失误 1 次 · 🔥5",
        ),
        (
            2,
            "24点 Daily #123 ✅ 0:42 · 2 misses · 🔥5",
            "24点 每日一题 #123 ✅ 0:42 · 失误 2 次 · 🔥5",
        ),
    ],
)
def test_the_share_line_counts_misses_in_the_players_language(
    misses: int, english: str, chinese: str
) -> None:
    result = DailyResult(42.0, misses)
    assert share_line(123, result, 5, EN) == english
    assert share_line(123, result, 5, ZH) == chinese


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        (EN, "24点 Daily #9 ✅ 0:42 · 0 misses · 🔥2 · faster than 73%"),
        (ZH, "24点 每日一题 #9 ✅ 0:42 · 失误 0 次 · 🔥2 · 快过 73% 的人"),
    ],
    ids=["en", "zh"],
)
def test_the_share_line_may_carry_the_percentile(speaker: Any, text: str) -> None:
    assert share_line(9, DailyResult(42.0, 0), 2, speaker, 73) == text


@pytest.mark.parametrize(
    ("place", "english", "chinese"),
    [(None, "Ann: 0:42", "Ann：0:42"), (1, "1. Ann: 0:42", "1. Ann：0:42")],
)
def test_a_players_line_uses_the_languages_colon(
    place: int | None, english: str, chinese: str
) -> None:
    assert player_line("Ann", "0:42", EN, place) == english
    assert player_line("Ann", "0:42", ZH, place) == chinese


def test_streak_freezes_name_their_days_as_the_language_lists_dates() -> None:
    days = (dt.date(2026, 11, 20), dt.date(2026, 11, 21))
    said = freeze_used(ZH, days)
    assert said == "🧊 连胜保护卡补上了 2026年11月20日和2026年11月21日：连胜继续。"
