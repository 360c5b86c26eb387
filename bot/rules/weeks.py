"""The week the boards count: from a Monday (UTC dates)."""

from __future__ import annotations

import datetime as dt


def week_start(day: dt.date) -> dt.date:
    """The Monday that starts the week of ``day`` (a UTC date)."""
    return day - dt.timedelta(days=day.weekday())
