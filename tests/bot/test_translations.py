"""Every catalogue of bot/locales against messages.pot, and messages.pot against the code:
extracted by Babel's own command from the config in pyproject.toml (docs/translating.md)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.plurals import get_plural

from bot.i18n import KEYWORD, LOCALES, languages
from bot.menus import ADMIN_COMMANDS, OWNER_COMMANDS, PRIVATE_COMMANDS, menu, menu_languages
from tests.bot.languages import read_catalogue

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALES / "messages.pot"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"</?[a-zA-Z][^>]*>")
TRANSLATED = [language for language in languages() if language != "en"]


def _read(path: Path, locale: str | None = None) -> Catalog:
    return read_catalogue(path, locale)


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _entries(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    return {_key(message): message for message in catalog if message.id}


def _forms(message: Message) -> tuple[str, ...]:
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return tuple(str(form or "") for form in forms)


def _sources(message: Message) -> tuple[str, ...]:
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    return tuple(str(text) for text in ids)


def test_the_template_is_what_pybabel_extract_writes_from_the_code(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    here = os.getcwd()
    os.chdir(ROOT)  # pybabel reads pyproject.toml where it runs: the top of the checkout
    try:
        CommandLineInterface().run(["pybabel", "-q", "extract", "-o", str(fresh)])
    finally:
        os.chdir(here)
    wanted = {key: sorted(m.locations) for key, m in _entries(_read(fresh)).items()}
    have = {key: sorted(m.locations) for key, m in _entries(_read(TEMPLATE)).items()}
    assert sorted(set(wanted) ^ set(have)) == []  # else: pybabel extract (docs/translating.md)
    assert have == wanted


def test_the_template_holds_the_bots_messages() -> None:
    assert len(_entries(_read(TEMPLATE))) >= 500


@pytest.mark.parametrize("language", TRANSLATED)
class TestCatalogue:
    """One language's catalogue: complete, current, and as its msgids are shaped."""

    def catalogue(self, language: str) -> dict[tuple[str | None, str], Message]:
        return _entries(_read(LOCALES / language / "LC_MESSAGES" / "messages.po", language))

    def test_every_message_is_there(self, language: str) -> None:
        missing = set(_entries(_read(TEMPLATE))) - set(self.catalogue(language))
        assert sorted(missing, key=str) == []

    def test_no_message_the_bot_no_longer_sends(self, language: str) -> None:
        kept = set(self.catalogue(language)) - set(_entries(_read(TEMPLATE)))
        assert sorted(kept, key=str) == []

    def test_every_message_is_translated(self, language: str) -> None:
        empty = [key for key, m in self.catalogue(language).items() if not all(_forms(m))]
        assert empty == []

    def test_none_is_fuzzy(self, language: str) -> None:
        assert [key for key, m in self.catalogue(language).items() if m.fuzzy] == []

    def test_the_placeholders_are_the_msgids(self, language: str) -> None:
        wrong = []
        for key, message in self.catalogue(language).items():
            wanted = set(PLACEHOLDER.findall(" ".join(_sources(message))))
            if key[0] == KEYWORD:
                wanted = set()
            wrong += [key for form in _forms(message) if set(PLACEHOLDER.findall(form)) != wanted]
        assert wrong == []

    def test_the_html_tags_are_the_msgids(self, language: str) -> None:
        wrong = []
        for key, message in self.catalogue(language).items():
            wanted = sorted(TAG.findall(_sources(message)[0]))
            wrong += [key for form in _forms(message) if sorted(TAG.findall(form)) != wanted]
        assert wrong == []

    def test_plural_forms_follow_cldr(self, language: str) -> None:
        rule = get_plural(Locale.parse(language))
        catalogue = _read(LOCALES / language / "LC_MESSAGES" / "messages.po", language)
        assert catalogue.num_plurals == rule.num_plurals
        counts = {len(_forms(m)) for m in self.catalogue(language).values() if m.pluralizable}
        assert counts <= {rule.num_plurals}

    def test_each_keyword_has_words(self, language: str) -> None:
        keywords = {key: m for key, m in self.catalogue(language).items() if key[0] == KEYWORD}
        assert len(keywords) >= 10
        for message in keywords.values():
            assert all(word.strip() for word in str(message.string).split("|")), message.id

    def test_each_message_is_there_once(self, language: str) -> None:
        # gettext keeps one of two entries with the same id silently: the other is lost.
        path = LOCALES / language / "LC_MESSAGES" / "messages.po"
        text = path.read_text(encoding="utf-8")
        entries = re.findall(
            r'^((?:msgctxt ".*"\n)?)msgid ((?:".*"\n)+)', text + "\n", flags=re.MULTILINE
        )
        ids = [entry for entry in entries if entry != ("", '""\n')]
        assert sorted({i for i in ids if ids.count(i) > 1}) == []


@pytest.mark.parametrize("language", sorted(set(menu_languages().values())))
@pytest.mark.parametrize("commands", [PRIVATE_COMMANDS, ADMIN_COMMANDS, OWNER_COMMANDS])
def test_every_menu_entry_is_within_telegrams_limits(
    language: str, commands: list[tuple[str, str]]
) -> None:
    entries = menu(language, commands)
    assert [e.command for e in entries if not re.fullmatch(r"[a-z0-9_]{1,32}", e.command)] == []
    assert [e.description for e in entries if not 1 <= len(e.description) <= 256] == []


def test_menus_go_to_telegram_under_two_letter_codes() -> None:
    assert [code for code in menu_languages() if code and not re.fullmatch("[a-z]{2}", code)] == []
