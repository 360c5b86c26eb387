"""Days and results shared by the daily rules' tests (``test_daily_*.py``)."""

from __future__ import annotations

import datetime as dt

from bot.rules.daily.puzzle import DailyRecord

D = dt.date(2026, 11, 20)


def day(n: int) -> dt.date:
    return D + dt.timedelta(days=n)


def solved(record: DailyRecord, *days: dt.date) -> None:
    for each in days:
        record.start(each, 0.0)
        record.solve(each, 10.0)
