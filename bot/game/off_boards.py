"""Players the host took off every board (``/admin fairplay``), and the week's fastest
results the host looks through to decide.

A board, a rating table or a hand's record leaves its chat: a run or a time set with a
script or a second account would stand on it for everyone.  The bot's rules refuse what
they can tell (:mod:`bot.game.hand_records`, :mod:`bot.game.rush_records`); the host can
take off the rest.  A player taken off keeps everything in their own history (their runs,
rating and duels, marked as off the boards) and stands on no board again: the Rush boards
everywhere and in groups, ``/rating top`` and the hands' records (the records they held are
cleared, and their solves set none).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.game.duel_lobby import PastDuel
from bot.game.hand_records import HandRecords
from bot.game.rush_records import BoardEntry, RushBoard, week_start

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


def fastest_runs(board: RushBoard, today: dt.date) -> list[BoardEntry]:
    """The week's best Rush runs everywhere, best first."""
    return board.this_week(today)[:LISTED]


def fastest_duels(history: list[PastDuel], week_began: float) -> list[PastDuel]:
    """The duels finished since ``week_began`` (a time on the bot's clock) with a hand won,
    the one with the fastest won hand first."""

    def fastest(duel: PastDuel) -> float:
        return min(hand.seconds for hand in duel.hands if hand.winner is not None)

    won = [d for d in history if d.ended >= week_began and any(h.winner for h in d.hands)]
    return sorted(won, key=fastest)[:LISTED]


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
