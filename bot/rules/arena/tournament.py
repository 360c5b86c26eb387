"""An arena: a group's tournament, the same hands in the same order for every player, each on
their own clock from the hand's delivery; :meth:`Arena.answer` is the only way to score.
Points are :mod:`bot.rules.arena.points`'s, the standings :mod:`bot.rules.arena.standings`'.
Each rule and what it prevents: docs/design-games.md, *Arenas*."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.arena import points as arena_points
from bot.rules.pace import floor_of, implausible, too_fast
from bot.rules.scoring import counts_as_miss
from bot.rules.votes import Action, Ballot, request
from solver import Code, Verdict, check

DEFAULT_MINUTES = 10
MIN_MINUTES = 3
MAX_MINUTES = 60
HAND_SECONDS = 60.0
"""A hand's time (a berserk player gets :data:`~bot.rules.arena.points.BERSERK_SHARE` of it)."""
MAX_PLAYERS = 200
"""Players an arena takes at most (docs/design-games.md, *Arenas*).  Each player costs the
group's row (saved with every player in it), every standings edit (all sorted, ten shown)
and above all messages: a player's right answer is one message, and the bot may send about
30 a second in all (Telegram's global limit, which its outbox keeps).  200 players at a hand
every 5 to 10 s are 20 to 40 messages a second already: beyond them the hands of every game,
in every chat, would come late (bench/arena_bench.py measures it)."""
TARGET = 24
LEVEL_STEPS = (0, 3, 6, 10, 15)
"""The hand's index (from 0) from which each level is dealt: the same for every player."""

REDRAWS = 20
"""Draws of a hand at most before one the arena dealt already is dealt again: a level holds a
few hundred hands, so only an arena past them repeats one (and none can draw forever)."""

Hand = tuple[int, ...]
Deal = Callable[[random.Random, int], Hand]
"""Draws a solvable hand of a level (1 to 5) with the random source given."""


def level_of(index: int) -> int:
    """The level of the arena's hand number ``index`` (from 0)."""
    return sum(1 for step in LEVEL_STEPS if index >= step)


def clamp_minutes(minutes: int) -> int:
    """An arena's length in minutes, within :data:`MIN_MINUTES` and :data:`MAX_MINUTES`."""
    return max(MIN_MINUTES, min(MAX_MINUTES, minutes))


class Refusal(StrEnum):
    """Why an answer, a skip or a join was not taken."""

    NOT_STARTED = "not_started"
    OVER = "over"
    NOT_JOINED = "not_joined"
    STALE = "stale"
    """The answer names a hand that is no longer the player's."""
    NOT_SHOWN = "not_shown"
    """The player's hand has not reached them yet."""


@dataclass(slots=True)
class Player:
    """One player of an arena: their place in its hands, their clock and their points."""

    name: str
    joined: float
    index: int = 0
    """The player's current hand (an index into :attr:`Arena.hands`)."""
    shown: float | None = None
    """When the current hand reached the player (None: not yet)."""
    berserk: bool = False
    """Whether the current hand is played berserk (fixed when it was shown)."""
    berserk_next: bool = False
    """Whether the player asked to play their next hands berserk."""
    score: int = 0
    streak: int = 0
    """Hands solved in a row up to now."""
    best_streak: int = 0
    solved: int = 0
    berserks: int = 0
    """Hands solved berserk."""
    missed: int = 0
    skipped: int = 0
    reached: float = 0.0
    """When the player's score last grew (ties go to who got there first)."""
    too_fast: bool = False
    """Whether a right answer of theirs came faster than a person's pace."""
    times: list[float] = field(default_factory=list)
    """The seconds of each hand solved, in order (for a script's steady pace:
    :attr:`scripted`; empty in arenas saved before they were kept)."""

    @property
    def scripted(self) -> bool:
        """Whether the player's solves came at a script's steady pace
        (:func:`~bot.rules.pace.implausible`): their results stay in the group."""
        return implausible(self.times)

    def deadline(self, seconds: float) -> float | None:
        """When the current hand's time runs out (None: not shown yet)."""
        if self.shown is None:
            return None
        return self.shown + arena_points.hand_seconds(seconds, berserk=self.berserk)


@dataclass(frozen=True)
class ArenaOutcome:
    """What an answer, a skip or a hand's time-up did."""

    refused: Refusal | None = None
    verdict: Verdict | None = None
    solved: bool = False
    points: int = 0
    seconds: float = 0.0
    streak: int = 0
    """The player's streak after it."""
    miss: bool = False
    """A wrong attempt (the hand goes on) or a hand's time run out (the next one comes)."""
    expired: bool = False
    """The hand's time had run out: the next hand comes (the answer itself counted not)."""
    too_fast: bool = False
    next_hand: bool = False
    """The player moves on to their next hand (solved, skipped or timed out)."""
    berserk: bool = False


@dataclass(slots=True)
class Arena:
    """An arena of a group: its clock, its hands and its players."""

    number: int
    """The arena's number in its group (a timer set for one arena changes nothing in the next)."""
    starter: int | None
    starts: float
    length: float
    """Seconds from :attr:`starts` to the end."""
    seed: int
    hands: list[Hand] = field(default_factory=list)
    entries: dict[int, Player] = field(default_factory=dict)
    """Who joined, by user id."""
    hand_seconds: float = HAND_SECONDS
    ended_at: float | None = None
    stopped: bool = False
    votes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Who asked to stop it and may not alone (:mod:`bot.rules.votes`)."""

    @classmethod
    def create(
        cls,
        number: int,
        starter: int | None,
        starts: float,
        minutes: int = DEFAULT_MINUTES,
        *,
        seed: int,
    ) -> Arena:
        """An arena from ``starts`` for ``minutes`` (kept within the limits)."""
        return cls(number, starter, starts, clamp_minutes(minutes) * 60.0, seed)

    @property
    def players(self) -> set[int]:
        """Who joined (their votes count to stop it: :mod:`bot.rules.votes`)."""
        return set(self.entries)

    def request_stop(self, user_id: int, *, admin: bool) -> Ballot:
        """``user_id`` (``admin``: one of the group's admins) asks to stop the arena: who
        started it and the admins at once, anyone else by a vote of its players."""
        return request(self, Action.STOP, user_id, admin=admin)

    # --- its clock -------------------------------------------------------------------------

    @property
    def ends(self) -> float:
        return self.starts + self.length

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    def started(self, now: float) -> bool:
        return now >= self.starts

    def on(self, now: float) -> bool:
        """Whether hands are played at ``now``."""
        return self.ended_at is None and self.starts <= now < self.ends

    def finish(self, now: float) -> bool:
        """End the arena if its time is up at ``now``; True if this call ended it.  It ends
        at its deadline, however late the server notices (a restart after it included)."""
        if self.ended_at is None and now >= self.ends:
            self.ended_at = self.ends
            return True
        return False

    def stop(self, now: float) -> bool:
        """End the arena now (``/arena stop``); False if it had already ended."""
        if self.finish(now) or self.ended_at is not None:
            return False
        self.ended_at = max(min(now, self.ends), self.starts)
        self.stopped = True
        return True

    # --- its hands -------------------------------------------------------------------------

    def hand(self, index: int, deal: Deal) -> Hand:
        """The arena's hand number ``index``, drawn with ``deal`` the first time a player
        reaches it (its random source seeded by the arena's seed and the index, so the same
        arena deals the same hands whoever gets there first).  A hand dealt already is drawn
        again (up to :data:`REDRAWS` times): nobody scores one hand twice by pasting their
        answer, nor gets a second go at one they missed."""
        while len(self.hands) <= index:
            at = len(self.hands)
            rng = random.Random(f"{self.seed}:{at}")
            for _ in range(REDRAWS):
                hand = tuple(sorted(deal(rng, level_of(at))))
                if hand not in self.hands:
                    break
            self.hands.append(hand)
        return self.hands[index]

    @property
    def live_hands(self) -> list[Hand]:
        """The hands dealt so far, live while the arena is on (kept from /solve)."""
        return [] if self.ended else list(dict.fromkeys(self.hands))

    # --- its players -----------------------------------------------------------------------

    @property
    def full(self) -> bool:
        """Whether :data:`MAX_PLAYERS` have joined: nobody else may."""
        return len(self.entries) >= MAX_PLAYERS

    def join(self, user_id: int, name: str, now: float) -> bool:
        """``user_id`` joins (before the start or while it is on): False if they had joined
        already, it is over, or it is :attr:`full`."""
        if self.finish(now) or self.ended_at is not None:
            return False
        player = self.entries.get(user_id)
        if player is not None:
            player.name = name
            return False
        if self.full:
            return False
        self.entries[user_id] = Player(name, now)
        return True

    def berserk(self, user_id: int, on: bool) -> bool:
        """``user_id`` plays their next hands berserk (``on``) or not: from the next hand
        dealt to them, never the one they see.  False if they have not joined."""
        player = self.entries.get(user_id)
        if player is None:
            return False
        player.berserk_next = on
        return True

    def current(self, user_id: int, deal: Deal) -> Hand | None:
        """``user_id``'s current hand (drawn if nobody reached it yet); None if they have not
        joined."""
        player = self.entries.get(user_id)
        return None if player is None else self.hand(player.index, deal)

    def show(self, user_id: int, now: float) -> None:
        """``user_id``'s current hand reached them at ``now``: its time starts, once, played
        berserk if they asked for it before."""
        player = self.entries.get(user_id)
        if player is None or player.shown is not None or not self.on(now):
            return
        player.shown = now
        player.berserk = player.berserk_next

    def deadline(self, user_id: int) -> float | None:
        """When ``user_id``'s current hand's time runs out (the arena's end at the latest)."""
        player = self.entries.get(user_id)
        due = None if player is None else player.deadline(self.hand_seconds)
        return None if due is None else min(due, self.ends)

    def _check(self, user_id: int, now: float, index: int | None) -> ArenaOutcome | Player:
        if self.finish(now) or self.ended_at is not None:
            return ArenaOutcome(Refusal.OVER)
        if now < self.starts:
            return ArenaOutcome(Refusal.NOT_STARTED)
        player = self.entries.get(user_id)
        if player is None:
            return ArenaOutcome(Refusal.NOT_JOINED)
        if index is not None and index != player.index:
            return ArenaOutcome(Refusal.STALE)
        if player.shown is None:
            return ArenaOutcome(Refusal.NOT_SHOWN)
        return player

    def _move_on(self, player: Player) -> None:
        player.index += 1
        player.shown = None
        player.berserk = False

    def _miss(self, player: Player) -> None:
        player.streak = 0
        player.missed += 1

    def answer(
        self, user_id: int, text: str, now: float, *, index: int | None = None
    ) -> ArenaOutcome:
        """Judge ``text`` from ``user_id`` at ``now`` against their current hand (``index``:
        the hand they answer, when known)."""
        found = self._check(user_id, now, index)
        if isinstance(found, ArenaOutcome):
            return found
        player = found
        hand = self.hands[player.index]
        verdict = check(text, hand, TARGET)
        due = player.deadline(self.hand_seconds)
        if due is not None and now >= due:
            self._miss(player)
            self._move_on(player)
            return ArenaOutcome(verdict=verdict, miss=True, expired=True, next_hand=True, streak=0)
        seconds = now - (now if player.shown is None else player.shown)
        if not verdict.ok:
            if verdict.code is Code.NO_SOLUTION_WRONG or counts_as_miss(verdict):
                self._miss(player)
                return ArenaOutcome(verdict=verdict, miss=True, berserk=player.berserk)
            return ArenaOutcome(verdict=verdict, streak=player.streak, berserk=player.berserk)
        if too_fast(seconds, floor_of(hand, TARGET)):
            player.too_fast = True
            return ArenaOutcome(
                verdict=verdict, too_fast=True, streak=player.streak, berserk=player.berserk
            )
        berserk = player.berserk
        points = arena_points.points(player.streak, berserk=berserk)
        player.score += points
        player.streak += 1
        player.best_streak = max(player.best_streak, player.streak)
        player.solved += 1
        player.times.append(round(seconds, 2))
        player.berserks += berserk
        player.reached = now
        self._move_on(player)
        return ArenaOutcome(
            verdict=verdict,
            solved=True,
            points=points,
            seconds=seconds,
            streak=player.streak,
            next_hand=True,
            berserk=berserk,
        )

    def skip(self, user_id: int, now: float, *, index: int | None = None) -> ArenaOutcome:
        """``user_id`` skips their hand: the next one comes, the streak ends."""
        found = self._check(user_id, now, index)
        if isinstance(found, ArenaOutcome):
            return found
        found.streak = 0
        found.skipped += 1
        self._move_on(found)
        return ArenaOutcome(next_hand=True)

    def expire(self, user_id: int, index: int, now: float) -> bool:
        """An alarm for ``user_id``'s hand ``index`` rang at ``now``: True if that hand's time
        ran out (a miss; the next hand comes).  A stale or early alarm changes nothing."""
        player = self.entries.get(user_id)
        if player is None or player.index != index or self.finish(now) or self.ended:
            return False
        due = player.deadline(self.hand_seconds)
        if due is None or now < due:
            return False
        self._miss(player)
        self._move_on(player)
        return True

    def resume(self) -> list[int]:
        """After a restart: every player's current hand is to be sent again, its time
        starting anew from that delivery (nobody loses a hand to the bot being down).
        Returns who is to be sent it."""
        if self.ended:
            return []
        for player in self.entries.values():
            player.shown = None
            player.berserk = False
        return list(self.entries)
