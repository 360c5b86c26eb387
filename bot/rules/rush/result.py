"""A player's part in a Rush run (:class:`Runner`) and their result once it has ended
(:class:`RunResult`): the plain data the run (:mod:`bot.rules.rush.run`) keeps and hands on to
the records (:mod:`bot.rules.rush.best_runs`)."""

from __future__ import annotations

from dataclasses import dataclass, field


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
