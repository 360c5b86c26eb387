"""Arenas a group holds at a local time of day, once, daily or weekly, in the group's time zone,
each announced :data:`ANNOUNCE_BEFORE` before it starts (docs/design-games.md, *Arenas*)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from zoneinfo import ZoneInfo

ANNOUNCE_BEFORE = dt.timedelta(minutes=5)


class Repeat(StrEnum):
    ONCE = "once"
    DAILY = "daily"
    WEEKLY = "weekly"


@dataclass(frozen=True, slots=True)
class Schedule:
    """A group's arena to come: its time of day, how often, its zone and length."""

    at: dt.time
    repeat: Repeat
    zone: str
    minutes: int
    weekday: int | None = None
    """The day of the week a weekly arena is held (Monday 0), set when it is scheduled."""

    def next_start(self, now: dt.datetime) -> dt.datetime:
        """The first start after ``now`` (aware), in the schedule's zone."""
        zone = ZoneInfo(self.zone)
        local = now.astimezone(zone)
        day = local.date()
        while True:
            due = dt.datetime.combine(day, self.at, zone)
            if due > local and (
                self.repeat is not Repeat.WEEKLY
                or self.weekday is None
                or due.weekday() == self.weekday
            ):
                return due
            day += dt.timedelta(days=1)

    def announce_at(self, start: dt.datetime) -> dt.datetime:
        """When the arena starting at ``start`` is announced."""
        return start - ANNOUNCE_BEFORE

    def fixed(self, now: dt.datetime) -> Schedule:
        """This schedule with its weekday set from its first start after ``now`` (weekly)."""
        if self.repeat is not Repeat.WEEKLY or self.weekday is not None:
            return self
        first = self.next_start(now)
        return Schedule(self.at, self.repeat, self.zone, self.minutes, first.weekday())

    def after(self, start: dt.datetime) -> Schedule | None:
        """What stays scheduled once the arena of ``start`` has been announced: the same
        (daily, weekly), or nothing (once)."""
        return None if self.repeat is Repeat.ONCE else self
