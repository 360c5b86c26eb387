"""What a newcomer trips over in the chat, through the local Bot API: commands the bot does
not know, commands given alone, /play's limits, a hand asked for with another target, points after a
hint, and who may stop a match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_CHAT
from bot.games.rounds import matches
from bot.i18n import language_name, languages
from bot.local_api import plain_text
from bot.rules.scoring import POINTS_BY_LEVEL
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    deal,
    dealt,
    make_api,
    players,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def test_an_unknown_command_in_private_says_what_there_is(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, ANN, ANN, "/hello")
    assert reply == (
        "I don't know /hello. Try one of these:\n"
        "/play deals you a hand.\n"
        "/daily opens today's puzzle, the same for everyone.\n"
        "/solve 3 3 8 8 solves any numbers, and /help lists everything."
    )


async def test_an_unknown_command_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, BOB, BOB, "/hello")
    assert reply == (
        "我不认识 /hello。试试这些：\n"
        "/play 给你发一手牌。\n"
        "/daily 打开每日一题，人人同一题。\n"
        "/solve 3 3 8 8 可以解任意一组数；/help 列出全部命令。"
    )


async def test_a_known_command_gets_its_own_reply_only(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANN, ANN, "/SOLVE 3 3 8 8")  # commands are matched in any case
        await settled(api, application)
    assert len(api.sent) == before + 1
    assert "I don't know" not in api.sent[-1]["text"]


async def test_an_unknown_command_in_a_group_is_left_to_other_bots(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANN, GROUP, "/hello")
        await settled(api, application)
    assert len(api.sent) == before


async def test_play_21_says_a_match_goes_up_to_20_rounds(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, ANN, ANN, "/play 21")
    assert reply == (
        "Use /play, /play easy|medium|hard, or /play 5 for a match of five rounds (2 to 20)."
    )


async def test_play_again_in_private_says_to_type_the_answer(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, ANN)
        reply = await reply_to(api, ANN, ANN, "/PLAY")
    assert reply == "A round is on: type your answer, or use /hint, /reveal or /skip."


async def test_play_again_in_a_group_still_says_a(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, GROUP)
        reply = await reply_to(api, ANN, GROUP, "/play")
    assert reply == "A round is on: answer it with /a, or use /hint, /reveal or /skip."


async def test_subscribe_alone_shows_the_state_and_subscribes_nothing(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        reply = await reply_to(api, ANN, ANN, "/subscribe")
        subscription = DAILY_CHAT.get(application.chat_data[ANN]).subscription
        await reply_to(api, ANN, ANN, "/subscribe 20:30")
        again = await reply_to(api, ANN, ANN, "/subscribe")
    assert reply == (
        "This chat is not subscribed to the daily puzzle: /subscribe 09:00 posts it here "
        "every day at 09:00 (UTC); /subscribe 09:00 Asia/Shanghai, at 09:00 in that time zone."
    )
    assert subscription is None
    assert again == "Subscribed: the daily puzzle comes here every day at 20:30 (UTC)."


async def test_subscribe_alone_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, BOB, BOB, "/subscribe")
    assert reply == (
        "这个聊天没有订阅每日一题：发送 /subscribe 09:00，每天 09:00（UTC）在这里发布；发送 "
        "/subscribe 09:00 Asia/Shanghai，则按该时区的 09:00 发布。"
    )


async def test_language_alone_shows_the_language(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        before = await reply_to(api, ANN, GROUP, "/language")
        await reply_to(api, ANN, GROUP, "/language en")
        chosen = await reply_to(api, ANN, GROUP, "/language")
    lines = "\n".join(f"{code} — {language_name(code)}" for code in languages())
    choices = f"{lines}\nauto — each player's own"
    assert before == (
        f"Language: each player's own. Change it with /language and one of these:\n{choices}"
    )
    assert chosen == f"Language: English. Change it with /language and one of these:\n{choices}"


async def test_language_alone_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, BOB, "/language zh")
        reply = await reply_to(api, BOB, BOB, "/language")
    lines = "\n".join(f"{code} — {language_name(code)}" for code in languages())
    assert (
        reply == f"语言：{language_name('zh')}。用 /language 加下面的代码更改：\n{lines}\n"
        "auto — 跟随每位玩家"
    )


async def test_the_hand_of_a_round_with_another_target_is_refused(tmp_path: Path) -> None:
    # Another target turns the round's answer around (= 1/24) or leaves a card out
    # (Countdown's rules): the round's own hand is refused whatever the target.
    api = make_api()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, ANN, ANN))  # never a daily puzzle
        numbers = " ".join(map(str, hand))
        other = plain_text(await reply_to(api, ANN, ANN, f"/solve {numbers} = 25"))
        same = plain_text(await reply_to(api, ANN, ANN, f"/solve {numbers}"))
        more = plain_text(await reply_to(api, ANN, ANN, f"/solve {numbers} 1 = 25"))
    assert other.startswith("No spoilers: those numbers hold a hand you are playing right now.")
    assert same.startswith("No spoilers: those numbers hold a hand you are playing right now.")
    # A number more may hold the round's answer (its 24, plus 1): still a spoiler.
    assert more.startswith("No spoilers: those numbers hold a hand you are playing right now.")


async def test_a_hint_costs_a_quarter_rounded_half_up(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        for _attempt in range(40):  # a level-4 hand: 30 points, less a quarter is 22.5
            message = await deal(api, ANN, ANN, "/play hard")
            if "Difficulty: 4/5." in plain_text(message["caption"]):
                break
            await reply_to(api, ANN, ANN, "/stop")
        else:
            pytest.fail("no level-4 hand in 40 deals")
        hand = dealt(message)
        await reply_to(api, ANN, ANN, "/hint")
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text))
    assert POINTS_BY_LEVEL[4] == 30
    assert re.match(r"🎉 Ann wins in \d+\.\d s: \+23 points!", won), won


async def test_a_match_winner_may_vote_to_stop_it_in_the_next_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "NEXT_DEAL_DELAY", 0.05)
    api = players()
    async with running_bot(api, tmp_path):
        first = await deal(api, CAROL, GROUP, "/play 3")
        before = len(api.sent)
        api.send(DAVE, GROUP, "/a " + solve(dealt(first))[0].text)
        sent = await api.wait_for_sent(before + 1)
        assert "photo" in sent[-1]  # the win, and round 2 with it
        reply = plain_text(await reply_to(api, DAVE, GROUP, "/stop"))
    assert reply == (
        "A vote to stop the game: 1 of 2 players. Another player of this round can agree "
        "with /stop; whoever started it, or an admin, can do it at once."
    )
