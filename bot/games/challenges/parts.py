"""A friend's challenge's parts of a chat's data."""

from __future__ import annotations

ANSWERS_TO = "challenge"
"""In a private chat, the chat's ``answers_to`` while a friend's challenge is played there
(its plain answers are the challenge's): the word records have always held
(:attr:`bot.plug_ins.GameOf.answers_to`)."""
