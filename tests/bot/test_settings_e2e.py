"""/settings and /language: admins only in groups, buttons and direct values."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import language_name, languages
from bot.local_api import plain_text
from tests.bot.data_files import kept_levels, rated_levels
from tests.bot.harness import ANN, BOB, GROUP, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


async def test_admin_changes_settings_non_admin_is_refused(tmp_path: Path) -> None:
    api = make_api()
    rated_levels(4, 36)
    async with running_bot(api, tmp_path) as application:
        kept_levels(application, 4, 36)  # rated in an earlier run: the facts are the rights
        menu_text = plain_text(await reply_to(api, ANN, GROUP, "/settings"))
        assert "Time limit: 120 s" in menu_text
        menu = api.sent[-1]
        labels = [b["text"] for row in menu["reply_markup"]["inline_keyboard"] for b in row]
        assert "• 120 s" in labels
        assert "30 s" in labels
        before = len(api.sent)
        api.press(ANN, menu, "cfg:time:30")
        edited = (await api.wait_for_sent(before + 1))[-1]
        assert "Time limit: 30 s" in plain_text(edited["text"])
        assert application.chat_data[GROUP].table.settings.time_limit == 30
        # Bob is not an admin: his button press and his command change nothing.
        api.press(BOB, edited, "cfg:time:300")
        await settled(api, application)
        alerts = [a for a in api.callback_answers if a.get("show_alert")]
        assert [a["text"] for a in alerts] == ["只有群管理员可以修改设置。"]  # in Bob's language
        assert application.chat_data[GROUP].table.settings.time_limit == 30
        refused = await reply_to(api, BOB, GROUP, "/settings target 10")
        assert "只有群管理员" in refused
        assert "getChatMember" in api.calls
        target = await reply_to(api, ANN, GROUP, "/settings target 36")
        assert "Target: 36" in plain_text(target)
        too_big = await reply_to(api, ANN, GROUP, "/settings target 1000")
        assert too_big == "The target is a whole number from 1 to 100, like /settings target 36."
        caption = plain_text(await reply_to(api, ANN, GROUP, "/play"))
        assert caption.startswith("Make 36 from")


async def test_the_settings_mark_each_players_own_language_as_chosen(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings")
        rows = api.sent[-1]["reply_markup"]["inline_keyboard"]
    names = [language_name(code) for code in languages()]
    buttons = [
        b["text"] for row in rows for b in row if b["callback_data"].startswith("cfg:language")
    ]
    assert buttons == [*names, "• automatic"]
    assert max(len(row) for row in rows[-len(buttons) // 3 :]) <= 3


async def test_language_for_a_chat(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        assert await reply_to(api, ANN, ANN, "/language zh") == f"语言：{language_name('zh')}。"
        assert "你好" in await reply_to(api, ANN, ANN, "/start")
        assert await reply_to(api, ANN, ANN, "/language auto") == "Language: each player's own."
        assert "Hi Ann" in await reply_to(api, ANN, ANN, "/start")
        assert "Use /language" in await reply_to(api, ANN, ANN, "/language fr")


async def test_a_demoted_admin_loses_the_settings_rights_at_once(tmp_path: Path) -> None:
    api = make_api()
    api.chats[GROUP].bot_is_admin = True  # Telegram tells only admins who is promoted
    api.add_user(503, "Cy")
    api.chats[GROUP].admins.add(503)
    rated_levels(4, 36)
    async with running_bot(api, tmp_path) as application:
        kept_levels(application, 4, 36)  # rated in an earlier run: the fact is the rights
        target = await reply_to(api, ANN, GROUP, "/settings target 36")
        assert "Target: 36" in plain_text(target)
        api.set_admin(GROUP, ANN, False, by_user=503)  # Ann's admin rights were just asked
        await settled(api, application)
        refused = await reply_to(api, ANN, GROUP, "/settings target 10")
    assert "Only the group's admins" in refused


async def test_the_time_limit_reads_alike_in_settings_and_rounds_in_chinese(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        menu = plain_text(await reply_to(api, BOB, BOB, "/settings")).split("\n")
        labels = [b["text"] for row in api.sent[-1]["reply_markup"]["inline_keyboard"] for b in row]
        caption = plain_text(await reply_to(api, BOB, BOB, "/play")).split("\n")
    assert "限时：120 秒" in menu
    assert "• 120 秒" in labels
    assert "限时：120 秒。" in caption


async def test_superscript_digits_are_no_number(tmp_path: Path) -> None:
    # "²".isdigit() holds, but int("²") fails: they must be refused, not crash the handler.
    api = make_api()
    commands = ["/settings target ²", "/settings cards ³", "/settings time ¹²⁰"]
    usages = {
        "/play ²": (
            "Use /play, /play easy|medium|hard, or /play 5 for a match of five rounds (2 to 20)."
        ),
        "/hunt ²": "Use /hunt, or /hunt 120 for a hunt of 120 seconds (10 to 600).",
    }
    async with running_bot(api, tmp_path):
        settings = [await reply_to(api, ANN, GROUP, command) for command in commands]
        games = {command: await reply_to(api, ANN, ANN, command) for command in usages}
    assert settings == [
        "The target is a whole number from 1 to 100, like /settings target 36.",
        "A hand has 3, 4, 5 or 6 cards, like /settings cards 5.",
        "The time limit is untimed (or 0), 30, 60, 120 or 300 seconds, like /settings time 60.",
    ]
    assert games == usages


async def test_a_non_admin_reads_the_groups_settings_without_buttons(tmp_path: Path) -> None:
    """In a group with privacy mode on, a member who is no admin sees what the next round
    deals, and that only admins change it; no buttons to press in vain."""
    api = make_api()
    api.add_user(503, "Cy", language_code="en")
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 60
        before = len(api.sent)
        api.send(503, GROUP, "/settings")
        shown = (await api.wait_for_sent(before + 1))[before]
    lines = plain_text(shown["text"]).split("\n")
    assert lines[0] == "Settings"
    assert "Time limit: 60 s" in lines
    assert lines[-1] == "Only the group's admins can change settings."
    assert "reply_markup" not in shown


async def test_a_non_admin_reads_the_settings_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, BOB, GROUP, "/settings"))
    assert said.split("\n")[0] == "设置"
    assert said.endswith("\n\n只有群管理员可以修改设置。")
