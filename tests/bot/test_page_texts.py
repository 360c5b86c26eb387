"""The page's own strings (the Mini App's and Rush's, in ``bot/webapp/``) in English and
Chinese: every key in both, with the same placeholders, and every label the page's HTML
names is one of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.game.daily_calendar import clock_text
from bot.game.pace import FLOOR
from bot.game.rush import CLOCK_MOST, RUN_MOST, SKIP_COST, SOLVE_BONUS, START_SECONDS

WEBAPP = Path(__file__).resolve().parents[2] / "bot" / "webapp"
STRING = r'"(?:[^"\\]|\\.)*"'
ENTRY = re.compile(rf"(\w+):\s*((?:{STRING}\s*\+?\s*)+)")


def _texts(script: str, name: str) -> dict[str, dict[str, str]]:
    """The ``en`` and ``zh`` tables of the object ``name`` in ``script``."""
    source = (WEBAPP / script).read_text(encoding="utf-8")
    body = source.split(f"const {name} = {{", 1)[1].split("\n};", 1)[0]
    tables: dict[str, dict[str, str]] = {}
    for language in ("en", "zh"):
        block = body.split(f"\n  {language}: {{", 1)[1].split("\n  },", 1)[0]
        tables[language] = {
            key: "".join(json.loads(part) for part in re.findall(STRING, value))
            for key, value in ENTRY.findall(block)
        }
    return tables


SCRIPTS = [("texts.js", "TEXTS"), ("rush.js", "RUSH_TEXTS")]
"""The scripts that hold the page's string tables, and the tables' names."""


def _page_scripts() -> list[str]:
    """The scripts ``index.html`` loads, in its order."""
    html = (WEBAPP / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<script src="([\w.]+\.js)"', html)


def _used_keys(script: str) -> set[str]:
    """The string keys ``script`` asks for by name: ``t("key")``, ``dataset.text = "key"``."""
    source = (WEBAPP / script).read_text(encoding="utf-8")
    return set(re.findall(r'\bt\("(\w+)"', source)) | set(
        re.findall(r'dataset\.text = "(\w+)"', source)
    )


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize(("script", "name"), SCRIPTS)
def test_every_page_string_has_a_chinese_translation(script: str, name: str) -> None:
    tables = _texts(script, name)
    assert len(tables["en"]) >= 10
    assert set(tables["zh"]) == set(tables["en"])


@pytest.mark.parametrize(("script", "name"), SCRIPTS)
def test_the_translations_keep_the_placeholders(script: str, name: str) -> None:
    tables = _texts(script, name)
    for key, english in tables["en"].items():
        assert _placeholders(tables["zh"][key]) == _placeholders(english), key
        assert tables["zh"][key] != english, key


def test_every_label_of_the_page_is_a_string_of_the_page() -> None:
    keys = {key for script, name in SCRIPTS for key in _texts(script, name)["en"]}
    html = (WEBAPP / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'data-text="(\w+)"', html)) - keys == set()


def test_rush_labels_set_by_the_script_are_strings_of_the_page() -> None:
    keys = {key for script, name in SCRIPTS for key in _texts(script, name)["en"]}
    source = (WEBAPP / "rush.js").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\("(\w+)"', source)) | set(
        re.findall(r'dataset\.text = "(\w+)"', source)
    )
    assert used - keys == set()


def test_the_page_loads_every_script_of_the_page_once() -> None:
    scripts = _page_scripts()
    assert sorted(scripts) == sorted(path.name for path in WEBAPP.glob("*.js"))


@pytest.mark.parametrize("script", _page_scripts())
def test_strings_a_script_asks_for_are_strings_of_the_page(script: str) -> None:
    keys = {key for table, name in SCRIPTS for key in _texts(table, name)["en"]}
    assert _used_keys(script) - keys == set()


def test_the_pages_rush_rules_name_the_rules_own_figures() -> None:
    """The page cannot import the rules: its rules line must say what they say."""
    rules = _texts("rush.js", "RUSH_TEXTS")["en"]["rushRules"]
    figures = (
        f"{START_SECONDS:g} seconds",
        f"+{SOLVE_BONUS:g} s",
        f"at most {clock_text(CLOCK_MOST)}",
        f"−{SKIP_COST:g} s",
        f"at most {RUN_MOST / 60:g} minutes",
        f"within {FLOOR:g} s",
    )
    assert [figure for figure in figures if figure not in rules] == []
