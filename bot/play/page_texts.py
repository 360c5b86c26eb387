"""The page's words (the Mini App's and Rush's, ``bot/webapp/``) from the bot's catalogues:
``/app/catalogue.js`` gives the page every language's table, its plural forms and direction.
The words every view shares are here; a view's own are its game's or feature's
(``page_texts``), and :func:`page_words` puts them together."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from http import HTTPStatus

from babel import Locale
from babel.localedata import locale_identifiers
from telegram.ext import Application
from tornado.web import RequestHandler

from bot.context import services
from bot.i18n import N_, NP_, is_right_to_left, language_of, languages, locale_of, translations
from bot.play.page_views import set_page_headers
from bot.plug_ins import PageTexts

SHARED_TEXTS = {
    "undo": N_("Undo"),
    "reset": N_("Reset"),
    "copy": N_("Copy"),
    "again": N_("New hand"),
    "cards": N_("Cards"),
    "keys": N_("Keys: 1–4 pick a card, + − * / an operator, Backspace undoes, Esc clears."),
    "start": N_("Start"),
    "pick": N_("Tap a card, an operator, then another card."),
    "pickOp": N_("Now an operator, or another card."),
    "pickSecond": N_("Now the second card."),
    "byZero": N_("Dividing by zero makes nothing: pick another pair."),
    "notYet": N_("That makes {value}, not 24: Undo or Reset."),
    "checking": N_("Checking…"),
    "loading": N_("Loading…"),
    "built": N_("Your solution: {expression}"),
    "others": N_("Other solutions:"),
    "unauthorized": N_("Open this page from the bot in Telegram: it could not check who you are."),
    "offline": N_("No connection to the bot: try again in a moment."),
    "busy": N_("The bot is busy: try again in a moment."),
    "tooFast": N_("That was a lot of requests at once: wait a few seconds, then try again."),
    "reopen": N_("This page has been open for an hour: close it and open it again from the bot."),
}
"""The words any view's script and the page's shared ones ask for (``t("undo")``), by
key: message ids.  A view's own words are its game's or feature's (``page_texts``:
:data:`bot.plug_ins.PageTexts`, in its package's ``words.py``)."""
PAGE_PLURALS = {
    "more": NP_("… and {count} more", "… and {count} more"),
}
"""The page's strings that show a count: one form per CLDR category of each language."""


def page_words(declared: Iterable[PageTexts]) -> dict[str, str]:
    """The page's words: the shared ones and each view's (``declared``, its game's or
    feature's); a :class:`ValueError` for a key declared twice (two views would ask for one
    key, and one of them get the other's words)."""
    words = dict(SHARED_TEXTS)
    for texts in declared:
        twice = sorted((words.keys() | PAGE_PLURALS.keys()) & texts.keys())
        if twice:
            raise ValueError(f"the page's words declared twice: {', '.join(twice)}")
        words.update(texts)
    return words


def declared_words(application: Application) -> dict[str, str]:
    """The page's words of the games and features the application registered (a
    :class:`ValueError` for a key declared twice: the page is not served)."""
    data = services(application)
    games = [game.page_texts for game in data.games]
    return page_words([*games, *(feature.page_texts for feature in data.features)])


def _samples(locale: Locale) -> dict[str, int]:
    """A number of each plural category of ``locale`` (``one``: 1, ``few``: 2 in Russian)."""
    found: dict[str, int] = {}
    for number in range(200):
        found.setdefault(locale.plural_form(number), number)
    return found


def page_table(language: str, words: Mapping[str, str]) -> dict[str, object]:
    """The page's strings (``words``: :func:`page_words`) in ``language``; a plural one as
    its forms by CLDR category."""
    catalogue = translations(language)
    table: dict[str, object] = {key: catalogue.gettext(text) for key, text in words.items()}
    samples = _samples(locale_of(language))
    for key, (singular, plural) in PAGE_PLURALS.items():
        table[key] = {
            category: catalogue.ngettext(singular, plural, number)
            for category, number in samples.items()
        }
    return table


def catalogue_script(words: Mapping[str, str]) -> bytes:
    """``catalogue.js`` of the page's ``words`` in the languages there are (written once for
    each set of them)."""
    return _catalogue_script(languages(), tuple(sorted(words.items())))


@cache
def _catalogue_script(ours: tuple[str, ...], words: tuple[tuple[str, str], ...]) -> bytes:
    """``catalogue.js``: ``CATALOGUE`` (each language's table, its BCP 47 tag and direction)
    and ``LANGUAGE_OF`` (Telegram's codes, read as :func:`bot.i18n.language_of` reads them)."""
    catalogue = {
        language: {
            "tag": language.replace("_", "-"),
            "rtl": is_right_to_left(language),
            "texts": page_table(language, dict(words)),
        }
        for language in ours
    }
    bases = {locale_of(language).language for language in ours}
    codes = {language.lower().replace("_", "-") for language in ours}
    for identifier in locale_identifiers():
        parts = identifier.lower().split("_")
        if parts[0] in bases:  # zh_Hant_TW: zh-hant-tw, zh-hant and zh-tw
            codes.update(
                {"-".join(parts), "-".join(parts[:2]), "-".join(parts[:: max(len(parts) - 1, 1)])}
            )
    language_codes = {code: language_of(code) for code in sorted(codes)}
    text = (
        "// Generated by the bot (bot/play/page_texts.py) from its catalogues.\n"
        '"use strict";\n'
        f"const CATALOGUE = {json.dumps(catalogue, ensure_ascii=False, sort_keys=True)};\n"
        f"const LANGUAGE_OF = {json.dumps(language_codes, sort_keys=True)};\n"
    )
    return text.encode()


class CatalogueHandler(RequestHandler):
    """``/app/catalogue.js``: the page's words (:func:`declared_words`) in every language the
    bot speaks."""

    def initialize(self, words: Mapping[str, str]) -> None:
        self.words = words

    def get(self) -> None:
        self.set_status(HTTPStatus.OK)
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        set_page_headers(self)
        self.finish(catalogue_script(self.words))
