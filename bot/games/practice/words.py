"""Practice's words: its view's on the Mini App's page (its ``Game.page_texts``)."""

from __future__ import annotations

from bot.i18n import N_

PAGE_TEXTS = {
    "practice": N_("Practice"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "reveal": N_("Show solutions"),
    "practiceTitle": N_("Practice"),
    "solvedPractice": N_("Solved in {time}!"),
    "only": N_("That was the only solution."),
    "allSolutions": N_("The solutions:"),
    "noList": N_("The solutions take too long to list."),
    "pickLevel": N_("Pick a difficulty to deal a hand."),
    "expired": N_("That hand has expired: here is a new one."),
    "withdrawn": N_(
        "That hand is being played somewhere right now, or is a daily puzzle: no solutions for it."
        " Here is a new one."
    ),
}
"""The practice view's words on the Mini App's page, by the key its script asks for."""
