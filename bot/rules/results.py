"""A game's result as an event: who did what in which game, and whether it ``counts`` under the
fair-play rules.  Games publish them once saved (:mod:`bot.play.result_listeners`); listeners
such as achievements refuse what does not count (docs/design-games.md, *Achievements*).

The results every game may give stand here (a hand solved, missed, played or outpaced, a
podium, a season's trophy); a game's own (the daily puzzle solved with its streak, a Rush
run's score...) stand in its rules, beside the name it gives :attr:`GameResult.game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.pace import too_fast

SEASON = "season"
"""A season's name as a result's game: its trophies (:class:`Trophy`) are no game's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResult:
    """One player's result: ``name`` is how the chat it is told in names them."""

    player: int
    name: str
    game: str
    """The game's name, a constant of its rules (``bot.rules.rounds.ROUND``, ``"round"``):
    what a listener that follows one game compares (no central module names a game)."""
    counts: bool = True
    """Whether it counts beyond its chat under the fair-play rules."""
    achievable: bool = True
    """Whether it counts toward achievements too (a duel's wins and hands do against an
    established opponent only: second accounts farm nothing)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Solved(GameResult):
    """A hand solved: a round won, a duel's hand, seconds from its delivery."""

    seconds: float
    level: int | None = None
    hand: tuple[int, ...] = ()
    """The cards solved (empty where the game does not say)."""
    target: int = 24
    hinted: bool = False
    """Whether a hint was given before the solve (the free half-time one too)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Missed(GameResult):
    """A hand its one player saw and did not solve: a private round given up, skipped or
    timed out."""

    hand: tuple[int, ...] = ()
    target: int = 24


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlayed(GameResult):
    """One hand of a game of many (a private Rush run's): solved ``seconds`` after it was
    delivered, or skipped (None).  The game's own result comes at its end."""

    hand: tuple[int, ...] = ()
    target: int = 24
    seconds: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Outpaced(GameResult):
    """A hand a player saw in a race (a duel's, a group's round or shared Rush run) and had
    not solved when it ended ``seconds`` after its delivery, by another's win or its clock:
    a censored attempt, "slower than ``seconds``", not a miss.  Published with the win it
    comes from (``counts`` only where that win does, unhinted)."""

    hand: tuple[int, ...] = ()
    target: int = 24
    seconds: float = 0.0


def outpaced(
    players: Sequence[int],
    game: str,
    hand: Sequence[int],
    target: int,
    seconds: float,
    *,
    counts: bool = True,
) -> list[Outpaced]:
    """A race's censored results: ``players`` had not solved ``hand`` ``seconds`` in (no
    achievement counts them: nothing was done)."""
    cards = tuple(sorted(hand))
    return [
        Outpaced(
            player=p,
            name="",
            game=game,
            hand=cards,
            target=target,
            seconds=seconds,
            counts=counts,
            achievable=False,
        )
        for p in players
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Podium(GameResult):
    """A place among a game's first three (1 wins it): an arena's.  The game counts it towards
    its own achievements (:func:`bot.rules.achievements.declare_counting` with its name)."""

    place: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Trophy(GameResult):
    """A season's trophy: a place among a season board's first three."""

    game: str = SEASON
    place: int = 1
    season: str = ""
    """The season, as ``2026-11``."""


def at_pace(times: Sequence[float], floor: float) -> bool:
    """Whether finds made ``times`` seconds into a game came at a person's pace: each at
    least ``floor`` after the one before (the first after the start), as one answer each."""
    before = 0.0
    for seconds in sorted(times):
        if too_fast(seconds - before, floor):
            return False
        before = seconds
    return True
