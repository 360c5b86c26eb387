"""An arena's points, in the spirit of Lichess's arena: a hand solved is worth
:data:`SOLVE_POINTS`, doubled while the player is on a streak (:data:`STREAK_FROM` hands
solved in a row or more before it), and :data:`BERSERK_BONUS` more when it was played
berserk (half its time, chosen before it was dealt).  A skip or a miss ends the streak.

What each rule prevents: the streak rewards solving hand after hand rather than skipping
to an easy one (a skip costs the streak); berserk is chosen before the hand is seen, so a
player cannot take the bonus only on hands they see are easy.
"""

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
