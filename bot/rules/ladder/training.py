"""A player's training on the ladder in their private chat (the hand on, the hands to
review), the hands the ladder deals (:func:`pool`) and a hand's level learned from play
(:func:`learned_level`).  The rules: docs/design-ladder.md, *The ladder on Telegram*."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.rules.hand_records import hand_key
from bot.rules.hands import HandFacts
from bot.rules.ladder.model import LEVEL_STEP, MODEL, SLOW, prior_of_level
from bot.rules.ladder.puzzle_rating import Hand, Ladder
from bot.rules.rated import LEVELS_4_24
from bot.rules.rounds import Round
from solver.decks import hands

TARGET = 24
STOP_GRACE = 3.0
"""Seconds after a hand reached the player within which ``/train stop`` costs nothing (a
stop typed as the next hand came); later the hand counts as a miss: no dodging a hard one.
A hand so stopped is kept (:attr:`Training.held`) and dealt again by the next ``/train``:
no free reroll."""
REVIEW_DEALT = 10
"""Hands one ``/review`` deals at most."""
LEARNED_RESULTS = 20
"""Counted results a hand needs before its learned rating, not the model, gives its level."""


@functools.cache
def _levels() -> dict[Hand, int]:
    return {
        hand: int(level)
        for hand, level in zip(hands((1, 13), 4), LEVELS_4_24, strict=True)
        if level != "0"
    }


def level_of(hand: Hand) -> int | None:
    """The model's level (1 to 5) of a four-card hand for 24; None for any other."""
    return _levels().get(tuple(sorted(hand)))


def prior_of(hand: Hand, level: int | None = None) -> float:
    """The model's rating of a hand with no results: that of its ``level`` (in the level
    table of its card count and target), by default its four-card level for 24; level 3's
    for a hand of no level."""
    return prior_of_level(level or level_of(hand) or 3)


def rates_player(hand: Hand, target: int) -> bool:
    """Whether an attempt at this hand moves the player's puzzle rating: only four cards
    for 24, the hands the ladder deals (other card counts and targets rate the hand
    alone; docs/design-ladder.md, *Other card counts and targets*)."""
    return len(hand) == 4 and target == TARGET


def learned_level(ladder: Ladder, hand: Hand, target: int, level: int | None) -> int | None:
    """A hand's level (1 to 5) as play rated it once it has :data:`LEARNED_RESULTS` results
    (the model's levels are :data:`~bot.rules.ladder.model.LEVEL_STEP` apart); until then,
    or for a hand of no level, the model's ``level``."""
    rated = ladder.hands.get(hand_key(hand, target))
    if level is None or rated is None or rated.results < LEARNED_RESULTS:
        return level
    return min(5, max(1, round((rated.mu - MODEL.mu) / LEVEL_STEP) + 3))


def learned_levels(
    ladder: Ladder, keys: Iterable[str] | None = None
) -> dict[tuple[int, int], dict[Hand, int]]:
    """The hands of ``keys`` (every rated hand when None) that have a level learned from play
    (:func:`learned_level`), with it, by card count and target: the levels deals follow
    rather than the model's.  A hand of another card count or target was rated only if its
    table gave it a level (a solvable hand), so any level stands for the model's here."""
    found: dict[tuple[int, int], dict[Hand, int]] = {}
    for key in ladder.hands if keys is None else keys:
        rated = ladder.hands.get(key)
        read = key_of(key) if rated is not None and rated.results >= LEARNED_RESULTS else None
        if read is None:
            continue
        hand, target = read
        level = level_of(hand) if rates_player(hand, target) else 3
        if level is not None:
            learned = learned_level(ladder, hand, target, level) or level
            found.setdefault((len(hand), target), {})[hand] = learned
    return found


@functools.cache
def pool() -> tuple[tuple[Hand, float], ...]:
    """Every hand the ladder deals, with its prior: the solvable four-card hands for 24."""
    return tuple((hand, prior_of_level(level)) for hand, level in _levels().items())


def key_of(key: str) -> tuple[Hand, int] | None:
    """The hand (sorted) and target of a key of :func:`~bot.rules.hand_records.hand_key`
    (``1 2 3 4=24``, ``1 2 3 4 5=10``); None for one that does not read."""
    cards, _, target = key.partition("=")
    try:
        hand = tuple(sorted(int(card) for card in cards.split()))
        aim = int(target)
    except ValueError:
        return None
    return (hand, aim) if hand else None


def hand_of_key(key: str) -> Hand | None:
    """The hand of a key of :func:`~bot.rules.hand_records.hand_key` for 24 (``1 2 3 4=24``);
    None for a key of another target or one that does not read."""
    read = key_of(key)
    return read[0] if read is not None and read[1] == TARGET and len(read[0]) == 4 else None


@dataclass(slots=True)
class Training:
    """A private chat's training (:mod:`bot.games.ladder`)."""

    hand: Round | None = None
    """The hand dealt last (live while it is played)."""
    number: int = 0
    """Hands dealt here (each hand's number: a stale alarm changes nothing)."""
    reviewing: bool = False
    """The hand on is dealt for review (it counts for nothing)."""
    review: list[str] = field(default_factory=list)
    """Hand keys still to deal for review, the first next."""
    played: int = 0
    """Hands counted since this training began."""
    began: int = 0
    """The puzzle rating when it began (as shown)."""
    deal_message_id: int | None = None
    """The hand's picture (replies to it are answers)."""
    held: str | None = None
    """The key of a rated hand stopped within :data:`STOP_GRACE`: the next one dealt, its
    clock anew, unless the day's deals no longer hold it."""

    @property
    def live(self) -> bool:
        """Whether a hand is being played."""
        return self.hand is not None and self.hand.live

    def next_round(self, facts: HandFacts, now: float, starter: int, *, review: bool) -> Round:
        """A new hand (its facts worked out), dealt now for ``starter`` with the ladder's
        time (:data:`~bot.rules.ladder.model.SLOW`; its clock starts when it is shown);
        ``review``: dealt for review."""
        self.number += 1
        self.reviewing = review
        level = level_of(facts.hand)
        self.hand = Round.deal(self.number, facts, level, now, SLOW, starter)
        return self.hand


@dataclass(slots=True)
class HeldHand:
    """A hand stopped within :data:`STOP_GRACE` and held for the next ``/train``: live, and
    so kept from its player's /solve and inline mode, while the training holds it (a stop
    is no free look-up of the hand that comes back)."""

    hand: tuple[int, ...]
    training: Training
    peeked: list[int] = field(default_factory=list)

    @property
    def live(self) -> bool:
        """Whether the training still holds the hand."""
        return self.training.held == hand_key(self.hand, TARGET)
