"""Countdown beside the rest of the bot, through the local Bot API: its numbers kept from
/solve and inline mode, Telegram's length limit at its end, Chinese, the daily puzzle during
a solo countdown, /help and the command menus."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.countdown.parts import COUNTDOWN_POINTS
from bot.games.daily.parts import DAILY_RECORD
from bot.i18n import translations
from bot.local_api import plain_text, utf16_len
from bot.menus import menu_languages
from bot.rules.countdown import Best
from tests.bot.countdown_data import (
    CAROL,
    CLOSE,
    NOON,
    SOLVER_880,
    players,
    start,
    the_game,
    time_up,
)
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def test_the_countdowns_numbers_are_not_solved_for_its_players(tmp_path: Path) -> None:
    api = players()
    requests = [
        "/solve 2 2 5 8 10 50 = 880 countdown",
        "/solve 50 10 8 2 2 5 1 = 24",  # all six among others, another target
        "/solve 50 5 8 2 = 880 countdown",  # four of them
        "/solve 50 8 1 = 401",  # two of them, and a number that is not one
    ]
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")  # Carol is seen in the group
        replies = [await reply_to(api, CAROL, CAROL, request) for request in requests]
    refusal = (
        "No spoilers: those are numbers of a Countdown game being played right now in a "
        "group you are in. Ask again once it is over."
    )
    assert replies == [refusal] * len(requests)


async def test_a_24_game_hand_with_two_of_its_numbers_stays_free_during_a_countdown(
    tmp_path: Path,
) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")
        reply = plain_text(await reply_to(api, CAROL, CAROL, "/solve 2 2 3 4"))
    assert reply.startswith("2 2 3 4 → 24: ")


async def test_three_of_its_numbers_with_a_small_target_are_refused(tmp_path: Path) -> None:
    # 2 5 8 = 15 (8+5+2) is no Countdown-sized target, but 880 = (50+…)×…: three numbers
    # of the game are a part of its answer whatever the target.
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")
        reply = await reply_to(api, CAROL, CAROL, "/solve 2 2 5 8")
    assert reply == (
        "No spoilers: those are numbers of a Countdown game being played right now in a "
        "group you are in. Ask again once it is over."
    )


async def test_the_end_fits_telegrams_limit_with_many_players(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        game = the_game(application, GROUP)
        # 300 players with the longest names Telegram allows, in characters that count
        # twice (emoji) or grow when escaped (<, &); all exact, so all match the solver.
        for i in range(300):
            name = f"🦄<&{i:03}" + "🦄" * 60
            game.best[10_000 + i] = Best(10_000 + i, name, "(50+5)*8*2", 880, 0, i / 10)
        end = await time_up(api, application, clock, GROUP)
        points = COUNTDOWN_POINTS.get(application.chat_data[GROUP]).points
    lines = end.split("\n")
    assert utf16_len(end) <= 4096
    assert lines[0] == "🏁 Countdown over: 880 from 2 2 5 8 10 50."
    # Five players told their achievement here, the rest counted (those under the floor
    # earn none), so the news stays short whoever played.
    news = [line for line in lines if line.startswith("🎖️")]
    assert news[-1] == "🎖️ … and 280 more players earned achievements (/achievements)."
    assert len(news) == 6
    assert lines[1 + len(news)] == "1. 🦄<&000" + "🦄" * 60 + ": 880, exactly! · 10 points"
    shown = len(lines) - 5 - len(news)  # the head, "… and N more", the winner, the solver's two
    assert lines[-4] == f"… and {300 - shown} more players"
    assert lines[-3] == "Winner: 🦄<&000" + "🦄" * 60
    assert lines[-2] == SOLVER_880
    assert lines[-1].endswith(" and 290 more.")
    assert sum(points.values()) == 3000


async def test_a_countdown_in_chinese(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, application, BOB, BOB, CLOSE, seed=28)
        first = await reply_to(api, BOB, BOB, "9*(4+3)*3*2*2")
        worse = await reply_to(api, BOB, BOB, "9*4*3*3*2")
        again = await reply_to(api, BOB, BOB, "(4+3)*9*3*2*2")
        wrong = await reply_to(api, BOB, BOB, "9+9")
        word = await reply_to(api, BOB, BOB, "sqrt(9)")
        decimal = await reply_to(api, BOB, BOB, "2.5*2")
        sign = await reply_to(api, BOB, BOB, "-2+9")
        end = await time_up(api, application, clock, BOB)
    assert plain_text(deal["caption"]) == (
        "倒计时：用 2 2 3 3 4 9 算出 754，限时 30 秒。\n"
        "每个数最多用一次，只用 + − × ÷，中间结果须为正整数；最接近目标者胜。"
        "直接输入答案，例如 (75-5)*8+3。"
    )
    assert first == "756，差 2"
    assert worse == "648，差 106：你的最好成绩仍是 756，差 2"
    assert again == "与你的最好成绩相同：756，差 2"
    assert wrong == "还不对：9 用了 2 次，但只给了 1 个。"
    assert word == "还不对：“sqrt” 不是数：答案只能用给出的数、+ − × ÷ 和括号。"
    assert decimal == "还不对：2.5 不在给出的数里。"
    assert sign == "还不对：数字前面不能加 −（第 1 个字符）：这些数要照给出的样子用。"
    assert end == (
        "🏁 倒计时结束：用 2 2 3 3 4 9 算 754。\n"
        "1. Bob：756，差 2 · 7 分\n"
        "求解器：754 算不出；最接近的是 720 = (9×2+2)×4×3×3，756 = 9×(4+3)×3×2×2\n"
        "你做到了同样好。"
    )


async def test_a_countdown_vote_in_chinese(tmp_path: Path) -> None:
    api = players()
    api.add_user(506, "Fang", language_code="zh-hans")
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        await reply_to(api, BOB, GROUP, "/a 50*(10+8)")
        vote = await reply_to(api, BOB, GROUP, "/countdown stop")
        bystander = await reply_to(api, 506, GROUP, "/countdown stop")
    assert vote == (
        "投票结束倒计时：1/2 名玩家。本局再有一名玩家发送 /countdown stop 即可；"
        "发起的人或管理员可以直接结束。"
    )
    assert bystander == (
        "只有本局倒计时的玩家才能投票结束它：先用这些数字试着作答吧。发起的人或管理员可以直接结束。"
    )


async def test_the_daily_puzzle_is_not_started_during_a_solo_countdown(tmp_path: Path) -> None:
    # It would hide the game: its answers, /hint and /giveup would go astray.
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        refused = await reply_to(api, CAROL, CAROL, "/daily", timeout=20)
        await settled(api, application)
        record = DAILY_RECORD.get(application.user_data[CAROL])
    assert refused == "A game is on here: answer it or /giveup first, then /daily."
    assert record.running() is None


async def test_help_tells_of_countdown_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        english = plain_text(await reply_to(api, CAROL, CAROL, "/help"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/help"))
    assert (
        "\n/countdown: the numbers game (also /numbers): six numbers, a target from 101 to "
        "999; each number at most once, whole numbers on the way, the closest answer wins (10 "
        "points exact, 7 within 5, 5 within 10). /countdown 2 60: two large numbers, 60 seconds "
        "(30 unless /settings says otherwise)\n/hunt stop, /countdown stop: end it early "
        "(whoever started it or an admin; anyone else's stop is a vote that most of its "
        "players, at least two, must carry)\n"
    ) in english
    assert "\n/countdown：倒计时数字游戏（也可用 /numbers）" in chinese
    assert "\n/hunt stop、/countdown stop：提前结束" in chinese


async def test_the_command_menus_offer_countdown_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        pass
    for (scope, code), commands in api.commands.items():
        described = {c["command"]: c["description"] for c in commands}
        language = menu_languages()[code or None]
        assert described["countdown"] == translations(language).gettext(
            "Countdown: six numbers, get closest to the target"
        ), (scope, code)
        assert (language != "zh") or described["countdown"] == "倒计时：六个数，算得离目标最近者胜"


async def test_inline_mode_keeps_the_countdowns_numbers_too(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")
        answer = await api.wait_for_inline_answer(api.inline_query(CAROL, "50 10 8 = 900"))
    assert answer["results"][0]["title"] == (
        "No spoilers: those are numbers of a Countdown game being played right now in a "
        "group you are in. Ask again once it is over."
    )
