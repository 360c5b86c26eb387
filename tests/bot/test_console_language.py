"""The console user's language comes from the terminal's locale."""

from __future__ import annotations

import pytest

from bot.console.users import language


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("zh_CN.UTF-8", "zh-cn"),
        ("en_GB.UTF-8", "en-gb"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
    ],
)
def test_the_locale_gives_the_language(
    monkeypatch: pytest.MonkeyPatch, lang: str, expected: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert language() == expected
