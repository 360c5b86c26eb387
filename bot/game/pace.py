"""A person's pace: the fastest an answer can come and still count where a result leaves its
chat (Rush's boards and high-score tables, duels' ratings, each hand's record, the times on
a friend's challenge).

Four cards must be read, worked out and typed (or tapped): no person does that in under
:data:`FLOOR` seconds, so an answer that comes sooner after its hand *reached the player*
(the bot's message was delivered, or the page was given the hand) is a script's or a pasted
answer, and scores nothing (:func:`too_fast`).  The time is counted from the delivery, not
from when the bot decided the hand: a picture that waited for a chat's message limit gives
its wait to nobody.  What each game does with such an answer is in its own rules
(:mod:`bot.game.rush`, :mod:`bot.game.duel`, :mod:`bot.game.challenge`,
:mod:`bot.game.hand_records`); the reasoning is in docs/fair-play.md, *A person's pace*.
"""

from __future__ import annotations

FLOOR = 1.5
"""Seconds from a hand's delivery below which a right answer counts for nothing."""


def too_fast(seconds: float) -> bool:
    """Whether an answer that came ``seconds`` after its hand reached the player came
    faster than a person can answer (see :data:`FLOOR`)."""
    return seconds < FLOOR
