"""The daily puzzle's part of a player's standing: the days they solved it at a person's
pace.  :data:`DAILY_DAYS` of them before a day establish a player on it (the daily
puzzle's way to standing, beside the duels': :mod:`bot.play.standing`), and before a week
make a member's puzzles of that week count for their groups (``/groups top``:
:func:`member_week`).  What it prevents and what it costs a newcomer: docs/fair-play.md,
*Established players*."""

from __future__ import annotations

import datetime as dt

from bot.rules.daily.puzzle import DailyRecord
from bot.rules.seasons.groups import week_of

DAILY_DAYS = 3
"""Days a player solved the daily puzzle (at a person's pace) that make them established."""


def daily_days(record: DailyRecord, before: dt.date) -> int:
    """Days before ``before`` on which ``record``'s player solved the daily puzzle at a
    person's pace (counted up to :data:`DAILY_DAYS`: no more is asked)."""
    first = before.isoformat()
    days = 0
    for key, result in record.results.items():
        days += key < first and not result.too_fast
        if days >= DAILY_DAYS:
            break
    return days


def established_by_days(record: DailyRecord, day: dt.date) -> bool:
    """Whether ``record``'s player is established on ``day`` by the daily puzzle: solved at
    a person's pace on :data:`DAILY_DAYS` days before it."""
    return daily_days(record, day) >= DAILY_DAYS


def member_week(record: DailyRecord, today: dt.date) -> int:
    """Daily puzzles a member solved in the week of ``today`` (live, at a person's pace)
    that count for their groups: none until they solved :data:`DAILY_DAYS` days before
    that week."""
    monday = dt.date.fromisoformat(week_of(today))
    return record.week(today)[0] if established_by_days(record, monday) else 0
