"""Who may start an arena in a group: its admins at once; anyone else asks, and the arena
starts once :data:`~bot.rules.votes.VOTES_NEEDED` different members have asked within
:data:`VOTE_SECONDS` (the rule of :mod:`bot.rules.votes` against griefing, where no game is
on yet to have players: a member alone cannot tie the group to an arena, nor announce one
every minute).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.votes import VOTES_NEEDED, Ballot

VOTE_SECONDS = 300.0
"""How long a request waits for others to agree."""


@dataclass(slots=True)
class StartVote:
    """The requests for an arena so far, and the length the first asked for."""

    minutes: int
    opened: float
    voters: list[int] = field(default_factory=list)

    def expired(self, now: float) -> bool:
        return now >= self.opened + VOTE_SECONDS


def ask(
    vote: StartVote | None, user_id: int, minutes: int, now: float, *, admin: bool
) -> tuple[StartVote | None, Ballot]:
    """``user_id`` asks for an arena of ``minutes``: the vote as it stands after (None once
    it carried or for an admin) and its ballot (``agreed``: start it)."""
    if admin:
        return None, Ballot(agreed=True, votes=0)
    if vote is None or vote.expired(now):
        vote = StartVote(minutes, now)
    if user_id not in vote.voters:
        vote.voters.append(user_id)
    if len(vote.voters) >= VOTES_NEEDED:
        return None, Ballot(agreed=True, votes=len(vote.voters), needed=VOTES_NEEDED)
    return vote, Ballot(agreed=False, votes=len(vote.voters), needed=VOTES_NEEDED)
