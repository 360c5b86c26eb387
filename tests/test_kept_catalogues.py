"""Compiled catalogues kept across starts (bot.i18n.keep_compiled): read back without
compiling, compiled again when their ``.po`` text changed or their file is not what was
kept, and never in the way where the folder cannot be written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import i18n
from bot.settings import Settings

MESSAGE = "Language: {languages}"
CHINESE = "语言：{languages}"


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder the catalogues are kept in, with this process's compiled ones forgotten
    (and forgotten again after: the next test compiles or reads its own)."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(i18n, "_kept_in", folder)
    i18n._compiled.cache_clear()
    i18n.forget()
    yield folder
    i18n._compiled.cache_clear()
    i18n.forget()


def _restarted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Forget the compiled catalogues, as a new process starts; the languages then compiled."""
    i18n._compiled.cache_clear()
    i18n.forget()
    compiled: list[str] = []
    compile_po = i18n._compile

    def counted(language: str, po_text: bytes) -> bytes:
        compiled.append(language)
        return compile_po(language, po_text)

    monkeypatch.setattr(i18n, "_compile", counted)
    return compiled


def test_the_chinese_catalogue_translates_the_message() -> None:
    assert i18n.translations("zh").gettext(MESSAGE) == CHINESE  # the facts below rely on it


def test_a_restart_reads_the_kept_catalogues_without_compiling(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    i18n.translations("zh")
    compiled = _restarted(monkeypatch)
    assert i18n.translations("zh").gettext(MESSAGE) == CHINESE
    assert compiled == []


def test_every_language_is_kept_once(kept: Path) -> None:
    for language in i18n.languages():
        i18n.translations(language)
    assert sorted(path.name.split("-")[0] for path in kept.glob("*.mo")) == sorted(
        language for language in i18n.languages() if language != i18n.DEFAULT
    )


def test_a_kept_file_that_is_not_what_was_kept_is_compiled_again(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    i18n.translations("zh")
    (path,) = kept.glob("zh-*.mo")
    data = bytearray(path.read_bytes())
    data[-10] ^= 0xFF  # one byte of a translation changed
    path.write_bytes(bytes(data))
    compiled = _restarted(monkeypatch)
    assert i18n.translations("zh").gettext(MESSAGE) == CHINESE
    assert compiled == ["zh"]


def test_an_edited_po_text_is_compiled_again_and_the_earlier_one_dropped(kept: Path) -> None:
    po_text = (i18n.LOCALES / "zh" / "LC_MESSAGES" / "messages.po").read_bytes()
    i18n._compiled("zh", po_text)
    (earlier,) = kept.glob("zh-*.mo")
    edited = po_text.replace(CHINESE.encode(), "语言: {languages}".encode())
    assert i18n._compiled("zh", edited).gettext(MESSAGE) == "语言: {languages}"
    assert not earlier.exists()


def test_an_unwritable_folder_only_costs_the_compiling(
    tmp_path: Path, kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("")
    monkeypatch.setattr(i18n, "_kept_in", in_the_way)
    assert i18n.translations("zh").gettext(MESSAGE) == CHINESE


def test_the_setting_chooses_the_folder(tmp_path: Path) -> None:
    chosen = Settings.from_env({"TWENTYFOUR_CACHE_DIR": str(tmp_path)}).cache_dir
    assert chosen == tmp_path


def test_the_users_cache_is_xdg_cache_home_when_set(tmp_path: Path) -> None:
    found = Settings.from_env({"XDG_CACHE_HOME": str(tmp_path)}).cache_dir
    assert found == tmp_path / "twenty-four"


def test_without_a_setting_the_cache_is_in_the_home_folder() -> None:
    assert Settings.from_env({}).cache_dir == Path.home() / ".cache" / "twenty-four"
