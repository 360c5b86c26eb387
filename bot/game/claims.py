"""What plain text in a group is taken as an answer, where the bot sees every message."""

from __future__ import annotations

PLAIN_CLAIMS = frozenset({"none", "无解", "no solution"})
"""The "no solution" words taken as an answer in a group's plain text: only unmistakable
ones (``no`` is said all the time); ``/a`` and replies take every word the solver knows."""

OPERATORS = frozenset("+-*/×÷−xX（）()")


def looks_like_answer(text: str) -> bool:
    """Whether plain text in a group is meant as an answer (digits with an operator, or a
    claim): chat about the game around it is not judged."""
    has_digit = any(ch.isdigit() for ch in text)
    has_operator = any(ch in OPERATORS for ch in text)
    return (has_digit and has_operator) or text.strip().lower() in PLAIN_CLAIMS
