"""Challenges: a hand a player solved, sent to friends to play later against their time: the
plays, their clocks, the shared card, and the bounds on what is kept.  Each rule and what it
prevents: docs/games.md, *Challenges*, and docs/fair-play.md, *Hands only their players see*."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.duel.lobby import new_token
from bot.rules.hand_records import declare_source
from bot.rules.pace import floor_of, too_fast
from bot.rules.scoring import counts_as_miss, elapsed
from solver import Verdict, check

HAND_SOURCE = declare_source("challenge", barred=True)
"""A challenge's solves count for a hand's record, and bar it (its cards are known
before the clock)."""

MOST_PLAYS = 200
CARD_LINES = 10
CHALLENGES_KEPT = 5_000
SETTER_KEPT = 100
MOST_SHARED = 10


class Origin(StrEnum):
    """Where a challenge's hand came from."""

    DAILY = "daily"
    PRACTICE = "practice"


class ChallengeRefusal(StrEnum):
    """Why a challenge cannot be played."""

    NOT_FOUND = "not_found"
    SETTER = "setter"
    """The setter's own challenge."""
    PLAYED = "played"
    """Played already (solved or given up)."""
    NOT_PLAYING = "not_playing"
    """An answer from someone who has not opened the challenge."""
    FULL = "full"
    """:data:`MOST_PLAYS` players have played it."""
    BUSY = "busy"
    """The player is playing another challenge."""
    DAILY = "daily"
    """An answer to a play that is the player's daily attempt (the daily puzzle judges it)."""


class ChallengeRefused(ValueError):
    """An action the rules refuse; :attr:`reason` says why."""

    def __init__(self, reason: ChallengeRefusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


@dataclass(slots=True)
class Play:
    """A friend's play of a challenge."""

    name: str
    started: float
    seconds: float | None = None
    """Their time, once solved."""
    gave_up: bool = False
    misses: int = 0
    daily: bool = False
    """The play is the player's daily attempt: its time is the attempt's."""
    unranked: bool = False
    """The bot had given the player solutions of its cards before they opened it, or gave
    them to anyone while the play was open: their time is not on the shared card (see the
    module)."""
    given_while_open: bool = False
    """The play is unranked as the bot gave someone its cards' solutions while it was open."""

    @property
    def finished(self) -> bool:
        """Solved or given up: the play is over for good."""
        return self.seconds is not None or self.gave_up


@dataclass(frozen=True, slots=True)
class Entry:
    """A line of the shared message: a player and their time (None: gave up or playing)."""

    name: str
    seconds: float | None
    finished: bool


@dataclass(frozen=True, slots=True)
class Card:
    """What the shared message shows: no cards, no solution."""

    setter_name: str
    setter_seconds: float
    origin: Origin
    daily: int | None
    entries: tuple[Entry, ...]
    """The fastest solves first, then those who gave up, then those still playing."""
    more: int
    """Players not listed (beyond :data:`CARD_LINES`)."""


@dataclass(frozen=True, slots=True)
class ChallengeAnswer:
    """What an answer did: its verdict, and the play (solved when the verdict is right)."""

    verdict: Verdict
    play: Play
    too_fast: bool = False
    """A right answer faster than a person's pace: it counted for nothing, the play goes on."""


@dataclass(slots=True)
class Challenge:
    """A challenge of one hand (see the module's rules)."""

    token: str
    setter: int
    setter_name: str
    hand: tuple[int, ...]
    target: int
    seconds: float
    origin: Origin
    created: float
    daily: int | None = None
    """The daily puzzle's number, when the hand is one."""
    plays: dict[int, Play] = field(default_factory=dict)
    inline_message_ids: list[str] = field(default_factory=list)
    """The messages sent through inline mode that show it (edited as friends play)."""
    language: str = "en"
    """The language of its shared messages (the setter's)."""
    given: dict[int, float] = field(default_factory=dict)
    """Who the bot gave solutions of its cards to, and when, after someone had opened it and
    before they did (see :meth:`note_given`; at most :data:`MOST_PLAYS`, the latest)."""

    def share(self, inline_message_id: str) -> bool:
        """It was shared as ``inline_message_id``; whether that is news.  Only the
        :data:`MOST_SHARED` latest are kept."""
        if inline_message_id in self.inline_message_ids:
            return False
        self.inline_message_ids.append(inline_message_id)
        del self.inline_message_ids[:-MOST_SHARED]
        return True

    def note_given(self, user_id: int, now: float) -> bool:
        """The bot gave ``user_id`` solutions of its cards at ``now``: every play open now
        (anyone else's) is unranked, and if they open it later, they play it unranked.
        Whether that is news (False: not opened by anyone yet, so its cards are nobody's
        but the setter's; or nothing changed)."""
        voided = False
        for player, play in self.plays.items():
            if player != user_id and not play.finished and not play.unranked:
                play.unranked = play.given_while_open = voided = True
        if not self.plays or user_id == self.setter or user_id in self.plays:
            return voided
        self.given.pop(user_id, None)
        self.given[user_id] = now
        while len(self.given) > MOST_PLAYS:
            del self.given[next(iter(self.given))]
        return True

    def play(self, user_id: int, name: str, now: float, *, daily: bool = False) -> Play:
        """``user_id`` opens the challenge: their clock starts now, or goes on if they
        opened it before; ``daily``: the play is their daily attempt (see :meth:`finish`).
        A player given its solutions before (:meth:`note_given`) plays it unranked."""
        if user_id == self.setter:
            raise ChallengeRefused(ChallengeRefusal.SETTER)
        play = self.plays.get(user_id)
        if play is not None:
            if play.finished:
                raise ChallengeRefused(ChallengeRefusal.PLAYED)
            return play
        if len(self.plays) >= MOST_PLAYS:
            raise ChallengeRefused(ChallengeRefusal.FULL)
        unranked = user_id in self.given
        play = self.plays[user_id] = Play(name, now, daily=daily, unranked=unranked)
        return play

    def shown(self, user_id: int, now: float) -> None:
        """The hand of ``user_id``'s new play reached them at ``now``: their clock starts
        then, not when they opened it (the message may wait for the chat's limits).  Only
        for a play just opened: opened again, the same clock goes on."""
        play = self.plays.get(user_id)
        if play is not None and not play.finished and not play.daily:
            play.started = max(play.started, now)

    def _playing(self, user_id: int, *, daily: bool = False) -> Play:
        play = self.plays.get(user_id)
        if play is None:
            raise ChallengeRefused(ChallengeRefusal.NOT_PLAYING)
        if play.finished:
            raise ChallengeRefused(ChallengeRefusal.PLAYED)
        if play.daily != daily:
            raise ChallengeRefused(
                ChallengeRefusal.DAILY if play.daily else ChallengeRefusal.NOT_PLAYING
            )
        return play

    def finish(self, user_id: int, seconds: float | None, *, unranked: bool = False) -> Play:
        """End ``user_id``'s play that is their daily attempt: solved in ``seconds``, or
        given up (None); ``unranked``: solved faster than a person's pace (off the card)."""
        play = self._playing(user_id, daily=True)
        play.unranked = play.unranked or unranked
        if seconds is None:
            play.gave_up = True
        else:
            play.seconds = max(0.0, seconds)
        return play

    def answer(self, user_id: int, text: str, now: float) -> ChallengeAnswer:
        """Judge ``user_id``'s answer; a right one ends their play with their time."""
        play = self._playing(user_id)
        verdict = check(text, self.hand, self.target)
        if verdict.ok and too_fast(now - play.started, floor_of(self.hand, self.target)):
            return ChallengeAnswer(verdict, play, too_fast=True)
        if verdict.ok:
            play.seconds = elapsed(play.started, now)
        elif counts_as_miss(verdict):
            play.misses += 1
        return ChallengeAnswer(verdict, play)

    def give_up(self, user_id: int) -> Play:
        """``user_id`` gives up: their play ends with no time."""
        play = self._playing(user_id)
        play.gave_up = True
        return play

    def card(self) -> Card:
        """What the shared message shows."""

        def order(play: Play) -> tuple[int, float, float]:
            if play.seconds is not None:
                return (0, play.seconds, play.started)
            return (1 if play.gave_up else 2, 0.0, play.started)

        plays = sorted((p for p in self.plays.values() if not p.unranked), key=order)
        entries = tuple(Entry(p.name, p.seconds, p.finished) for p in plays[:CARD_LINES])
        return Card(
            self.setter_name,
            self.seconds,
            self.origin,
            self.daily,
            entries,
            max(0, len(plays) - CARD_LINES),
        )


@dataclass(slots=True)
class Challenges:
    """Every challenge kept, by token."""

    challenges: dict[str, Challenge] = field(default_factory=dict)
    """By token, oldest first."""
    dropped: list[str] = field(default_factory=list, metadata={"saved": False})
    """Tokens dropped to make room and not yet taken by :meth:`take_dropped` (not saved)."""

    def create(
        self,
        setter: int,
        setter_name: str,
        hand: tuple[int, ...],
        target: int,
        seconds: float,
        origin: Origin,
        now: float,
        rng: random.Random,
        daily: int | None = None,
        *,
        token: str | None = None,
        language: str = "en",
    ) -> Challenge:
        """A new challenge of a hand ``setter`` solved in ``seconds``; with ``token`` (one
        solve's), the challenge of that token if it is kept already."""
        if origin is Origin.DAILY and daily is None:
            raise ValueError("a daily challenge needs the daily puzzle's number")
        if token is not None and token in self.challenges:
            return self.challenges[token]
        while token is None or token in self.challenges:
            token = new_token(rng)
        mine = [t for t, c in self.challenges.items() if c.setter == setter]
        for oldest in mine[: max(0, len(mine) - SETTER_KEPT + 1)]:
            self._drop(oldest)
        while len(self.challenges) >= CHALLENGES_KEPT:
            self._drop(next(iter(self.challenges)))  # kept in the order made
        challenge = Challenge(
            token, setter, setter_name, tuple(hand), target, seconds, origin, now, daily
        )
        challenge.language = language
        self.challenges[token] = challenge
        return challenge

    def _drop(self, token: str) -> None:
        del self.challenges[token]
        self.dropped.append(token)

    def open_play(self, user_id: int) -> Challenge | None:
        """The challenge ``user_id`` is playing (opened, not finished), if any."""
        for challenge in reversed(self.challenges.values()):
            play = challenge.plays.get(user_id)
            if play is not None and not play.finished:
                return challenge
        return None

    def play(
        self, token: str, user_id: int, name: str, now: float, *, daily: bool = False
    ) -> tuple[Challenge, Play]:
        """``user_id`` opens the challenge ``token`` (see :meth:`Challenge.play`), unless
        they are playing another one (refused as ``BUSY``)."""
        challenge = self.get(token)
        playing = self.open_play(user_id)
        if playing is not None and playing is not challenge:
            raise ChallengeRefused(ChallengeRefusal.BUSY)
        return challenge, challenge.play(user_id, name, now, daily=daily)

    def take_dropped(self) -> list[str]:
        """The tokens dropped since the last call (their saved rows are to be deleted)."""
        dropped, self.dropped = self.dropped, []
        return dropped

    def get(self, token: str) -> Challenge:
        """The challenge ``token`` (refused as ``NOT_FOUND`` if there is none)."""
        challenge = self.challenges.get(token)
        if challenge is None:
            raise ChallengeRefused(ChallengeRefusal.NOT_FOUND)
        return challenge
