"""Invitations to duels, and the one place that knows who is busy.  Each rule and what it
prevents: docs/design-games.md, *Duels and ratings: the rules*."""

from __future__ import annotations

import random
import string
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.rules.duel.race import HAND_SECONDS, Duel, End, HandResult, Refusal, Refused
from bot.rules.off_boards import LISTED

INVITATION_SECONDS = 120.0
"""How long an invitation can be accepted."""
TOKEN_LENGTH = 10
"""Characters of an invitation's or duel's token: fits a ``start`` parameter and 64 bytes
of callback data; 62**10 of them, so that two never meet."""
_TOKEN_ALPHABET = string.ascii_letters + string.digits
HISTORY_KEPT = 200
"""Finished duels kept in :attr:`Duels.history` (the oldest go first)."""
RECENT_HANDS = 50
"""A player's last duel hands that a new duel of theirs does not deal again (as far as the
history's duels go: :meth:`Duels.recent_hands`)."""


def new_token(rng: random.Random) -> str:
    """A fresh token for an invitation or a duel."""
    return "".join(rng.choice(_TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


@dataclass(slots=True)
class Invitation:
    """An invitation to a duel: ``invitee`` None is a shared one, open to anyone else."""

    token: str
    inviter: int
    invitee: int | None
    created: float
    chat_id: int | None = None
    """The group it was made in (the duel is played there), or None (played in private)."""

    @property
    def expires(self) -> float:
        """When it can no longer be accepted."""
        return self.created + INVITATION_SECONDS

    def open_at(self, now: float) -> bool:
        """Whether it can still be accepted at ``now``."""
        return now < self.expires


@dataclass(frozen=True, slots=True)
class PastDuel:
    """A finished duel, as the history keeps it."""

    token: str
    players: tuple[int, int]
    score: tuple[int, int]
    end: End
    winner: int | None
    rated: bool
    """Whether it counted for the rating (a friendly duel over the day's cap did not)."""
    started: float
    ended: float
    hands: tuple[HandResult, ...] = ()
    """Each hand's winner and time, in order (none in records of earlier releases)."""
    dealt: tuple[tuple[int, ...], ...] = ()
    """The hands dealt, in order (none in records of earlier releases): its players' next
    duels are dealt others (:meth:`Duels.recent_hands`)."""


@dataclass(slots=True)
class Duels:
    """Every invitation out and duel being played, across all chats: the one place that
    knows who is busy, so that a player is in one duel at a time."""

    invitations: dict[str, Invitation] = field(default_factory=dict)
    """By token."""
    duels: dict[str, Duel] = field(default_factory=dict)
    """Duels being played, by token (a finished one is removed by :meth:`finish`)."""
    history: list[PastDuel] = field(default_factory=list)
    """The last finished duels, oldest first."""

    def duel_of(self, user_id: int) -> Duel | None:
        """The duel ``user_id`` is playing, if any."""
        for duel in self.duels.values():
            if user_id in duel.players and not duel.over:
                return duel
        return None

    def invitation_of(self, user_id: int, now: float) -> Invitation | None:
        """The open invitation ``user_id`` has out, if any."""
        for invitation in self.invitations.values():
            if invitation.inviter == user_id and invitation.open_at(now):
                return invitation
        return None

    def invite(
        self,
        inviter: int,
        invitee: int | None,
        now: float,
        rng: random.Random,
        *,
        bot_ids: frozenset[int] = frozenset(),
        chat_id: int | None = None,
    ) -> Invitation:
        """A new invitation from ``inviter`` to ``invitee`` (None: a shared one); ``bot_ids``
        are users known to be bots (the bot itself among them)."""
        if invitee == inviter:
            raise Refused(Refusal.SELF)
        if inviter in bot_ids or invitee in bot_ids:
            raise Refused(Refusal.BOT)
        if self.duel_of(inviter) is not None:
            raise Refused(Refusal.BUSY)
        if invitee is not None and self.duel_of(invitee) is not None:
            raise Refused(Refusal.OPPONENT_BUSY)
        if self.invitation_of(inviter, now) is not None:
            raise Refused(Refusal.INVITING)
        self.drop_expired(now)
        token = new_token(rng)
        while token in self.invitations or token in self.duels:
            token = new_token(rng)
        invitation = Invitation(token, inviter, invitee, now, chat_id)
        self.invitations[token] = invitation
        return invitation

    def _open(self, token: str, user_id: int, now: float) -> Invitation:
        invitation = self.invitations.get(token)
        if invitation is None:
            raise Refused(Refusal.NOT_FOUND)
        if invitation.invitee is not None and invitation.invitee != user_id:
            raise Refused(Refusal.NOT_INVITEE)
        if not invitation.open_at(now):
            del self.invitations[token]
            raise Refused(Refusal.EXPIRED)
        return invitation

    def accept(
        self,
        token: str,
        user_id: int,
        now: float,
        *,
        bot_ids: frozenset[int] = frozenset(),
        hand_seconds: float = HAND_SECONDS,
    ) -> Duel:
        """``user_id`` accepts the invitation ``token``: the duel starts (no hand dealt yet)."""
        invitation = self._open(token, user_id, now)
        if user_id == invitation.inviter:
            raise Refused(Refusal.SELF)
        if user_id in bot_ids:
            raise Refused(Refusal.BOT)
        if self.duel_of(user_id) is not None:
            raise Refused(Refusal.BUSY)
        if self.duel_of(invitation.inviter) is not None:
            raise Refused(Refusal.OPPONENT_BUSY)
        players = (invitation.inviter, user_id)
        for other in [t for t, i in self.invitations.items() if i.inviter in players]:
            del self.invitations[other]
        duel = Duel(token, players, now, invitation.chat_id, hand_seconds)
        self.duels[token] = duel
        return duel

    def decline(self, token: str, user_id: int, now: float) -> Invitation:
        """The invitee declines (or the inviter withdraws) the invitation ``token``."""
        invitation = self.invitations.get(token)
        if invitation is not None and user_id == invitation.inviter:
            del self.invitations[token]
            return invitation
        invitation = self._open(token, user_id, now)
        if invitation.invitee is None:
            raise Refused(Refusal.NOT_INVITEE)  # a shared one is simply not opened
        del self.invitations[token]
        return invitation

    def drop_expired(self, now: float) -> list[Invitation]:
        """Remove and return the invitations whose time is up (to say so where they are)."""
        gone = [i for i in self.invitations.values() if not i.open_at(now)]
        for invitation in gone:
            del self.invitations[invitation.token]
        return gone

    def recent_hands(
        self, players: Iterable[int], most: int = RECENT_HANDS
    ) -> frozenset[tuple[int, ...]]:
        """The last ``most`` hands dealt to each of ``players`` in their finished duels (those
        the history keeps), each sorted: a new duel of theirs draws again on one, as on a
        hand of its own (:meth:`Duel.seen`), so that one player meets no hand twice in two
        duels a minute apart (a race of memory, not of arithmetic)."""
        found: set[tuple[int, ...]] = set()
        for player in players:
            theirs: list[tuple[int, ...]] = []
            for past in reversed(self.history):  # newest first
                if player in past.players:
                    theirs.extend(reversed(past.dealt))
                    if len(theirs) >= most:
                        break
            found.update(tuple(sorted(hand)) for hand in theirs[:most])
        return frozenset(found)

    def act(self, token: str, user_id: int) -> Duel:
        """The duel ``token``, for one of its players to act in (refused to anyone else)."""
        duel = self.duels.get(token)
        if duel is None:
            raise Refused(Refusal.NOT_FOUND)
        if user_id not in duel.players:
            raise Refused(Refusal.NOT_PLAYER)
        return duel

    def finish(self, token: str, now: float, *, rated: bool) -> PastDuel | None:
        """Move a duel that has ended into the history (once its result is rated: ``rated``
        says whether it counted); None if it is still being played or unknown."""
        duel = self.duels.get(token)
        if duel is None or duel.end is None:
            return None
        del self.duels[token]
        past = PastDuel(
            token,
            duel.players,
            duel.score,
            duel.end,
            duel.winner,
            rated,
            duel.created,
            now,
            tuple(duel.results),
            tuple(duel.dealt),
        )
        self.history.append(past)
        del self.history[: max(0, len(self.history) - HISTORY_KEPT)]
        return past


def fastest_duels(history: list[PastDuel], week_began: float) -> list[PastDuel]:
    """The duels finished since ``week_began`` (a time on the bot's clock) with a hand won,
    the one with the fastest won hand first."""

    def fastest(duel: PastDuel) -> float:
        return min(hand.seconds for hand in duel.hands if hand.winner is not None)

    won = [d for d in history if d.ended >= week_began and any(h.winner for h in d.hands)]
    return sorted(won, key=fastest)[:LISTED]
