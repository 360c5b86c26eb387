"""The daily puzzle's days and times: when the next puzzle comes, a player's time zone, a
solve time as text, the day a player asks the archive for, a daily post's time of day."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.rules.durations import clock_text as clock_text  # (re-exported)
from solver import daily_number


def next_puzzle_at(now: dt.datetime) -> dt.datetime:
    """When the next puzzle comes, after ``now`` (aware, in the daily puzzle's time zone):
    the next midnight there (``astimezone`` gives it in a player's zone)."""
    return dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(), now.tzinfo)


def until_next(now: dt.datetime) -> dt.timedelta:
    """The time from ``now`` (aware, in the daily puzzle's time zone) to the next puzzle, at
    the next midnight there (real time: a change of the clocks in between counts)."""
    return dt.timedelta(seconds=next_puzzle_at(now).timestamp() - now.timestamp())


def find_zone(name: str) -> ZoneInfo | None:
    """The IANA time zone a player names, in any case (``asia/shanghai``, ``utc``); None if
    there is none of that name."""
    title = "/".join(
        "_".join(word.capitalize() for word in part.split("_")) for part in name.split("/")
    )
    for key in dict.fromkeys((name, name.upper(), title)):
        try:
            return ZoneInfo(key)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            # Not a zone; or not a key at all (an absolute path, "..", a NUL, a tzdata file
            # that is no zone): the same to the player.
            continue
    return None


class NotInArchive(ValueError):
    """Why a day asked of the archive is not there: its :attr:`why` is ``unreadable`` (no
    day nor number), ``to_come`` (after today) or ``before_first`` (before Daily #1)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def past_day(text: str, today: dt.date) -> dt.date:
    """The day a player asks the archive for: ``2026-11-01`` or ``#300``, today at the
    latest; :class:`NotInArchive` for anything else (a number of any size included)."""
    if text.startswith("#"):
        try:
            number = int(text[1:])
        except ValueError:  # not a number, or one of more than 4,300 digits
            raise NotInArchive("unreadable") from None
        if number > daily_number(today):  # checked first: a date has at most 9,999 years
            raise NotInArchive("to_come")
        if number < 1:
            raise NotInArchive("before_first")
        return today - dt.timedelta(days=daily_number(today) - number)
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise NotInArchive("unreadable") from None
    if day > today:
        raise NotInArchive("to_come")
    if daily_number(day) < 1:
        raise NotInArchive("before_first")
    return day


def last_post_at(now: dt.datetime, at: dt.time, zone: ZoneInfo) -> dt.datetime:
    """The latest moment, up to ``now`` (aware), that is ``at`` o'clock in ``zone``: when a
    daily post due every day at that time was last due."""
    local = now.astimezone(zone)
    due = dt.datetime.combine(local.date(), at, zone)
    if due > local:
        due = dt.datetime.combine(local.date() - dt.timedelta(days=1), at, zone)
    return due


def post_time(text: str) -> dt.time:
    """A daily post's time of day from ``HH:MM`` (24-hour; ``9:00`` too); raises
    ``ValueError`` for anything else."""
    hour, minute = (int(part) for part in text.split(":"))
    return dt.time.fromisoformat(f"{hour:02d}:{minute:02d}")  # 10**20:00 too is a ValueError
