"""The command menus the bot publishes through the local Bot API: the seasons', the
profile's, the names' and the ladder's commands each in the menus of their scope (private
chats, groups, group admins) and not in the others, in every menu language, translated."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from bot.menus import menu_languages
from tests.bot.harness import make_api, running_bot

pytestmark = pytest.mark.asyncio

PRIVATE, GROUPS, ADMINS = "all_private_chats", "all_group_chats", "all_chat_administrators"
EVERYWHERE = (PRIVATE, GROUPS, ADMINS)
SCOPES = {
    "season": EVERYWHERE,
    "groups": EVERYWHERE,
    "name": EVERYWHERE,
    "achievements": EVERYWHERE,
    "me": EVERYWHERE,
    "arena": EVERYWHERE,  # in private it says where an arena is played
    "train": (PRIVATE,),
    "review": (PRIVATE,),
}
"""Each command's menus (Telegram's scopes)."""


def descriptions(api: LocalBotApi, command: str) -> dict[tuple[str, str], str]:
    """``command``'s description in each published menu holding it, by (scope, language)."""
    return {
        (json.loads(scope)["type"], code): entry["description"]
        for (scope, code), entries in api.commands.items()
        for entry in entries
        if entry["command"] == command
    }


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> LocalBotApi:
    """The menus of a bot started once."""
    api = make_api()

    async def start(path: Path) -> None:
        async with running_bot(api, path, menus_published=False):
            pass

    asyncio.run(start(tmp_path_factory.mktemp("menus")))
    return api


@pytest.mark.parametrize("command", sorted(SCOPES))
async def test_a_command_is_in_its_scopes_menus_in_every_language(
    published: LocalBotApi, command: str
) -> None:
    codes = {code or "" for code in menu_languages()}
    expected = {(scope, code) for scope in SCOPES[command] for code in codes}
    assert set(descriptions(published, command)) == expected


@pytest.mark.parametrize("command", sorted(SCOPES))
async def test_a_commands_menu_line_is_translated_in_every_language(
    published: LocalBotApi, command: str
) -> None:
    lines = descriptions(published, command)
    english = lines[(SCOPES[command][0], "")]
    untranslated = {code for (_scope, code), text in lines.items() if text == english}
    assert untranslated == {""}
