"""The command menus are sent again only when they changed: a restart finds them as this
bot published them and sends none (docs/design-platform.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi
from bot.local_api.methods import commands_key
from bot.menus import menu_languages
from tests.bot.harness import make_api, running_bot
from tests.bot.languages import with_languages

pytestmark = pytest.mark.asyncio
PRIVATE = commands_key({"type": "all_private_chats"}, None)


async def _published_then_restarted(
    tmp_path: Path,
    between: Callable[[LocalBotApi], None] | None = None,
    env: dict[str, str] | None = None,
) -> list[str]:
    """The calls of the second of two starts on one data folder (the first the bot's
    first start there)."""
    api = make_api()
    async with running_bot(api, tmp_path, env=env, menus_published=False):
        pass
    if between is not None:
        between(api)
    before = len(api.calls)
    async with running_bot(api, tmp_path, env=env):
        pass
    return api.calls[before:]


async def test_a_restart_with_the_menus_unchanged_sends_none(tmp_path: Path) -> None:
    calls = await _published_then_restarted(tmp_path)
    assert "setMyCommands" not in calls


async def test_a_restart_looks_once_at_the_menu_telegram_shows(tmp_path: Path) -> None:
    calls = await _published_then_restarted(tmp_path)
    assert calls.count("getMyCommands") == 1


async def test_a_first_start_publishes_every_menu(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, menus_published=False):
        pass
    assert api.calls.count("setMyCommands") == len(api.commands)


def _replaced_by_someone_else(api: LocalBotApi) -> None:
    api.commands[PRIVATE] = [{"command": "start", "description": "Set with @BotFather"}]


async def test_menus_someone_else_set_since_are_published_again(tmp_path: Path) -> None:
    calls = await _published_then_restarted(tmp_path, _replaced_by_someone_else)
    assert calls.count("setMyCommands") == 3 * len(menu_languages())  # three scopes


async def test_a_menu_changed_since_is_published_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path / "data", menus_published=False):
        pass
    before = len(api.calls)
    with with_languages(tmp_path, "eo"):  # a language added: /language's menu line changed
        async with running_bot(api, tmp_path / "data"):
            pass
    assert "setMyCommands" in api.calls[before:]


async def test_a_data_folder_moved_to_another_bot_publishes_there(tmp_path: Path) -> None:
    async with running_bot(make_api(), tmp_path, menus_published=False):
        pass
    elsewhere = make_api()  # another token's Telegram: no menu yet
    async with running_bot(elsewhere, tmp_path):
        pass
    assert elsewhere.commands[PRIVATE] != []


async def test_an_owners_menu_refused_is_tried_again_at_the_next_start(tmp_path: Path) -> None:
    owner = {"TWENTYFOUR_OWNER_ID": "999"}  # never started the bot: "chat not found"
    calls = await _published_then_restarted(tmp_path, env=owner)
    assert "setMyCommands" in calls
