"""What a newcomer meets first, through the local Bot API: /start and /help, and answers
said to the bot by name in a group (Telegram delivers a mention with privacy mode on)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import language_choices
from bot.local_api import plain_text
from solver import solve
from tests.bot.games import start, the_hunt
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
    whole_reply,
)
from tests.bot.rush_game_data import GAME_ENV, game_api

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

SECTIONS_EN = ["Rounds", "More games", "The daily puzzle", "Solving and settings"]
SECTIONS_ZH = ["对局", "更多玩法", "每日一题", "解题与设置"]


async def test_start_in_private_suggests_a_hand_in_both_languages(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        english = plain_text(await reply_to(api, ANN, ANN, "/start"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/start"))
    assert english.endswith(
        "\n/play deals you a hand.\n/daily opens today's puzzle, the same for everyone.\n"
        "/help lists everything I can do."
    )
    assert chinese.endswith(
        "\n/play 给你发一手牌。\n/daily 打开每日一题，人人同一题。\n发送 /help 查看全部功能。"
    )


async def test_start_in_a_group_offers_a_hand_in_both_languages(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        english = plain_text(await reply_to(api, ANN, GROUP, "/start"))
        chinese = plain_text(await reply_to(api, BOB, GROUP, "/start"))
    assert english == (
        "Hi! I am Twenty-Four.\n/play deals a hand here: the first to make 24 wins.\n"
        "Ask me /solve 3 3 8 8, or /help to see how to play here."
    )
    assert chinese == (
        "大家好！我是 24 点机器人。\n/play 在群里发一手牌，最先算出 24 的人获胜。\n"
        "发送 /solve 3 3 8 8 试试，或用 /help 查看玩法。"
    )


async def test_help_lists_language_and_unsubscribe_in_both_languages(tmp_path: Path) -> None:
    """With the Mini App and the game set up: the longest help there is."""
    api = game_api()
    async with running_bot(api, tmp_path, env=GAME_ENV) as application:
        # As few messages as fit Telegram's 4096 characters: this longest help may take two.
        english, chinese = "", ""
        for user, chat in ((ANN, GROUP), (BOB, BOB)):
            before = len(api.sent)
            api.send(user, chat, "/help")
            await settled(api, application)
            sent = [m for m in api.sent[before:] if m["chat"]["id"] == chat]
            text = "\n".join(plain_text(m.get("text") or "") for m in sent) + "\n"
            english, chinese = (text, chinese) if user == ANN else (english, text)
    assert (
        f"\n/language {language_choices('en')}: the chat's language (admins in groups); "
        "/language alone names it\n"
    ) in english
    assert (
        "\n/subscribe 09:00 [Asia/Shanghai]: the puzzle posted here every day; /unsubscribe: "
        "no more (admins in groups)\n"
    ) in english
    assert (
        f"\n/language {language_choices('zh')}：本聊天的语言（群里限管理员）；"
        "只发 /language 查看当前语言\n" in (chinese)
    )
    assert (
        "\n/subscribe 09:00 [Asia/Shanghai]：每天在这里发布每日一题；"
        "/unsubscribe：不再发布（群里限管理员）\n" in chinese
    )


async def test_help_ends_with_how_answers_reach_the_bot_in_english(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        text = plain_text(await whole_reply(api, application, ANN, GROUP, "/help"))
    paragraphs = text.split("\n\n")
    # After every section; in a group, with the tip for its admins (test_typed_answers_e2e).
    assert paragraphs[-1].split("\n")[0] == PRIVACY_EN
    assert [p.split("\n")[0] for p in paragraphs[1:-1]] == SECTIONS_EN


async def test_help_ends_with_how_answers_reach_the_bot_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        text = plain_text(await whole_reply(api, application, BOB, BOB, "/help"))
    paragraphs = text.split("\n\n")
    assert paragraphs[-1] == PRIVACY_ZH  # after every section
    assert [p.split("\n")[0] for p in paragraphs[1:-1]] == SECTIONS_ZH


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
