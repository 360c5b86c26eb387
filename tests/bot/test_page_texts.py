"""The page's strings (the Mini App's and Rush's, ``bot/webapp/``), served from the bot's
catalogues: every key in each language, with the same placeholders, and every label the
page's HTML and scripts name is one of them; a view's own words are its game's (or
feature's, ``page_texts``), the rest shared (``bot/play/page_texts.py``)."""

from __future__ import annotations

import json
import re

import pytest

from bot.features import FEATURES
from bot.games import GAMES
from bot.games.rush.words import PAGE_TEXTS as RUSH_TEXTS
from bot.i18n import N_, languages
from bot.play.page_texts import (
    PAGE_PLURALS,
    SHARED_TEXTS,
    catalogue_script,
    page_table,
    page_words,
)
from bot.play.registry import Feature, Game
from bot.rules.daily.days import clock_text
from bot.rules.pace import FLOOR, LEVEL_FLOORS
from bot.rules.rush.run import CLOCK_MOST, RUN_MOST, SKIP_COST, SOLVE_BONUS, START_SECONDS
from tests.bot.page_files import FILES, SERVED, WEBAPP

OWNERS: tuple[Game | Feature, ...] = (*GAMES, *FEATURES)
WORDS = page_words(owner.page_texts for owner in OWNERS)
"""The page's words: the shared ones and each game's and feature's view's."""
KEYS = set(WORDS) | set(PAGE_PLURALS)
"""The keys of the page's strings (their words are the catalogues', bot/play/page_texts.py)."""


def _page_scripts() -> list[str]:
    """The scripts ``index.html`` loads (as served, its views' written in), in its order."""
    return re.findall(r'<script src="([\w.]+\.js)"', SERVED)


def _used_keys(script: str) -> set[str]:
    """The string keys ``script`` asks for by name: ``t("key")``, ``dataset.text = "key"``,
    and the labels of a view's tab and own elements (``tab: "key"``, ``text: "key"``)."""
    source = FILES[script].read_text(encoding="utf-8")
    return (
        set(re.findall(r'\bt\("(\w+)"', source))
        | set(re.findall(r'dataset\.text = "(\w+)"', source))
        | set(re.findall(r'\b(?:tab|text): "(\w+)"', source))
    )


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("language", languages())
def test_the_page_has_every_string_in_each_language(language: str) -> None:
    table = page_table(language, WORDS)
    assert set(table) == KEYS
    for key, english in WORDS.items():
        assert _placeholders(str(table[key])) == _placeholders(english), key


def test_the_catalogue_script_holds_each_language_and_its_direction() -> None:
    script = catalogue_script(WORDS).decode()
    tables = json.loads(script.split("const CATALOGUE = ", 1)[1].split(";\n", 1)[0])
    assert sorted(tables) == sorted(languages())
    assert tables["en"]["rtl"] is False
    assert tables["zh"]["texts"]["daily"] == "每日一题"


def test_the_catalogue_script_reads_telegrams_codes_as_the_bot_does() -> None:
    script = catalogue_script(WORDS).decode()
    codes = json.loads(script.split("const LANGUAGE_OF = ", 1)[1].split(";\n", 1)[0])
    assert codes["zh-cn"] == "zh"


def test_every_label_of_the_page_is_a_string_of_the_page() -> None:
    keys = KEYS
    html = (WEBAPP / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'data-text="(\w+)"', html)) - keys == set()


def test_rush_labels_set_by_the_script_are_strings_of_the_page() -> None:
    keys = KEYS
    source = FILES["rush.js"].read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\("(\w+)"', source)) | set(
        re.findall(r'dataset\.text = "(\w+)"', source)
    )
    assert used - keys == set()


def test_the_page_loads_every_script_of_the_page_once() -> None:
    scripts = _page_scripts()
    # catalogue.js is the bot's (bot/play/page_texts.py), from the catalogues.
    assert sorted(scripts) == sorted(
        [*(name for name in FILES if name.endswith(".js")), "catalogue.js"]
    )


@pytest.mark.parametrize("script", [s for s in _page_scripts() if s in FILES])
def test_strings_a_script_asks_for_are_strings_of_the_page(script: str) -> None:
    keys = KEYS
    assert _used_keys(script) - keys == set()


def test_the_pages_rush_rules_name_the_rules_own_figures() -> None:
    """The page cannot import the rules: its rules line must say what they say."""
    rules = RUSH_TEXTS["rushRules"]
    figures = (
        f"{START_SECONDS:g} seconds",
        f"+{SOLVE_BONUS:g} s",
        f"at most {clock_text(CLOCK_MOST)}",
        f"−{SKIP_COST:g} s",
        f"at most {RUN_MOST / 60:g} minutes",
        f"({FLOOR:g} s, up to {max(LEVEL_FLOORS.values()):g} s for the hardest hands)",
    )
    assert [figure for figure in figures if figure not in rules] == []


def _asking(keys: set[str]) -> set[str]:
    """The page's scripts that ask for one of ``keys``, and ``index.html`` if it does."""
    html = (WEBAPP / "index.html").read_text(encoding="utf-8")
    scripts = {s for s in _page_scripts() if s in FILES and _used_keys(s) & keys}
    return scripts | (
        {"index.html"} if set(re.findall(r'data-text="(\w+)"', html)) & keys else set()
    )


@pytest.mark.parametrize("owner", [o for o in OWNERS if o.page_texts], ids=lambda o: o.name)
def test_a_games_page_words_are_asked_for_by_its_view_alone(owner: Game | Feature) -> None:
    """A game's words (or a feature's) are one view's: a word another script asks for too
    is a shared one."""
    assert len(_asking(set(owner.page_texts))) == 1, owner.name


def test_the_views_of_the_games_are_different_views() -> None:
    views = [_asking(set(owner.page_texts)) for owner in OWNERS if owner.page_texts]
    assert len(set().union(*views)) == len(views)


def test_the_pages_html_asks_only_for_shared_words() -> None:
    html = (WEBAPP / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'data-text="(\w+)"', html)) - set(SHARED_TEXTS) == set()


def test_a_word_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice: rushTitle"):
        page_words([{"rushTitle": N_("Rush")}, {"rushTitle": N_("Rush")}])


def test_a_view_cannot_take_a_shared_word() -> None:
    with pytest.raises(ValueError, match="twice: undo"):
        page_words([{"undo": N_("Undo")}])


def test_a_view_cannot_take_a_plural_word() -> None:
    with pytest.raises(ValueError, match="twice: more"):
        page_words([{"more": N_("More")}])


def test_the_shared_words_stay_when_no_view_declares_any() -> None:
    assert page_words([]) == SHARED_TEXTS
