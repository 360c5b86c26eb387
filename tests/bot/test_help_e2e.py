"""/help in every language of bot/locales, in private and in a group: however many words a
language takes, every section is told and each message fits Telegram's 4096 characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import languages, translations
from bot.services.limits import TEXT, visible_length
from tests.bot.faulty_api import FaultyBotApi
from tests.bot.harness import GROUP, make_api, running_bot, settled

ANA = 601
TOOLS = (
    "<b>Solving and settings</b>\n"
    "/solve 3 3 8 8: every distinct solution of any numbers\n"
    "/settings: deck, difficulty, time, target, cards, language (admins)\n"
    "/language {languages}: the chat's language (admins in groups); /language alone "
    "names it"
)
"""The last section of commands: told, so every one before it was too."""


@pytest.mark.asyncio
@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("where", ["private", "group"])
async def test_help_is_told_whole_within_telegrams_limit(
    language: str, where: str, tmp_path: Path
) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code=language.lower().replace("_", "-"))
    chat = ANA if where == "private" else GROUP
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANA, chat, "/help")
        await api.wait_for_sent(before + 1, timeout=10)
        await settled(api, application)
        told = [m["text"] for m in api.sent[before:] if m["chat"]["id"] == chat]
    assert max(visible_length(text) for text in told) <= TEXT
    heading = translations(language).gettext(TOOLS).splitlines()[0]
    assert heading in "\n".join(told)


LONGEST_USERNAME = "T" * 29 + "bot"
"""A bot's username as long as Telegram allows (32 characters): /help names it twice."""


@pytest.mark.asyncio
@pytest.mark.parametrize("language", languages())
async def test_help_fits_telegrams_limit_with_the_longest_username(
    language: str, tmp_path: Path
) -> None:
    api = FaultyBotApi(username=LONGEST_USERNAME)
    api.add_user(ANA, "Ana", language_code=language.lower().replace("_", "-"))
    api.add_group(GROUP, "Friends", admins={ANA})
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANA, GROUP, "/help")
        await api.wait_for_sent(before + 1, timeout=10)
        await settled(api, application)
        told = [m["text"] for m in api.sent[before:] if m["chat"]["id"] == GROUP]
    assert max(visible_length(text) for text in told) <= TEXT
