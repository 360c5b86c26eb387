"""The words of a /solve or inline request, in any language."""

from __future__ import annotations

from bot.i18n import K_
from bot.rules.requests import DECLARED

WHOLE_WORD = K_("keyword", "int")
"""Whole numbers' word, ``int``, in any language."""


def rule_words() -> tuple[str, ...]:
    """The rules' words of a /solve request, in any language (bot.rules.requests knows
    English): whole numbers' and each game's own rules' first declared word, which its game
    marks for the catalogues as a keyword (Countdown's ``countdown``)."""
    return (WHOLE_WORD, *(rules.words[0] for rules in DECLARED.values()))
