"""One timed attempt as the rating library rates it: a player against a hand, its speed the
score (:func:`score`), a new hand's prior from the solver's difficulty model
(docs/design-ladder.md, *The ladder*)."""

from __future__ import annotations

import math

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""OpenSkill's default model: ``mu`` 25, ``sigma`` 25/3 for a new player."""
SCALE = 40.0
"""Shown points per unit of ``mu`` (as the duel rating)."""
SHOWN_BASE = 1500.0
"""The shown rating of ``mu`` 25."""
FAST = 3.0
"""Seconds: a solve this fast scores 1 (a win over the hand)."""
SLOW = 120.0
"""Seconds: a solve this slow scores 0, as a miss (a ladder hand's time limit too)."""
HINTED_SECONDS = 60.0
"""A solve helped by a hint counts as slow: as one at least this slow."""
PRIOR_SIGMA = 4.0
"""The uncertainty of a hand's rating from the model alone."""
LEVEL_STEP = 3.0
"""``mu`` between two of the model's levels (1 to 5; level 3 is ``mu`` 25)."""
SCORE_STEP = 4.0
"""``mu`` per unit of the model's score (:attr:`solver.difficulty.Difficulty.score`)."""
SCORE_CENTRE = -0.43
"""The model's median score of four cards for 24 (``mu`` 25)."""

Rating = tuple[float, float]
"""A rating's ``mu`` and ``sigma``."""


def score(seconds: float | None, *, hinted: bool = False) -> float:
    """The score of an attempt: solved in ``seconds`` (None: missed, skipped, timed out)."""
    if seconds is None:
        return 0.0
    if hinted:
        seconds = max(seconds, HINTED_SECONDS)
    if seconds <= FAST:
        return 1.0
    return max(0.0, math.log(SLOW / seconds) / math.log(SLOW / FAST))


def shown(mu: float) -> int:
    """A ``mu`` as people read it (1500 for 25)."""
    return round(SHOWN_BASE + (mu - MODEL.mu) * SCALE)


def prior_of_level(level: int) -> float:
    """The ``mu`` of a hand of the model's ``level`` (1 to 5) with no results."""
    return MODEL.mu + LEVEL_STEP * (level - 3)


def prior_of_score(model_score: float) -> float:
    """The ``mu`` of a hand of the model's score with no results."""
    return MODEL.mu + SCORE_STEP * (model_score - SCORE_CENTRE)


def _outcomes(player: Rating, hand: Rating) -> tuple[tuple[Rating, Rating], tuple[Rating, Rating]]:
    """OpenSkill's ratings of both after the player's win, and after the hand's."""
    teams = [[MODEL.rating(*player)], [MODEL.rating(*hand)]]
    won = MODEL.rate(teams, ranks=[1.0, 2.0])
    lost = MODEL.rate(teams, ranks=[2.0, 1.0])
    return (
        ((won[0][0].mu, won[0][0].sigma), (won[1][0].mu, won[1][0].sigma)),
        ((lost[0][0].mu, lost[0][0].sigma), (lost[1][0].mu, lost[1][0].sigma)),
    )


def play(player: Rating, hand: Rating, result: float) -> tuple[Rating, Rating]:
    """The player's and the hand's ratings after an attempt of score ``result`` (0 to 1)."""
    if not 0.0 <= result <= 1.0:
        raise ValueError(f"a score is from 0 to 1, not {result}")
    (won_p, won_h), (lost_p, lost_h) = _outcomes(player, hand)

    def mix(a: Rating, b: Rating) -> Rating:
        return (result * a[0] + (1 - result) * b[0], result * a[1] + (1 - result) * b[1])

    return mix(won_p, lost_p), mix(won_h, lost_h)


def expected(player: Rating, hand: Rating) -> float:
    """The chance OpenSkill gives the player of beating the hand (its expected score)."""
    return float(MODEL.predict_win([[MODEL.rating(*player)], [MODEL.rating(*hand)]])[0])


def censored(player: Rating, hand: Rating, seconds: float) -> tuple[Rating, Rating] | None:
    """The ratings after a censored attempt: a player who saw the hand in a race had not
    solved it ``seconds`` after it was dealt (another won then, or its time ran out), so
    their score was below :func:`score` of ``seconds``.  Taken at that bound only where it
    contradicts the model: where OpenSkill's own update for a score of the bound lowers the
    player (it expected better); otherwise the model expected as much and nothing moves
    (None), not even ``sigma``."""
    bound = score(None if seconds >= SLOW else seconds)
    after = play(player, hand, bound)
    return after if after[0][0] < player[0] else None
