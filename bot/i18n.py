"""Translations: a language is a folder of ``bot/locales`` (English is the message ids);
a Telegram ``language_code`` finds its folder by Babel's reading of locales
(docs/translating.md)."""

from __future__ import annotations

import contextlib
import datetime as dt
import gettext
import hashlib
import io
import logging
import os
import re
import tempfile
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Protocol

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.dates import format_date, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

logger = logging.getLogger(__name__)

LOCALES = Path(__file__).with_name("locales")
DEFAULT = "en"
CACHED_CODES = 1024
"""Language codes read kept at most (they come from players: ``/language anything``)."""
COMPILED_CATALOGUES = 32
"""Compiled catalogues kept at most, by their ``.po`` text (every language twice over)."""
COMPILED_FORMAT = 1
"""Changed when a ``.po`` text compiles to other bytes than before (this module's own
rewriting: the right-to-left isolates): it is part of a kept catalogue's name."""
KEYWORD = "keyword"
OWN_NAME = "language name"
"""The context of a catalogue's own name: ``pgettext("language name", "English")`` is
``Bahasa Indonesia`` where Babel would say ``Indonesia``; untranslated, Babel's name."""
"""The context (msgctxt) of the words a player types: ``pgettext("keyword", "none")`` is the
language's own "no solution" words, separated by ``|``."""
ISOLATE, END_ISOLATE = "\u2068", "\u2069"
"""First-strong isolate and its end: a run in a right-to-left message that keeps its own
direction (an expression, a hand, a command: left to right; a Persian name: right to left)."""
_TAG = re.compile(r"(<[^<>]*>)")
_RUN = re.compile(
    r"(?:[/@#]?[A-Za-z0-9_]|\{\w+\}|[(\[+\-−×÷*])"
    r"(?:[A-Za-z0-9_ :#@.,+\-*/×÷−()=\[\]'’–]|\{\w+\})*"
    r"(?:[A-Za-z0-9_)\]]|\{\w+\})"
    r"|\{\w+\}|[A-Za-z0-9]"
)
"""A left-to-right run of a message: a command with its words, an expression, a hand, a time,
a placeholder (its value isolated as it comes)."""


@cache
def languages() -> tuple[str, ...]:
    """The bot's languages: English, then every folder of :data:`LOCALES` holding a catalogue."""
    found = sorted(path.parent.parent.name for path in LOCALES.glob("*/LC_MESSAGES/messages.po"))
    return (DEFAULT, *(code for code in found if code != DEFAULT and _locale(code)))


@lru_cache(maxsize=CACHED_CODES)
def _locale(code: str) -> Locale | None:
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def locale_of(language: str) -> Locale:
    """Babel's locale of one of the bot's languages (for numbers, dates, plural rules)."""
    return _locale(language) or Locale.parse(DEFAULT)


def _script(locale: Locale) -> str | None:
    """The script a locale is written in, as given or the likeliest (``zh`` → ``Hans``)."""
    if locale.script:
        return locale.script
    likely = get_global("likely_subtags")
    key = f"{locale.language}_{locale.territory}" if locale.territory else locale.language
    full = likely.get(key) or likely.get(locale.language)
    return Locale.parse(full).script if full else None


@lru_cache(maxsize=CACHED_CODES)
def language_of(code: str | None) -> str:
    """The bot's language for a Telegram ``language_code`` or a language chosen in a chat:
    the folder of the same language, written in the same script (``zh-tw`` → ``zh_Hant``,
    ``zh-hans`` → ``zh``), else of the same territory (``pt`` → ``pt_BR``); else English."""
    if not code:
        return DEFAULT
    if code in languages():
        return code
    wanted = _locale(code.replace("-", "_").strip("_"))
    if wanted is None:
        return DEFAULT
    same = [c for c in languages() if (found := _locale(c)) and found.language == wanted.language]

    def closeness(candidate: str) -> tuple[bool, bool, bool]:
        have = locale_of(candidate)
        return (
            _script(have) == _script(wanted),
            have.territory == wanted.territory,
            have.territory is None,
        )

    return max(same, key=closeness) if same else DEFAULT


def chosen_language(value: str) -> str | None:
    """The language a player names (``/language es``, ``es-mx``, ``zh-tw``, ``Español``),
    if the bot has it; None for any other word."""
    folded = value.strip().lower().replace("-", "_")
    for language in languages():
        if folded in (language.lower(), language_name(language).lower()):
            return language
    found = language_of(value)
    wanted = _locale(folded)
    same = wanted is not None and wanted.language == locale_of(found).language
    return found if same else None


@cache
def language_name(language: str) -> str:
    """A language by its own name, as a player looks for it (``Español``, ``中文 (繁體)``);
    the script is named where two folders share a language."""
    own = translations(language).pgettext(OWN_NAME, ENGLISH)
    if language != DEFAULT and own != ENGLISH:
        return own
    locale = locale_of(language)
    shared = [c for c in languages() if locale_of(c).language == locale.language]
    if len(shared) > 1 and not locale.script and (script := _script(locale)):
        locale = Locale(locale.language, territory=locale.territory, script=script)
    name = locale.get_display_name(locale) or language
    return name[:1].upper() + name[1:]


def number(value: float, language: str) -> str:
    """``value`` as ``language`` writes numbers (``12,345``; ``12 345``; ``۱۲٬۳۴۵``)."""
    return format_decimal(value, locale=locale_of(language))


def date_text(day: dt.date, language: str) -> str:
    """A day as ``language`` writes it (``Mar 14, 2027``; ``2027年3月14日``)."""
    return format_date(day, format="medium", locale=locale_of(language))


def time_text(moment: dt.time | dt.datetime, language: str) -> str:
    """A time of day on the 24-hour clock players type (``/remind 20:00``), as ``language``
    writes it (``20:00``; ``20.00`` in Finnish), in its own zone."""
    clock = moment.timetz() if isinstance(moment, dt.datetime) else moment
    return format_skeleton("Hm", clock.replace(tzinfo=None), locale=locale_of(language))


def language_choices(language: str) -> str:
    """The codes ``/language`` takes, in ``language``'s words: "en, zh, or auto"."""
    codes = [*languages(), "auto"]
    return format_list(codes, style="or", locale=locale_of(language))


def is_right_to_left(language: str) -> bool:
    """Whether ``language`` is written right to left (Persian)."""
    return locale_of(language).character_order == "right-to-left"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of a language (English strings are the message ids themselves)."""
    path = LOCALES / language / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return gettext.NullTranslations()
    return _compiled(language, path.read_bytes())


_kept_in: Path | None = None


def keep_compiled(folder: Path | None) -> None:
    """Keep compiled catalogues in ``folder`` from now on (None: none are kept).

    Compiling the seven ``.po`` files takes close to half a second of CPU, and every start
    needs them all (the command menus); a kept one is read in a few milliseconds. A
    catalogue is kept under its language and a hash of its ``.po`` text, so an edited
    ``.po`` is compiled again; a folder that cannot be written is simply not used."""
    global _kept_in
    _kept_in = folder


@lru_cache(maxsize=COMPILED_CATALOGUES)
def _compiled(language: str, po_text: bytes) -> gettext.GNUTranslations:
    """A ``.po`` file's text compiled, or as kept in :func:`keep_compiled`'s folder: the
    same text reads the same after :func:`forget` (a test that adds a language reads every
    folder again, not every catalogue)."""
    key = hashlib.sha256(f"{COMPILED_FORMAT}:{language}:".encode() + po_text).hexdigest()
    kept = _kept_in / f"{language}-{key[:32]}.mo" if _kept_in is not None else None
    if kept is not None:
        with contextlib.suppress(OSError):
            data = kept.read_bytes()
            # Its own hash first: a file that is not what was kept is compiled again.
            if data[:32] == hashlib.sha256(data[32:]).digest():
                return gettext.GNUTranslations(io.BytesIO(data[32:]))
    compiled = _compile(language, po_text)
    if kept is not None:
        _keep(kept, compiled)
    return gettext.GNUTranslations(io.BytesIO(compiled))


def _keep(path: Path, compiled: bytes) -> None:
    """Write a compiled catalogue to ``path`` whole or not at all, and drop the language's
    earlier ones (of another ``.po`` text)."""
    language = path.name.rsplit("-", 1)[0]
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, part = tempfile.mkstemp(dir=path.parent, suffix=".part")
    except OSError as error:
        logger.debug("Compiled catalogues are not kept in %s: %s", path.parent, error)
        return
    try:
        with open(handle, "wb") as out:
            out.write(hashlib.sha256(compiled).digest() + compiled)
        os.replace(part, path)
        for earlier in path.parent.glob(f"{language}-*.mo"):
            if earlier != path:
                earlier.unlink(missing_ok=True)
    except OSError as error:
        Path(part).unlink(missing_ok=True)
        logger.debug("A compiled catalogue is not kept in %s: %s", path.parent, error)


def _compile(language: str, po_text: bytes) -> bytes:
    """A ``.po`` file's text as ``.mo`` bytes, right-to-left messages isolated."""
    catalog = read_po(io.BytesIO(po_text), locale=language)
    if is_right_to_left(language):
        for message in catalog:
            if message.id and message.context != KEYWORD:
                strings = message.string if isinstance(message.string, tuple) else ()
                message.string = (
                    tuple(isolated(form) for form in strings)
                    if strings
                    else isolated(str(message.string))
                )
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; it is translated where shown."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message shown with a count for the catalogue; translated where shown."""
    return singular, plural


def K_(context: str, word: str) -> str:
    """Mark ``word`` for the catalogue under the msgctxt ``context`` (written out for
    ``pybabel extract``): ``keyword`` for words players type (see :func:`keywords`)."""
    return word


@cache
def keywords(word: str) -> frozenset[str]:
    """``word`` and every language's own words for it (lowercase), from each catalogue's
    ``pgettext("keyword", word)``: any of them is accepted in any chat."""
    found = {word.lower()}
    for language in languages():
        translated = translations(language).pgettext(KEYWORD, word)
        found.update(alias.strip().lower() for alias in translated.split("|") if alias.strip())
    return frozenset(found)


@cache
def labels(message: str) -> frozenset[str]:
    """``message`` (a button's word: ``easy``, ``untimed``) as every language shows it,
    lowercase: a player may type what the button reads."""
    return frozenset(translations(language).gettext(message).lower() for language in languages())


def label_in_english(text: str, messages: tuple[str, ...]) -> str:
    """``text`` as the English of the button word of ``messages`` it is, else unchanged."""
    folded = " ".join(text.lower().split())
    return next((message for message in messages if folded in labels(message)), text)


def canonical(text: str, words: tuple[str, ...]) -> str:
    """``text`` as the English keyword of ``words`` it is an alias of, else unchanged."""
    folded = " ".join(text.lower().split())
    for word in words:
        if folded in keywords(word):
            return word
    return text


def in_english(text: str, words: tuple[str, ...]) -> str:
    """``text`` with each word that is an alias of one of ``words`` put as that English
    keyword (``3 3 8 8 entero`` → ``3 3 8 8 int``), for rules that know English words."""
    return " ".join(canonical(word, words) for word in text.split())


# TRANSLATORS: this language's own name, as /language lists it (Bahasa Indonesia).
ENGLISH = K_("language name", "English")
"""Translated as the catalogue's own name (see :data:`OWN_NAME`)."""
# TRANSLATORS: the words players type for a keyword, separated by | (sin solución|ninguna).
CLAIM = K_("keyword", "none")
"""The "no solution" claim: ``pgettext("keyword", "none")`` in each catalogue."""


_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def answer_in_english(text: str) -> str:
    """An answer as the solver reads it: a "no solution" claim in any language (``sin
    solución``) as ``none``, Persian and Arabic digits (``۸``) as ``8``."""
    if canonical(text.strip(" .!?。！"), (CLAIM,)) == CLAIM:
        return CLAIM
    return text.translate(_DIGITS)


def isolated(text: str) -> str:
    """A right-to-left message with each left-to-right run (and each placeholder) isolated,
    outside HTML tags: ``8÷(3−8÷3)`` and ``/play 5`` read left to right in Persian."""
    parts = _TAG.split(text)
    for index in range(0, len(parts), 2):  # the text between tags
        parts[index] = _RUN.sub(lambda run: f"{ISOLATE}{run[0]}{END_ISOLATE}", parts[index])
    return "".join(parts)


def without_isolates(text: str) -> str:
    """``text`` for a terminal, which lays out no isolates (it shows them as boxes or
    nothing): the words in the order they are read, each run as it is written."""
    return text.translate(dict.fromkeys(range(0x2066, 0x206A)))


def gettext_for(language: str | None) -> Callable[[str], str]:
    """The ``_`` function of a language."""
    return translations(language_of(language)).gettext


def ngettext_for(language: str | None) -> Callable[[str, str, int], str]:
    """The ``ngettext`` function of a language."""
    return translations(language_of(language)).ngettext


def forget() -> None:
    """Read the folders again (a test that adds a language)."""
    for cached in (languages, language_of, language_name, translations, keywords, labels, _locale):
        cached.cache_clear()


class Translator(Protocol):
    """What translates into its reader's language: a handler's context
    (:class:`bot.context.BotContext`), for the wording in :mod:`bot.texts`."""

    def _(self, message: str) -> str:
        """``message`` translated."""
        ...

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form for ``count``, translated."""
        ...
