"""Who may stop, skip or reveal a round, take a hint, or stop a hunt or a Countdown early: the
rule against griefing, and who counts as a player (:func:`is_attempt`; docs/fair-play.md,
*Spoilers, votes and the daily*)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from solver import Code, Verdict

VOTES_NEEDED = 2
"""Players of the round who must agree, at least, to a request none of them may make alone."""

ATTEMPTS = frozenset(
    {
        Code.CORRECT,
        Code.WRONG_VALUE,
        Code.DIVISION_BY_ZERO,
        Code.FRACTION_STEP,
        Code.NEGATIVE_STEP,
        Code.ZERO_STEP,
    }
)
"""The verdicts of an answer that reads as an expression and uses the dealt cards by the
game's rules (each card once; in Countdown, offered numbers, each at most once): the
solver checks the text and the cards before a division by zero or a Countdown step."""


def is_attempt(verdict: Verdict) -> bool:
    """Whether an answer was a real attempt at the game, which makes its author a player:
    an expression of the dealt cards (:data:`ATTEMPTS`), right or wrong.  Text that does not
    read, uses other numbers or leaves cards out, and a "no solution" claim (one word
    anyone can type) are not."""
    return verdict.code in ATTEMPTS


def needed(players: int) -> int:
    """Votes that carry a request in a game of ``players`` players: more than half of them,
    and never fewer than :data:`VOTES_NEEDED`."""
    return max(VOTES_NEEDED, players // 2 + 1)


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
    wanted = needed(len(players))
    if votes >= wanted:
        game.votes.pop(action, None)
        return Ballot(agreed=True, votes=votes, needed=wanted)
    game.votes[action] = tuple(sorted(voters))
    return Ballot(agreed=False, votes=votes, counted=user_id in players, needed=wanted)
