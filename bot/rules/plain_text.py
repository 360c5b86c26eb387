"""What plain text in a group is taken as an answer, where the bot sees every message."""

from __future__ import annotations

import re
from collections.abc import Collection

from solver.parse_error import ParseError
from solver.tokenizer import tokenize

NO_SOLUTION_WORDS = frozenset({"none", "无解", "no solution"})
"""The "no solution" words taken as an answer in a group's plain text: only unmistakable
ones (``no`` is said all the time); ``/a`` and replies take every word the solver knows."""

MENTION = re.compile(r"@(\w+)[:,，：]?\s*(.*)", re.DOTALL)
"""A leading ``@username``, then what is said to it."""


def looks_like_answer(text: str, cards: Collection[int] | None = None) -> bool:
    """Whether plain text in a group is meant as an answer: written in an answer's signs
    alone (numbers, operators, brackets, a trailing ``= 24``), with two numbers and an
    operator, or a claim; with ``cards`` (the hand played), every number it writes is one
    of them.  Chat around the game is not judged, and gets no reply: words ("see you at
    8-ish"), a time (10:30), a score (2-1), a sum of other numbers (3+2 with no 2 dealt)."""
    if text.strip().lower() in NO_SOLUTION_WORDS:
        return True
    try:
        tokens = tokenize(text)
    except ParseError:  # a word, or a sign no answer has
        return False
    numbers = [token.value for token in tokens if token.kind == "num"]
    if len(numbers) < 2 or not any(token.kind == "op" for token in tokens):
        return False
    return cards is None or all(number in cards for number in numbers)


def after_mention(text: str, username: str) -> str | None:
    """The text after a leading mention of the bot (``@TwentyFourBot 8/(3-8/3)`` gives
    ``8/(3-8/3)``), or None when the text does not start with one.

    With privacy mode on, Telegram delivers a group message that mentions the bot: a
    player who writes to the bot by name means it as an answer, like ``/a``.  Usernames are
    matched without regard to case, as Telegram does; a longer name that merely starts
    with the bot's (``@TwentyFourBotFan``) is someone else.
    """
    found = MENTION.match(text.strip())
    if found is None or not username or found.group(1).lower() != username.lower():
        return None
    return found.group(2).strip()


def is_chatter(text: str) -> bool:
    """Whether a message is chat rather than an attempt at an answer: it writes no number
    (no digit, no card letter standing alone) and is no "no solution" claim: "hi", "?",
    "thanks!"."""
    if text.strip().lower() in NO_SOLUTION_WORDS or any(ch.isdigit() for ch in text):
        return False
    try:
        tokens = tokenize(text)
    except ParseError:
        return True
    return not any(token.kind == "num" for token in tokens)
