"""The real catalogues read for tests (``catalogue``, ``translated_pairs``), and throwaway
catalogues: a language folder written from messages.pot, each msgstr
its msgid marked with the language's code (placeholders and tags kept), so that a test can
see a language offered and spoken without its real catalogue (``with_languages``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import bot.i18n
from bot.i18n import KEYWORD, LOCALES, OWN_NAME


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as Babel reads it, read once per test process while the file
    stays as it is (its size and time of change): the caller must not change what it gets."""
    status = path.stat()
    return _read(path.resolve(), status.st_mtime_ns, status.st_size, locale)


@cache
def _read(path: Path, _changed: int, _size: int, locale: str | None) -> Catalog:
    with path.open("rb") as po_file:
        return read_po(po_file, locale=locale)


def catalogue(language: str) -> Catalog:
    """The language's real catalogue (``bot/locales/<language>/LC_MESSAGES/messages.po``)."""
    return read_catalogue(LOCALES / language / "LC_MESSAGES" / "messages.po")


def translated_pairs(catalog: Catalog) -> list[tuple[str, str]]:
    """Each message's English (singular) and each of its translated forms."""
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        pairs += [(source, str(form)) for form in forms if form]
    return pairs


def mark(language: str) -> str:
    """What a throwaway catalogue puts before each of its messages."""
    return f"[{language}] "


def write_throwaway(root: Path, language: str) -> Path:
    """``root/<language>/LC_MESSAGES/messages.po``, every message marked (a keyword is its
    English word with ``-<language>`` as the language's own: ``none-eo``)."""
    with (LOCALES / "messages.pot").open("rb") as pot:
        catalog = read_po(pot)
    catalog.locale = Locale.parse(language)
    catalog.fuzzy = False
    forms = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        if message.context == OWN_NAME:
            continue  # untranslated: Babel's name
        if message.context == KEYWORD:
            message.string = f"{message.id}-{language.lower()}"
        elif isinstance(message.id, tuple):
            message.string = tuple(mark(language) + message.id[1] for _ in range(forms))
        else:
            message.string = mark(language) + str(message.id)
    path = root / language / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as po_file:
        write_po(po_file, catalog, width=0)
    return path


@contextmanager
def with_languages(tmp_path: Path, *languages: str) -> Iterator[Path]:
    """The bot's folders, with a throwaway catalogue for each of ``languages`` that has no
    real one, in ``tmp_path``: bot.i18n reads them until the block ends."""
    root = tmp_path / "locales"
    root.mkdir()
    for folder in LOCALES.iterdir():
        if folder.is_dir():
            (root / folder.name).symlink_to(folder)
    for language in languages:
        if not (root / language).exists():
            write_throwaway(root, language)
    before = bot.i18n.LOCALES
    bot.i18n.LOCALES = root
    bot.i18n.forget()
    try:
        yield root
    finally:
        bot.i18n.LOCALES = before
        bot.i18n.forget()
