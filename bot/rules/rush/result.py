"""A player's part in a Rush run (:class:`Runner`) and their result once it has ended
(:class:`RunResult`): the plain data the run (:mod:`bot.rules.rush.run`) keeps and hands on to
the records (:mod:`bot.rules.rush.best_runs`); the result published (:class:`RushScore`), and
the achievements it counts towards."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.achievements import HANDS, Achievements, declare_counting, declare_family
from bot.rules.results import GameResult

RUSH_GAME = "rush"
"""Rush's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""


@dataclass(slots=True)
class Runner:
    """One player's part in a run."""

    name: str
    score: int = 0
    best_time: float | None = None
    """The fastest hand this player solved, in seconds."""
    too_fast: bool = False
    """They sent a right answer faster than a person's pace: their run is off the boards."""
    floor: float = 0.0
    """The floor of the first hand they answered too fast (0: none, or saved before)."""
    times: list[float] = field(default_factory=list)
    """The seconds of each hand this player solved, in order (for the host's fair-play
    review: :mod:`bot.rules.off_boards`)."""


@dataclass(frozen=True)
class RunResult:
    """One player's result of a finished run."""

    score: int
    """Hands solved (a point each)."""
    best_time: float | None
    seconds: float
    """How long the run lasted."""
    hands: int
    """Hands dealt in the run."""
    skips: int
    shared: bool
    place: int
    """1 for the best of the run (always 1 alone); players tied share a place."""
    too_fast: bool = False
    """The player sent a right answer faster than a person's pace in the run: it counts in
    their own history only (no board, no personal best, no high-score table)."""
    lasted_most: bool = False
    """The run ended after :data:`~bot.rules.rush.run.RUN_MOST` seconds of play, with time on
    its clock."""
    hand_times: tuple[float, ...] = ()
    """The seconds of each hand solved, in order."""
    floor: float = 0.0
    """The floor of the first hand answered too fast (0: not known)."""
    implausible: bool = False
    """The player's solves came at a script's steady pace (:func:`bot.rules.pace.
    implausible`): the run counts in their own history only, as one too fast does."""

    @property
    def off_pace(self) -> bool:
        """Whether the run stays off every board beyond the player's own history."""
        return self.too_fast or self.implausible


@dataclass(frozen=True, slots=True, kw_only=True)
class RushScore(GameResult):
    """A Rush run's end: its score (hands solved) and fastest hand."""

    game: str = RUSH_GAME
    score: int = 0
    best_time: float | None = None


RUSH_SCORE = declare_family("rush", (20, 30, 40), position=50)
"""A Rush run's score."""


def _score(achievements: Achievements, result: RushScore, now: float) -> None:
    """A run's hands solved, its score at its best, its fastest hand (if it solved one)."""
    achievements.add(HANDS, result.score)
    achievements.best(RUSH_SCORE, result.score)
    if result.score:
        achievements.solved(result.best_time)


declare_counting(RushScore, _score)
