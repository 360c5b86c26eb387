"""What ``/arena`` is asked: ``/arena [minutes]`` (an arena now), ``/arena at HH:MM
[daily|weekly] [minutes]`` (one to come), ``/arena stop``, ``/arena unschedule``.

Anything else is refused with what was wrong (:class:`Unreadable`), never guessed: a typo
must not start an hour-long arena in a group.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.rules.arena.schedule import Repeat
from bot.rules.arena.tournament import DEFAULT_MINUTES, MAX_MINUTES, MIN_MINUTES

WORDS_STOP = frozenset({"stop", "停止", "停"})
WORDS_AT = frozenset({"at", "在"})
WORDS_UNSCHEDULE = frozenset({"unschedule", "cancel", "取消"})
REPEATS = {
    "daily": Repeat.DAILY,
    "weekly": Repeat.WEEKLY,
    "每天": Repeat.DAILY,
    "每周": Repeat.WEEKLY,
}


class Unreadable(StrEnum):
    """Why an ``/arena`` request could not be read."""

    MINUTES = "minutes"
    """A length that is no whole number, or out of 3 to 60."""
    TIME = "time"
    """``at`` without a time of day ``HH:MM``."""
    WORD = "word"
    """A word that is none of the command's."""


@dataclass(frozen=True, slots=True)
class Now:
    minutes: int = DEFAULT_MINUTES


@dataclass(frozen=True, slots=True)
class At:
    at: dt.time
    repeat: Repeat
    minutes: int = DEFAULT_MINUTES


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class Unschedule:
    pass


Request = Now | At | Stop | Unschedule | Unreadable


def _minutes(text: str) -> int | None:
    if not text.isdecimal() or len(text) > 3:
        return None
    minutes = int(text)
    return minutes if MIN_MINUTES <= minutes <= MAX_MINUTES else None


def _time(text: str) -> dt.time | None:
    hour, sep, minute = text.partition(":")
    if not sep or not (hour.isdecimal() and minute.isdecimal()) or len(minute) != 2:
        return None
    if len(hour) > 2 or int(hour) > 23 or int(minute) > 59:
        return None
    return dt.time(int(hour), int(minute))


def read(args: Sequence[str]) -> Request:
    """The request ``/arena`` was given with these words."""
    words = [word.lower() for word in args]
    if not words:
        return Now()
    if words[0] in WORDS_STOP and len(words) == 1:
        return Stop()
    if words[0] in WORDS_UNSCHEDULE and len(words) == 1:
        return Unschedule()
    if words[0] in WORDS_AT:
        at = _time(words[1]) if len(words) > 1 else None
        if at is None:
            return Unreadable.TIME
        repeat, minutes = Repeat.ONCE, DEFAULT_MINUTES
        for word in words[2:]:
            if word in REPEATS and repeat is Repeat.ONCE:
                repeat = REPEATS[word]
            elif word.isdecimal():
                found = _minutes(word)
                if found is None:
                    return Unreadable.MINUTES
                minutes = found
            else:
                return Unreadable.WORD
        return At(at, repeat, minutes)
    if len(words) == 1 and words[0].isdecimal():
        found = _minutes(words[0])
        return Unreadable.MINUTES if found is None else Now(found)
    if len(words) == 1 and words[0][:1].isdigit():
        return Unreadable.MINUTES
    return Unreadable.WORD
