"""Each hand's record across the bot: how often it was solved, and the fastest solve, keyed by
the cards as a multiset and the target; the holder kept as a user id.  What counts and what
sets a record: docs/design-games.md, *Duels and ratings: the rules*, and docs/games.md,
*Ratings and each hand's record: what players see*."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.pace import FLOOR, floor_of, too_fast

HANDS_KEPT = 20_000
"""The most hands whose records are kept."""


SOURCES: dict[str, bool] = {}
"""The solves that count for a hand's record, by their source's name (a game's, saved with
the record), and whether the source bars the record (its cards are seen before a clock
starts): filled by the games' declarations (:func:`declare_source`, in each game's rules
module, which its package imports: ``bot.games`` imports every game's; a pure-rules test
imports the game's rules module it needs)."""


def declare_source(name: str, *, barred: bool = False) -> str:
    """Declares a game's solves as counting for a hand's record (seen, and the record unless
    ``barred``: then the bar's reason is ``name``, which the game's
    ``bot.play.registry.Game.unrecorded`` words); the name, as saved."""
    SOURCES[name] = barred
    return name


def hand_key(hand: tuple[int, ...], target: int) -> str:
    """The key of a hand and target: its cards in order, then the target (``3 3 8 8=24``)."""
    return " ".join(map(str, sorted(hand))) + f"={target}"


@dataclass(slots=True)
class HandRecord:
    """One hand's record: times solved, the best time and who holds it."""

    seen: int = 0
    best: float | None = None
    holder: int | None = None
    source: str | None = None
    """Where the record was set (a declared source's name: :data:`SOURCES`)."""
    day: dt.date | None = None
    """The day it was set, as the caller counts days (None in records of earlier releases)."""


class Barred(StrEnum):
    """Why a solve fast enough for the record did not take it (see the rules above), but a
    source's own bar (a declared source's name: :func:`declare_source`)."""

    HELPED = "helped"
    TOO_FAST = "too_fast"
    STEADY = "steady"


@dataclass(frozen=True, slots=True)
class Noted:
    """What a solve found and did: the record as it stood before, whether this solve set a
    new one, and why not when it was fast enough to (None: it set one, or was slower)."""

    before: HandRecord
    new_record: bool
    barred: str | None = None
    """A :class:`Barred`, or a barring source's name."""
    floor: float = FLOOR
    """The hand's floor of a person's pace (:func:`bot.rules.pace.floor_of`)."""


@dataclass(slots=True)
class HandRecords:
    """The records of every hand played, by :func:`hand_key`."""

    hands: dict[str, HandRecord] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list, metadata={"saved": False})
    """Keys dropped to make room and not yet taken by :meth:`take_dropped` (not saved)."""

    def get(self, hand: tuple[int, ...], target: int) -> HandRecord:
        """The hand's record (an empty one, not stored, if it was never solved)."""
        found = self.hands.get(hand_key(hand, target))
        return HandRecord() if found is None else _copy(found)

    def note(
        self,
        hand: tuple[int, ...],
        target: int,
        user_id: int,
        seconds: float,
        source: str,
        *,
        helped: bool = False,
        given: bool = False,
        off_boards: bool = False,
        steady: bool = False,
        day: dt.date | None = None,
    ) -> Noted:
        """Count a solve of ``hand`` by ``user_id`` in ``seconds``, from ``source`` (a
        :class:`ValueError` for anything but a declared source, before anything changes)
        on ``day``; ``helped``: after a hint, ``given``: its solutions were given to someone
        while it was live, ``off_boards``: by a player kept off the boards (seen, no record
        in each case), ``steady``: by a player whose last answers are at a script's steady
        pace (:func:`bot.rules.pace.scripted`; no record, and told why)."""
        if source not in SOURCES:
            raise ValueError(f"not a declared source of a hand's record: {source!r}")
        key = hand_key(hand, target)
        record = self.hands.get(key)
        if record is None:
            self._make_room()
            record = self.hands[key] = HandRecord()
        before = _copy(record)
        record.seen += 1
        faster = record.best is None or seconds < record.best
        barred = (
            _barred(source, seconds, helped, floor_of(hand, target), steady) if faster else None
        )
        # (Kept off the boards, or given its solutions: no record, and no reason told.)
        new_record = faster and barred is None and not given and not off_boards
        if new_record:
            record.best, record.holder, record.source = seconds, user_id, source
            record.day = day
        return Noted(before, new_record, barred, floor_of(hand, target))

    def remove_holder(self, user_id: int) -> list[str]:
        """Clear the records ``user_id`` holds (the times seen stay); their keys."""
        cleared = []
        for key, record in self.hands.items():
            if record.holder == user_id:
                record.best = record.holder = record.source = record.day = None
                cleared.append(key)
        return cleared

    def take_dropped(self) -> list[str]:
        """The keys dropped since the last call (their saved rows are to be deleted)."""
        dropped, self.dropped = self.dropped, []
        return dropped

    def _make_room(self) -> None:
        if len(self.hands) < HANDS_KEPT:
            return
        least = min(self.hands, key=lambda key: self.hands[key].seen)
        del self.hands[least]
        self.dropped.append(least)


def _barred(
    source: str, seconds: float, helped: bool, floor: float, steady: bool = False
) -> str | None:
    """Why a solve may not take the record (its cards seen before the clock, a hint, a time
    no person makes, a player at a script's steady pace), or None."""
    if SOURCES[source]:
        return source
    if helped:
        return Barred.HELPED
    if too_fast(seconds, floor):
        return Barred.TOO_FAST
    if steady:
        return Barred.STEADY
    return None


def _copy(record: HandRecord) -> HandRecord:
    return HandRecord(record.seen, record.best, record.holder, record.source, record.day)
