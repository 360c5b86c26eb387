"""The page's words (the Mini App's and Rush's, ``bot/webapp/``) from the bot's catalogues:
``/app/catalogue.js`` gives the page every language's table, its plural forms and direction."""

from __future__ import annotations

import json
from functools import cache
from http import HTTPStatus

from babel import Locale
from babel.localedata import locale_identifiers
from tornado.web import RequestHandler

from bot.i18n import N_, NP_, is_right_to_left, language_of, languages, locale_of, translations
from bot.play.page_policy import PAGE_POLICY

PAGE_TEXTS = {
    "daily": N_("Daily"),
    "practice": N_("Practice"),
    "profile": N_("Profile"),
    "train": N_("Train"),
    "trainTitle": N_("🪜 Training · your puzzle rating: {rating}"),
    "trainHand": N_("This hand is rated {rating} · {seconds} s."),
    "trainSkip": N_("⏭ Skip (a miss)"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "undo": N_("Undo"),
    "reset": N_("Reset"),
    "reveal": N_("Show solutions"),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "again": N_("New hand"),
    "cards": N_("Cards"),
    "keys": N_("Keys: 1–4 pick a card, + − * / an operator, Backspace undoes, Esc clears."),
    "dailyTitle": N_("Daily #{number}"),
    "practiceTitle": N_("Practice"),
    "gate": N_("Daily #{number} — the clock starts when you see the cards."),
    "start": N_("Start"),
    "pick": N_("Tap a card, an operator, then another card."),
    "pickOp": N_("Now an operator, or another card."),
    "pickSecond": N_("Now the second card."),
    "byZero": N_("Dividing by zero makes nothing: pick another pair."),
    "notYet": N_("That makes {value}, not 24: Undo or Reset."),
    "checking": N_("Checking…"),
    "loading": N_("Loading…"),
    "solvedDaily": N_("Solved!"),
    "solvedAlready": N_("You solved today's puzzle already."),
    "summary": N_("Solved in {time}. Streak: {streak} (best {best})."),
    "solvedPractice": N_("Solved in {time}!"),
    "built": N_("Your solution: {expression}"),
    "others": N_("Other solutions:"),
    "only": N_("That was the only solution."),
    "allSolutions": N_("The solutions:"),
    "noList": N_("The solutions take too long to list."),
    "pickLevel": N_("Pick a difficulty to deal a hand."),
    "unauthorized": N_("Open this page from the bot in Telegram: it could not check who you are."),
    "offline": N_("No connection to the bot: try again in a moment."),
    "expired": N_("That hand has expired: here is a new one."),
    "busy": N_("The bot is busy: try again in a moment."),
    "tooFast": N_("That was a lot of requests at once: wait a few seconds, then try again."),
    "reopen": N_("This page has been open for an hour: close it and open it again from the bot."),
    "withdrawn": N_(
        "That hand is being played somewhere right now, or is a daily puzzle: no solutions for it."
        " Here is a new one."
    ),
    "rushTitle": N_("Rush"),
    "rushRules": N_(
        "Rush: 120 seconds on the clock. Each hand solved: +10 s and a point (the clock holds at "
        "most 3:00); each skip: −20 s. The hands get harder as you score, and a run lasts at most "
        "10 minutes. Answers faster than a person can (1.5 s, up to 2.1 s for the hardest hands) "
        "count for nothing."
    ),
    "skip": N_("Skip −20 s"),
    "rushScore": N_("Score {score} · level {level}"),
    "rushSolved": N_("Solved in {time} s! +{bonus} s"),
    "rushFull": N_("Solved in {time} s! The clock is full (3:00)."),
    "rushTooFast": N_(
        "Too fast: that answer came within {floor} s of the hand reaching you, quicker than anyone "
        "reads four cards and taps, so it counts for nothing, and this run now stays off the "
        "boards (it still counts among your runs). The hand is still on: answer it again."
    ),
    "rushOffBoards": N_(
        "An answer came faster than a person can, so this run counts among your runs, but on no "
        "high-score table, no board and as no personal best. A run with no answer that fast goes "
        "on them as usual."
    ),
    "rushScriptPace": N_(
        "Half your answers or more came within 3 s of their hand, a script's steady pace, so this "
        "run counts among your runs, but on no high-score table, no board and as no personal "
        "best. A run in which at least half the answers take 3 s or more goes on them as usual."
    ),
    "rushLasted": N_("The run has reached its end: 10:00 of play."),
    "rushOut": N_("{reason} Skip to go on."),
    "rushStale": N_("That hand was already over: here is the current one."),
    "rushOver": N_("Time! Your score: {score}"),
    "rushHands": N_("Hands solved: {hands} · skips: {skips} · {time}"),
    "rushFastest": N_("Fastest hand: {time} s"),
    "rushNewBest": N_("A new personal best!"),
    "rushBest": N_("Your best: {best}"),
    "rushUnsaved": N_("Your run is counted; it is written as soon as the bot's disk takes it."),
    "rushTable": N_("High scores of this game message:"),
    "rushTableRow": N_("{position}. {name}: {score}"),
    "rushTableWait": N_("The high scores are on their way…"),
    "rushAgain": N_("Press Play in the chat to run again."),
    "rushToken": N_("This game link has expired or was used up: press Play in the chat again."),
}
"""The page's strings by the key its scripts ask for (``t("daily")``): message ids."""
PAGE_PLURALS = {
    "more": NP_("… and {count} more", "… and {count} more"),
}
"""The page's strings that show a count: one form per CLDR category of each language."""


def _samples(locale: Locale) -> dict[str, int]:
    """A number of each plural category of ``locale`` (``one``: 1, ``few``: 2 in Russian)."""
    found: dict[str, int] = {}
    for number in range(200):
        found.setdefault(locale.plural_form(number), number)
    return found


def page_table(language: str) -> dict[str, object]:
    """The page's strings in ``language``; a plural one as its forms by CLDR category."""
    catalogue = translations(language)
    table: dict[str, object] = {key: catalogue.gettext(text) for key, text in PAGE_TEXTS.items()}
    samples = _samples(locale_of(language))
    for key, (singular, plural) in PAGE_PLURALS.items():
        table[key] = {
            category: catalogue.ngettext(singular, plural, number)
            for category, number in samples.items()
        }
    return table


def catalogue_script() -> bytes:
    """``catalogue.js`` of the languages there are (read once for each set of them)."""
    return _catalogue_script(languages())


@cache
def _catalogue_script(ours: tuple[str, ...]) -> bytes:
    """``catalogue.js``: ``CATALOGUE`` (each language's table, its BCP 47 tag and direction)
    and ``LANGUAGE_OF`` (Telegram's codes, read as :func:`bot.i18n.language_of` reads them)."""
    catalogue = {
        language: {
            "tag": language.replace("_", "-"),
            "rtl": is_right_to_left(language),
            "texts": page_table(language),
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
    """``/app/catalogue.js``: the page's words in every language the bot speaks."""

    def get(self) -> None:
        self.set_status(HTTPStatus.OK)
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Content-Security-Policy", PAGE_POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-cache")
        self.finish(catalogue_script())
