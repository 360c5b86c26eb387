"""Every message the bot can send has a Chinese translation with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import LOCALES, translations

BOT = Path(__file__).resolve().parents[2] / "bot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def _messages() -> list[str | tuple[str, ...]]:
    found = extract_from_dir(str(BOT), method_map=[("**.py", "python")], keywords=KEYWORDS)
    return [message for _, _, message, _, _ in found]


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_messages_are_found() -> None:
    assert len(_messages()) >= 20


def test_every_message_has_a_chinese_translation() -> None:
    zh = translations("zh")
    assert (LOCALES / "zh" / "LC_MESSAGES" / "messages.po").exists()
    for message in _messages():
        if isinstance(message, tuple):
            singular, plural = message
            translated = zh.ngettext(singular, plural, 2)
            assert translated != plural, f"untranslated: {singular!r}"
            assert _placeholders(translated) == _placeholders(plural)
        else:
            translated = zh.gettext(message)
            assert translated != message, f"untranslated: {message!r}"
            assert _placeholders(translated) == _placeholders(message)


def test_the_catalogue_keeps_no_message_the_bot_no_longer_sends() -> None:
    sent = {m[0] if isinstance(m, tuple) else m for m in _messages()}
    with (LOCALES / "zh" / "LC_MESSAGES" / "messages.po").open("rb") as po_file:
        catalog = read_po(po_file, locale="zh")
    kept = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog if m.id}
    assert kept - sent == set()


def test_the_catalogue_holds_each_message_once() -> None:
    # gettext keeps one of two entries with the same id silently: the other translation is lost.
    text = (LOCALES / "zh" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    entries = re.findall(r'^msgid ((?:".*"\n)+)', text + "\n", flags=re.MULTILINE)
    ids = [entry for entry in entries if entry != '""\n']
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
