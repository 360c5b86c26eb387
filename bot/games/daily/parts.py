"""The daily puzzle's parts of a chat's data."""

from __future__ import annotations

ANSWERS_TO = "daily"
"""In a private chat, the chat's ``answers_to`` while an attempt at a day's puzzle is open
there (its plain answers are the attempt's): the word records have always held
(:attr:`bot.plug_ins.GameOf.answers_to`)."""
