"""Players and runs the host took off every board (``/admin fairplay``), the removals that can
be put back, and the week's fastest hands' records the host looks through (a game's own
results and runs are its rules', reached through ``bot.play.registry.Game.review`` and
``runs``; docs/operating.md, *The owner's commands*; docs/fair-play.md)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from bot.rules.hand_records import HandRecord, HandRecords
from bot.rules.weeks import week_start

LISTED = 10
"""Results of each kind the host's review lists."""


@dataclass(slots=True)
class OffBoards:
    """The players taken off every board, with when (on the bot's clock)."""

    players: dict[int, float] = field(default_factory=dict)

    def __contains__(self, user_id: object) -> bool:
        return user_id in self.players

    def add(self, user_id: int, now: float) -> bool:
        """Take ``user_id`` off the boards from ``now``; False if they were already."""
        if user_id in self.players:
            return False
        self.players[user_id] = now
        return True

    def discard(self, user_id: int) -> None:
        """Put ``user_id`` back on the boards (an undone removal)."""
        self.players.pop(user_id, None)


@dataclass(slots=True)
class Removal:
    """What one removal took off, to put back if the host undoes it."""

    user_id: int
    all_time: list[Any] = field(default_factory=list)
    week: list[Any] = field(default_factory=list)
    """The runs it took off a game's boards (all time's, this week's), as that game's rules
    keep them (``bot.play.registry.Game.runs``)."""
    records: dict[str, HandRecord] = field(default_factory=dict)
    """The hands' records it cleared, as they were."""
    player: bool = False
    """It took the player off every board (not only runs)."""


def take_records(records: HandRecords, removal: Removal) -> list[str]:
    """Clear the hands' records the removal's player holds, kept in it; their keys."""
    for key, record in records.hands.items():
        if record.holder == removal.user_id:
            removal.records[key] = dataclasses.replace(record)
    return records.remove_holder(removal.user_id)


def put_records_back(records: HandRecords, removal: Removal) -> list[str]:
    """The hands' records a removal cleared come back unless someone set one since; the
    keys of the records put back."""
    back = []
    for key, record in removal.records.items():
        now = records.hands.get(key)
        if now is not None and now.holder is None:
            now.best, now.holder, now.source, now.day = (
                record.best,
                record.holder,
                record.source,
                record.day,
            )
            back.append(key)
    return back


def fastest_records(records: HandRecords, today: dt.date) -> list[tuple[str, float, int]]:
    """The hands' records set this week (a week as :func:`week_start` counts it): (hand,
    time, holder), the fastest first."""
    monday = week_start(today)
    found = [
        (key, record.best, record.holder)
        for key, record in records.hands.items()
        if record.day is not None
        and week_start(record.day) == monday
        and record.best is not None
        and record.holder is not None
    ]
    return sorted(found, key=lambda row: row[1])[:LISTED]
