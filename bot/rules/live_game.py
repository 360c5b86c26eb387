"""A timed game's life, whatever its rules: dealt, shown (its clock starts), then ended by its
clock, a stop or its own rules.  :class:`LiveGame` is what the game service sees of every timed
game; :class:`TimedGame` that life for a game of a fixed time (docs/design.md,
*A game's life*)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bot.rules import spoilers, votes
from bot.rules.votes import is_attempt
from solver import Verdict


class LiveGame(spoilers.Game, votes.Game, Protocol):
    """What the game service asks of a game: which one it is, its hand (live while the game
    is on), who may stop it, when its time runs out, and the three moments of its life it
    does not judge itself."""

    @property
    def number(self) -> int: ...

    @property
    def started(self) -> float: ...

    @property
    def deadline(self) -> float | None: ...

    def show(self, now: float) -> None:
        """The deal has reached the players: the clock starts now."""

    def expire(self, number: int, now: float) -> bool:
        """A timer for game ``number`` fired: True if it ended this game."""

    def stop(self) -> bool:
        """End the game now, with no winner; False if it had already ended."""


class TimedGame:
    """The life of a game with a fixed time (mixed into a hunt's and a Countdown game's
    dataclasses, which hold the fields): a clock that runs ``time_limit`` seconds from
    ``started``, an end by the clock or by a stop, and players whose votes count, who
    started it or made a real attempt in it (:func:`~bot.rules.votes.is_attempt`)."""

    # No slots here: the dataclass that mixes this in has them (a slot in both would clash);
    # the type checker is told which of them these methods set.
    __slots__ = () if not TYPE_CHECKING else ("number", "started", "ended")
    number: int
    started: float
    time_limit: float
    ended: bool
    starter: int | None
    answered: list[int]

    @property
    def live(self) -> bool:
        """Whether the game is on (a hunt's solutions and a Countdown's numbers are kept
        from /solve meanwhile: :mod:`bot.rules.spoilers`)."""
        return not self.ended

    @property
    def on(self) -> bool:
        """Whether the game is on at the chat's table (:mod:`bot.rules.seats`)."""
        return not self.ended

    @property
    def deadline(self) -> float:
        """When the time runs out."""
        return self.started + self.time_limit

    def show(self, now: float) -> None:
        """The deal has reached the players: the clock starts now (a deal waits for the
        chat's message limit; timing from the draw would cost the players that wait)."""
        if not self.ended:
            self.started = now

    def expire(self, number: int, now: float) -> bool:
        """A timer for game ``number`` fired: end the game if it is this one and its time is
        up.  A stale timer changes nothing."""
        if number != self.number or self.ended or now < self.deadline:
            return False
        self.ended = True
        return True

    def stop(self) -> bool:
        """End the game now; False if it had already ended."""
        if self.ended:
            return False
        self.ended = True
        return True

    def attempt(self, user_id: int, verdict: Verdict) -> None:
        """Count ``user_id`` among the players if ``verdict`` is a real attempt."""
        if user_id not in self.answered and is_attempt(verdict):
            self.answered.append(user_id)

    @property
    def players(self) -> set[int]:
        """Who started the game and who made a real attempt in it."""
        starter = set() if self.starter is None else {self.starter}
        return starter | set(self.answered)
