"""Who may stop, skip or reveal a round, or take a hint, and who may stop a Solution Hunt
or a Countdown game early: the rule against griefing.

The player who started the game (or the match a round belongs to) and the chat's admins act
at once.  Anyone else's request is a vote, and it takes effect once two players of the
game agree: people who started it or have answered in it.  It prevents a bystander from
ending someone else's match, hunt or Countdown, or cutting the winner's points with hints,
on their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

VOTES_NEEDED = 2
"""Players of the round who must agree to a request none of them may make alone."""


class Action(StrEnum):
    """What a player may ask of a round."""

    STOP = "stop"
    SKIP = "skip"
    REVEAL = "reveal"
    HINT = "hint"


@dataclass(frozen=True)
class Ballot:
    """What one request did: ``agreed`` if the action happens now; else the votes of players
    so far, and whether the requester's own vote counts (they are a player of the round)."""

    agreed: bool
    votes: int
    counted: bool = True
    needed: int = VOTES_NEEDED


class Game(Protocol):
    """A round, a hunt or a Countdown game: who started it, who plays it, the votes so far."""

    @property
    def starter(self) -> int | None: ...

    @property
    def players(self) -> set[int]: ...

    votes: dict[str, tuple[int, ...]]


def request(
    game: Game, action: Action, user_id: int, *, admin: bool, also: set[int] | None = None
) -> Ballot:
    """A request for ``action`` by ``user_id`` (``admin``: one of the chat's admins);
    ``also``: players beyond the game's own whose votes count (a match's, to stop it)."""
    if admin or user_id == game.starter:
        game.votes.pop(action, None)
        return Ballot(agreed=True, votes=0)
    voters = {*game.votes.get(action, ()), user_id}
    players = game.players | (also or set())
    votes = len(voters & players)
    if votes >= VOTES_NEEDED:
        game.votes.pop(action, None)
        return Ballot(agreed=True, votes=votes)
    game.votes[action] = tuple(sorted(voters))
    return Ballot(agreed=False, votes=votes, counted=user_id in players)


class TimedGame:
    """What a hunt and a Countdown game share (mixed into their dataclasses, which hold the
    fields): a clock that runs ``time_limit`` seconds from ``started``, and players whose
    votes count, who started it or have answered in it."""

    __slots__ = ()
    started: float
    time_limit: float
    ended: bool
    starter: int | None
    answered: list[int]

    @property
    def live(self) -> bool:
        """Whether the game is on (a hunt's solutions and a Countdown's numbers are kept
        from /solve meanwhile: :mod:`bot.game.spoilers`)."""
        return not self.ended

    @property
    def deadline(self) -> float:
        """When the time runs out."""
        return self.started + self.time_limit

    @property
    def players(self) -> set[int]:
        """Who started the game and who has answered in it."""
        starter = set() if self.starter is None else {self.starter}
        return starter | set(self.answered)
