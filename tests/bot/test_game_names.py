"""Each game with a name is called by that one name in each catalogue: every text whose English
names Solution Hunt, Countdown or Rush names it as the catalogue's message of the name alone
does (/help, the game's own messages, achievements, the profile), in whatever inflection
the language gives it."""

from __future__ import annotations

import re

import pytest

from bot.i18n import languages
from tests.bot.languages import catalogue, translated_pairs

NAMES = {"Solution Hunt": "<b>Solution Hunt</b>", "Countdown": "<b>Countdown</b>", "Rush": "Rush"}
"""A game's English name, and the message that is its name alone."""
STEMS = {"ru": 4, "pt_BR": 5, "es": 5, "id": 0, "fa": 0, "zh": 0, "zh_Hant": 0}
"""How many letters of each word of the name must match where the language inflects it (0:
the whole word)."""


def _texts(language: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    catalog = catalogue(language)
    names = {}
    for message in catalog:
        for game, alone in NAMES.items():
            if message.id and message.id == alone:
                names[game] = re.sub(r"<[^>]+>", "", str(message.string))
    return names, translated_pairs(catalog)


def _pattern(name: str, stem: int) -> re.Pattern[str]:
    words = [re.escape(word[:stem] if stem and len(word) > stem else word) for word in name.split()]
    return re.compile(r"\w*\s*".join(words), re.IGNORECASE)


@pytest.mark.parametrize("language", [language for language in languages() if language != "en"])
@pytest.mark.parametrize("game", sorted(NAMES))
def test_a_game_is_called_by_its_name(language: str, game: str) -> None:
    names, pairs = _texts(language)
    name = _pattern(names[game], STEMS[language])
    english = re.compile(rf"\b{game}\b")
    other = [text for source, text in pairs if english.search(source) and not name.search(text)]
    assert other == []
