"""One word for one thing in each catalogue: a game is called by one name in a language (its
/help, its messages, its achievements and profile lines), and the duel rating by one term."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message

from bot.i18n import languages
from tests.bot.languages import catalogue, translated_pairs

TRANSLATED = [language for language in languages() if language != "en"]
GAMES = {"Rush": "Rush", "Countdown": "<b>Countdown</b>"}
"""A game's English word, and the message that is its name alone."""
RATING = {"zh": ("等级分", "评分"), "zh_Hant": ("等級分", "評分")}
"""The duel rating's term in a language, and the other word it was sometimes given."""


def _name(catalog: Catalog, msgid: str) -> str:
    message: Message | None = catalog.get(msgid)
    assert message is not None
    return re.sub(r"<[^>]+>", "", str(message.string))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_has_one_name_in_each_language(language: str, game: str) -> None:
    catalog = catalogue(language)
    name = _name(catalog, GAMES[game])
    if game in name:
        pytest.skip(f"{language} calls {game} by its English name")
    english = re.compile(rf"\b{game}\b")
    left = [
        text
        for source, text in translated_pairs(catalog)
        if english.search(source) and english.search(text)
    ]
    assert left == []  # the game's English name where this catalogue calls it {name}


@pytest.mark.parametrize("language", sorted(RATING))
def test_the_duel_rating_has_one_term(language: str) -> None:
    term, other = RATING[language]
    rating = re.compile(r"\brating\b", re.IGNORECASE)
    odd = [
        text
        for source, text in translated_pairs(catalogue(language))
        if rating.search(source) and other in text
    ]
    assert odd == []  # the rating is {term} everywhere (docs/glossaries.md)
    assert term


INFORMAL_FA = re.compile(
    r"^(?:تو|خودت|پاسخت|ریتینگت|نیستی|"
    r"(?:ن|ب|می‌|نمی‌)?(?:کرد|داد|زد|رسید|گرفت|خواست|داشت|شد|بود|آمد|دید|باخت|فرستاد|نوشت|"
    r"کن|ده|زن|دار|توان|خواه|بین)(?:ی|ه‌ای))$"
)
"""Words of the informal "you" (تو, a verb's 2nd person singular): the Persian catalogue
speaks to the player as شما, formally, everywhere (as most of it did from the start)."""


def test_persian_speaks_to_the_player_in_one_register() -> None:
    informal = sorted(
        {
            word
            for _source, text in translated_pairs(catalogue("fa"))
            for word in re.findall(r"[\u0600-\u06FF\u200c]+", text)
            if INFORMAL_FA.match(word)
        }
    )
    assert informal == []  # formal: شما, and verbs in -ید


FORMAL_RU = re.compile(r"(?<![а-яё])(?:вы|вас|вам|вами|ваш[а-яё]*)(?![а-яё])", re.IGNORECASE)
TWO_OR_MORE_RU = ("вы двое", "вы оба", "Присоединяйтесь")
"""Messages to two players or a whole group, which speak in the plural (docs/glossaries.md)."""
HAND_RU = re.compile(r"(?<![а-яё])рук(?:а|и|у|ой|е|ам|ами|ах)?(?![а-яё])", re.IGNORECASE)


def test_russian_speaks_to_a_player_as_ty_and_calls_a_hand_a_rasklad() -> None:
    pairs = translated_pairs(catalogue("ru"))
    formal = [
        text
        for _source, text in pairs
        if FORMAL_RU.search(text) and not any(plural in text for plural in TWO_OR_MORE_RU)
    ]
    hands = [text for _source, text in pairs if HAND_RU.search(text)]
    assert formal == []  # «ты» to one player
    assert hands == []  # a hand is «расклад», not «рука»
