"""What a newcomer meets first, through the local Bot API: /start and /help, and answers
said to the bot by name in a group (Telegram delivers a mention with privacy mode on)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver import solve
from tests.bot.games import start, the_hunt
from tests.bot.harness import ANN, BOB, GROUP, deal, dealt, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio

PRIVACY_EN = (
    "In groups I see only commands, replies to my messages and mentions (Telegram's privacy "
    "mode), so answer with /a, by replying to the cards, or by starting with my name: "
    "@TwentyFourBot (8-2)*4. In private, just type your answer, like (8-2)*4."
)
PRIVACY_ZH = (
    "在群里我只能看到命令、对我消息的回复和 @ 我的消息（Telegram 的隐私模式），所以请用 /a "
    "作答、直接回复牌的图片，或以我的名字开头：@TwentyFourBot (8-2)*4。私聊时直接输入答案即可，"
    "例如 (8-2)*4。"
)


async def test_start_in_private_suggests_a_hand_in_both_languages(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        english = plain_text(await reply_to(api, ANN, ANN, "/start"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/start"))
    assert english.endswith(
        "Send /play for a hand, /daily for today's puzzle, or /help for everything I can do."
    )
    assert chinese.endswith("发送 /play 发一手牌，/daily 玩每日一题，或发送 /help 查看全部功能。")


async def test_help_ends_with_how_answers_reach_the_bot_in_english(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, GROUP, "/help"))
    paragraphs = text.split("\n\n")
    assert paragraphs[-1] == PRIVACY_EN  # after /hunt, /countdown and /stats
    assert len([p for p in paragraphs if p.startswith(("/hunt:", "/countdown:", "/stats:"))]) == 3


async def test_help_ends_with_how_answers_reach_the_bot_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, BOB, BOB, "/help"))
    paragraphs = text.split("\n\n")
    assert paragraphs[-1] == PRIVACY_ZH  # after /hunt, /countdown and /stats
    assert (
        len([p for p in paragraphs if p.startswith(("/hunt：", "/countdown：", "/stats："))]) == 3
    )


async def test_an_answer_after_the_bots_name_wins_a_round_in_a_group(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, ANN, GROUP))
        message = api.send(ANN, GROUP, f"@TwentyFourBot {solve(hand)[0].text}")
        assert api.visible_to_bot(message)  # privacy mode on: delivered as a mention
        won = plain_text((await api.wait_for_sent(len(api.sent) + 1))[-1]["text"])
    assert re.match(r"🎉 Ann wins in \d+\.\d s: \+\d+ points!", won), won


async def test_a_wrong_answer_after_the_bots_name_is_judged_as_written(tmp_path: Path) -> None:
    """Bob reads Chinese: the reason is about 1+1, not the "@" of the mention."""
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, GROUP)
        wrong = plain_text(await reply_to(api, BOB, GROUP, "@twentyfourbot: 1+1"))
    assert wrong.startswith("还没答对：\nBob：")
    assert "@" not in wrong


async def test_the_bots_name_with_no_round_says_how_to_start_one(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        reply = await reply_to(api, ANN, GROUP, "@TwentyFourBot 12*10/5")
        await settled(api, application)
    assert reply == "No round is running: /play deals a hand."


async def test_a_solution_after_the_bots_name_counts_in_a_groups_hunt(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        found = plain_text(await reply_to(api, BOB, GROUP, f"@TwentyFourBot {hunt.solutions[0]}"))
    # The hunt's status message starts with its first line, in Bob's language (Chinese).
    left = len(hunt.solutions) - 1
    assert found == f"寻解大赛\n#1 {hunt.solutions[0]}，Bob · 还剩 {left} 种"
