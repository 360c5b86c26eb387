"""Achievements' words in every language, and their saved format (a fixture per format)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import records
from bot.features.achievements.words import earned_line, progress, title, titles
from bot.games import GAMES  # every game's rules: the catalogue of achievements complete
from bot.i18n import languages, translations
from bot.rules.achievements import FAST, HANDS, Achievement, Achievements, Prize, every, families
from bot.services.limits import TEXT, visible_length
from bot.state import UserData

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "records-achievements-2.json"


class Games:
    """What a reader knows of the games: the list of them (the bot's data's)."""

    games = GAMES


class Reader:
    """A reader of ``language`` (what the words translate through) who knows the games."""

    bot_data = Games()

    def __init__(self, language: str) -> None:
        self.language = language

    def _(self, message: str) -> str:
        return translations(self.language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return translations(self.language).ngettext(singular, plural, count)


@pytest.mark.parametrize("language", languages())
def test_every_achievement_has_its_own_title(language: str) -> None:
    titles = [title(a, Reader(language)) for a in every()]
    assert len(set(titles)) == len(every())


@pytest.mark.parametrize("language", languages())
def test_every_achievement_earned_at_once_is_one_line_of_a_message(language: str) -> None:
    line = earned_line(every(), "A" * 64, Reader(language))
    assert "\n" not in line
    assert visible_length(line) < TEXT // 2


def test_every_family_has_a_title() -> None:
    assert set(titles(Reader("en"))) == {family.name for family in families()}


def test_a_title_names_its_goal() -> None:
    assert title(Achievement(HANDS, 1000), Reader("en")) == "🧮 1000 hands solved"


def test_progress_is_a_count_or_the_time_to_beat() -> None:
    reader = Reader("en")
    assert progress(Achievement(HANDS, 100), 12, reader) == "12/100"
    assert progress(Achievement(FAST, 5), 7.25, reader) == "your best 7.2 s"
    assert progress(Achievement(FAST, 5), None, reader) == "no hand solved yet"


def test_the_saved_format_of_achievements_loads() -> None:
    user = records.load("user", json.loads(FIXTURE.read_text())["user"])
    assert isinstance(user, UserData)
    assert user.achievements == Achievements(
        earned={"fast_10": 1795435205.0, "hands_10": 1795436000.0},
        counts={"hands": 12, "streak": 3},
        fastest=4.5,
        prizes=[Prize("arena", 2, 1795437000.0)],
    )
    assert user.achievements.value(HANDS) == 12  # read back by the family's name
    # Saved again (later releases may add fields), it loads as it was.
    assert records.load("user", records.saved("user", user).text) == user
