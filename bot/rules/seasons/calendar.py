"""A season is a calendar month in the bot's time zone, named ``2026-11``.

The caller gives the moment (the bot's local time, or its local day): the rules read no
clock of their own, so tests set any.
"""

from __future__ import annotations

import datetime as dt
import re

_NAME = re.compile(r"(\d{4})[-/.](\d{1,2})")
_NAME_MONTH_FIRST = re.compile(r"(\d{1,2})[-/.](\d{4})")


def season_of(day: dt.date) -> str:
    """The season of a local day (or a local datetime): ``2026-11``."""
    return f"{day.year:04d}-{day.month:02d}"


def parse_season(text: str) -> str | None:
    """A season as people type it (``2026-11``, ``2026/11``, ``11/2026``), or None."""
    text = text.strip()
    found = _NAME.fullmatch(text)
    year, month = (found[1], found[2]) if found else (None, None)
    if found is None and (other := _NAME_MONTH_FIRST.fullmatch(text)) is not None:
        month, year = other[1], other[2]
    if year is None or month is None or not 1 <= int(month) <= 12 or int(year) < 2000:
        return None
    return f"{int(year):04d}-{int(month):02d}"


def following(season: str) -> str:
    """The season after ``season``."""
    year, month = (int(part) for part in season.split("-"))
    return f"{year + month // 12:04d}-{month % 12 + 1:02d}"


def start_of(season: str, zone: dt.tzinfo) -> dt.datetime:
    """The moment ``season`` starts: its first day's midnight in ``zone``."""
    year, month = (int(part) for part in season.split("-"))
    return dt.datetime(year, month, 1, tzinfo=zone)


def end_of(season: str, zone: dt.tzinfo) -> dt.datetime:
    """The moment ``season`` ends (the next one's start)."""
    return start_of(following(season), zone)
