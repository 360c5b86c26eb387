"""A catalogue compiled once is read back by the next start (bot/i18n.py's ``translations``):
the same translations as compiled afresh, a changed catalogue compiled again, a damaged or
foreign-writable cache never used."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.i18n
from bot.i18n import COMPILED_KEPT, LOCALES, compiled, compiled_folder, translations

PERSIAN = LOCALES / "fa" / "LC_MESSAGES" / "messages.po"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this test's, the catalogues read anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    translations.cache_clear()
    yield tmp_path / "cache" / "twentyfour"
    translations.cache_clear()


def _messages(language: str) -> dict[object, object]:
    return dict(translations(language)._catalog)  # type: ignore[attr-defined]


def test_a_catalogue_is_kept_compiled_in_the_cache(cache: Path) -> None:
    translations("fa")
    assert [file.read_bytes() for file in cache.glob("*.mo")] == [
        compiled("fa", PERSIAN.read_bytes())
    ]


def test_a_kept_catalogue_reads_back_as_compiled_afresh(cache: Path) -> None:
    fresh = _messages("fa")
    translations.cache_clear()
    assert _messages("fa") == fresh


def test_the_cache_is_only_for_its_user(cache: Path) -> None:
    translations("es")
    assert cache.stat().st_mode & 0o777 == 0o700


def test_a_changed_catalogue_is_compiled_again(cache: Path, tmp_path: Path) -> None:
    folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = (LOCALES / "es" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    (folder / "messages.po").write_text(source, encoding="utf-8")
    before = bot.i18n.LOCALES
    bot.i18n.LOCALES = tmp_path / "locales"
    try:
        hello = translations("es").gettext("Hello")
        (folder / "messages.po").write_text(
            source + '\nmsgid "Hello"\nmsgstr "Hola a todos"\n', encoding="utf-8"
        )
        translations.cache_clear()
        again = translations("es").gettext("Hello")
    finally:
        bot.i18n.LOCALES = before
    assert (hello, again) == ("Hello", "Hola a todos")


def test_a_damaged_kept_catalogue_is_compiled_again(cache: Path) -> None:
    fresh = _messages("ru")
    for file in cache.glob("*.mo"):
        file.write_bytes(b"not a catalogue")
    translations.cache_clear()
    assert _messages("ru") == fresh


def test_a_cache_others_may_write_to_is_not_used(cache: Path) -> None:
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    assert compiled_folder() is None


def test_without_a_home_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "nowhere")  # not a folder: "~" is read as it is
    assert compiled_folder() is None


def test_the_cache_keeps_a_bounded_count(cache: Path) -> None:
    cache.mkdir(parents=True)
    for n in range(COMPILED_KEPT + 5):
        old = cache / f"{n:064x}.mo"
        old.write_bytes(b"")
        os.utime(old, (n, n))
    translations("id")
    assert len(list(cache.glob("*.mo"))) == COMPILED_KEPT
