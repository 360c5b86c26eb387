"""Translations: gettext catalogues in ``bot/locales``, chosen from the user's language."""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Protocol

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALES = Path(__file__).with_name("locales")
LANGUAGES = ("en", "zh")
DEFAULT = "en"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of a language (English strings are the message ids themselves)."""
    path = LOCALES / language / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po_file:
        catalog = read_po(po_file, locale=language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; it is translated where shown."""
    return message


def language_of(code: str | None) -> str:
    """The supported language for a Telegram ``language_code`` (``zh-hans`` → ``zh``)."""
    base = (code or "").lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def gettext_for(language: str | None) -> Callable[[str], str]:
    """The ``_`` function of a language."""
    return translations(language_of(language)).gettext


class Translator(Protocol):
    """What translates into its reader's language: a handler's context
    (:class:`bot.context.BotContext`), for the wording in :mod:`bot.texts`."""

    def _(self, message: str) -> str:
        """``message`` translated."""
        ...

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form for ``count``, translated."""
        ...
