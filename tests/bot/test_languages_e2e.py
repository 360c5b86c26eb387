"""Each language of bot/locales, end to end from a player's Telegram ``language_code``:
/start, /help, a round and /daily; a folder added is offered and spoken; Telegram's codes
find their folders; keywords in a language; Persian's runs isolated (docs/translating.md)."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest

from bot.features.solve.words import rule_words
from bot.i18n import (
    END_ISOLATE,
    ISOLATE,
    answer_in_english,
    in_english,
    language_name,
    language_of,
    languages,
    translations,
)
from bot.local_api import plain_text
from solver import daily_number, solve
from tests.bot.games import daily
from tests.bot.harness import FakeClock, deal, dealt, make_api, reply_to, running_bot, settled
from tests.bot.languages import mark, with_languages

ANA = 601
DAY = dt.date(2027, 3, 14)
NOON = dt.datetime(2027, 3, 14, 12, 0, tzinfo=dt.UTC).timestamp()
GREETING = (
    "Hi {name}! I am Twenty-Four, the 24 game.\n"
    "Make 24 from four cards with + − × ÷ and brackets, each card used once.",
    "/play deals you a hand.",
    "/daily opens today's puzzle, the same for everyone.",
    "/help lists everything I can do.",
)
"""/start in private: its frame's head, the games' invitations (the rounds', the daily
puzzle's), its frame's tail."""
HELP_HEAD = (
    "<b>Twenty-Four</b>: make 24 from the cards with + − × ÷ and brackets, "
    "each card used exactly once. J=11, Q=12, K=13, A=1."
)
DEAL = "Make {target} from <b>{hand}</b>"
WIN = (
    "🎉 {who} wins in {seconds} s: +{points} point!",
    "🎉 {who} wins in {seconds} s: +{points} points!",
)
DAILY = (
    "<b>Daily #{number}</b>: make 24 from <b>{hand}</b>\n"
    "Your clock is running. Type your answer, like (8-2)*4."
)


def telegram_code(language: str) -> str:
    """How a Telegram client names ``language``: ``pt-br``, ``zh-hant``."""
    return language.lower().replace("_", "-")


def pattern(template: str) -> re.Pattern[str]:
    """``template`` with any value in each placeholder."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".+?".join(re.escape(part) for part in parts), re.DOTALL)


@pytest.mark.asyncio
@pytest.mark.parametrize("language", languages())
async def test_a_player_plays_in_the_language_of_their_telegram(
    language: str, tmp_path: Path
) -> None:
    catalogue = translations(language)
    api = make_api()
    api.add_user(ANA, "Ana", language_code=telegram_code(language))
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        start = await reply_to(api, ANA, ANA, "/start")
        help_text = await reply_to(api, ANA, ANA, "/help")
        cards = await deal(api, ANA, ANA)
        hand = dealt(cards)
        before = len(api.sent)
        api.send(ANA, ANA, solve(hand)[0].text)
        win = (await api.wait_for_sent(before + 1, timeout=20))[before]["text"]
        await settled(api, application)
        shown = await reply_to(api, ANA, ANA, "/daily")
    assert start == "\n".join(catalogue.gettext(line) for line in GREETING).format(name="Ana")
    assert help_text.startswith(catalogue.gettext(HELP_HEAD))
    assert pattern(catalogue.gettext(DEAL)).search(cards["caption"])
    assert pattern(catalogue.ngettext(*WIN, 40)).search(win)
    assert shown == catalogue.gettext(DAILY).format(
        number=daily_number(DAY), hand=" ".join(map(str, daily(DAY)))
    )


CODES = {
    "zh-hans": "zh",
    "zh-cn": "zh",
    "zh-sg": "zh",
    "zh": "zh",
    "zh-hant": "zh_Hant",
    "zh-tw": "zh_Hant",
    "zh-hk": "zh_Hant",
    "zh-mo": "zh_Hant",
    "pt-br": "pt_BR",
    "pt": "pt_BR",
    "pt-pt": "pt_BR",
    "fa": "fa",
    "fa-ir": "fa",
    "es": "es",
    "es-419": "es",
    "es-mx": "es",
    "ru": "ru",
    "id": "id",
    "in": "id",
    "en-gb": "en",
    "de": "en",
    "": "en",
    "xx": "en",
}
"""Telegram's codes (as its clients send them) and the folder each should find."""


@pytest.mark.parametrize(("code", "language"), CODES.items())
def test_telegrams_codes_find_their_folders(tmp_path: Path, code: str, language: str) -> None:
    with with_languages(tmp_path, "zh_Hant", "pt_BR", "fa", "es", "ru", "id"):
        assert language_of(code) == language


def test_each_language_is_named_by_its_own_name(tmp_path: Path) -> None:
    with with_languages(tmp_path, "zh_Hant", "es", "ru"):
        names = {code: language_name(code) for code in ("es", "ru", "zh", "zh_Hant")}
    assert names == {
        "es": "Español",
        "ru": "Русский",
        "zh": "简体中文",
        "zh_Hant": "繁體中文",
    }


@pytest.mark.asyncio
async def test_a_folder_added_is_offered_and_spoken(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code="en")
    with with_languages(tmp_path, "eo"):
        async with running_bot(api, tmp_path / "data"):
            offered = await reply_to(api, ANA, ANA, "/language")
            await reply_to(api, ANA, ANA, "/settings")
            rows = api.sent[-1]["reply_markup"]["inline_keyboard"]
            chosen = await reply_to(api, ANA, ANA, "/language eo")
            greeting = await reply_to(api, ANA, ANA, "/start")
            menus = {code for _scope, code in api.commands}
    assert "\neo — Esperanto\n" in offered
    assert "Esperanto" in [button["text"] for row in rows for button in row]
    assert chosen == mark("eo") + "Language: {value}.".format(value="Esperanto")
    assert greeting == "\n".join(mark("eo") + line for line in GREETING).format(name="Ana")
    assert "eo" in menus


@pytest.mark.asyncio
async def test_a_languages_own_setting_words_are_taken(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code="eo")
    with with_languages(tmp_path, "eo"):
        async with running_bot(api, tmp_path / "data"):
            setting = plain_text(await reply_to(api, ANA, ANA, "/settings unsolvable-eo on-eo"))
    assert mark("eo") + "Unsolvable hands: {value}".format(value=mark("eo") + "on") in setting


def test_a_languages_own_rule_and_claim_words_are_read_in_english(tmp_path: Path) -> None:
    with with_languages(tmp_path, "eo"):
        rules = in_english("3 3 8 8 INT-EO countdown-eo", rule_words())
        claim = answer_in_english("None-eo!")
    assert (rules, claim) == ("3 3 8 8 int countdown", "none")


@pytest.mark.asyncio
async def test_persian_isolates_the_hand_in_its_messages(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code="fa")
    with with_languages(tmp_path, "fa"):
        async with running_bot(api, tmp_path / "data"):
            cards = await deal(api, ANA, ANA)
    hand = " ".join(map(str, dealt(cards)))
    assert f"{ISOLATE}{hand}{END_ISOLATE}" in cards["caption"]


@pytest.mark.asyncio
async def test_a_difficulty_is_taken_as_its_button_reads_in_any_language(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code="en")
    async with running_bot(api, tmp_path):
        await reply_to(api, ANA, ANA, "/settings difficulty 困难", timeout=20)
        hard = plain_text(await reply_to(api, ANA, ANA, "/settings"))
        await reply_to(api, ANA, ANA, "/settings time 不计时", timeout=20)
        untimed = plain_text(await reply_to(api, ANA, ANA, "/settings"))
    assert "Difficulty: hard" in hard.splitlines()
    assert "Time limit: untimed" in untimed.splitlines()


@pytest.mark.asyncio
async def test_a_no_solution_claim_in_a_languages_own_words_wins(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(ANA, "Ana", language_code="eo")
    with with_languages(tmp_path, "eo"):
        async with running_bot(api, tmp_path / "data") as application:
            application.bot_data.rng = random.Random(8)  # 1 6 10 11: no solution
            application.chat_data[ANA].table.settings.unsolvable = True
            assert not solve(dealt(await deal(api, ANA, ANA)))
            won = plain_text(await reply_to(api, ANA, ANA, "none-eo"))
    assert won.startswith(mark("eo") + "🎉")
