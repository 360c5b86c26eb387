"""An arena's points, in the spirit of Lichess's arena: :data:`SOLVE_POINTS` a hand solved,
doubled on a streak of :data:`STREAK_FROM`, :data:`BERSERK_BONUS` more for a berserk hand
(docs/design-games.md, *Arenas*)."""

from __future__ import annotations

SOLVE_POINTS = 2
"""Points for a hand solved."""
STREAK_FROM = 2
"""Hands solved in a row before a hand from which it is worth double: the third solve in a
row is the first doubled."""
BERSERK_BONUS = 1
"""Points added to a hand solved berserk."""
BERSERK_SHARE = 0.5
"""The share of a hand's time a berserk player gets."""


def on_streak(streak: int) -> bool:
    """Whether a player who solved ``streak`` hands in a row is on a streak (their next
    solve counts double)."""
    return streak >= STREAK_FROM


def points(streak: int, *, berserk: bool) -> int:
    """Points of a hand solved after ``streak`` hands solved in a row, played ``berserk``
    or not."""
    base = SOLVE_POINTS * (2 if on_streak(streak) else 1)
    return base + (BERSERK_BONUS if berserk else 0)


def hand_seconds(seconds: float, *, berserk: bool) -> float:
    """A hand's time: ``seconds``, or its :data:`BERSERK_SHARE` when played berserk."""
    return seconds * BERSERK_SHARE if berserk else seconds
