"""What plain text in a group is taken as an answer, where the bot sees every message."""

from __future__ import annotations

import re

PLAIN_CLAIMS = frozenset({"none", "无解", "no solution"})
"""The "no solution" words taken as an answer in a group's plain text: only unmistakable
ones (``no`` is said all the time); ``/a`` and replies take every word the solver knows."""

OPERATORS = frozenset("+-*/×÷−xX（）()")
MENTION = re.compile(r"@(\w+)[:,，：]?\s*(.*)", re.DOTALL)
"""A leading ``@username``, then what is said to it."""


def looks_like_answer(text: str) -> bool:
    """Whether plain text in a group is meant as an answer (digits with an operator, or a
    claim): chat about the game around it is not judged."""
    has_digit = any(ch.isdigit() for ch in text)
    has_operator = any(ch in OPERATORS for ch in text)
    return (has_digit and has_operator) or text.strip().lower() in PLAIN_CLAIMS


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
