"""When a daily attempt closes (its day's end plus :data:`GRACE`), and giving one up
(docs/fair-play.md, *Spoilers, votes and the daily*: "A daily attempt closes")."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.rules.daily.puzzle import DailyRecord

GRACE = dt.timedelta(minutes=5)
"""How long after its day's end a live attempt still takes answers."""


def closes_at(day: dt.date, zone: dt.tzinfo | None) -> dt.datetime:
    """When live attempts at ``day``'s puzzle close: the next midnight in ``zone``, plus
    :data:`GRACE`."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), zone) + GRACE


def closed(day: dt.date, now: dt.datetime) -> bool:
    """Whether live attempts at ``day``'s puzzle are closed at ``now`` (aware, in the daily
    puzzle's time zone; compared in real time, across a change of the clocks)."""
    return now.timestamp() >= closes_at(day, now.tzinfo).timestamp()


def closed_attempt(record: DailyRecord, now: dt.datetime) -> dt.date | None:
    """The day of the player's live attempt if its clock runs but it has closed (None: no
    live attempt, or it is still open)."""
    day = record.running()
    if day is None or record.replaying or not closed(day, now):
        return None
    return day


def still_open(record: DailyRecord, now: dt.datetime) -> dt.date | None:
    """Yesterday, while its attempt still takes answers beside today's (see
    :meth:`DailyRecord.still_open`): until :data:`GRACE` after midnight, and unless it was
    given up."""
    day = record.still_open(now.date())
    if day is None or closed(day, now) or day.isoformat() in record.gave_up:
        return None
    return day


def may_answer(record: DailyRecord, day: dt.date, now: dt.datetime) -> bool:
    """Whether an answer to ``day``'s puzzle may count for the player now: its clock was
    started, it is not given up, and it is the live attempt still open, or yesterday's
    still open beside it (a result for any day once opened would fill the gaps of a
    broken streak)."""
    key = day.isoformat()
    if key not in record.started or key in record.gave_up or day > now.date():
        return False
    if record.attempt == key and not record.replaying:
        return not closed(day, now)
    return day == still_open(record, now)


def unspoiled_days(record: DailyRecord | None, now: dt.datetime) -> list[dt.date]:
    """The days whose puzzle a player may still score, newest first: today's unless solved
    or given up, and yesterday's while its attempt is open (see :func:`may_answer`).
    Their solutions are kept from the player, and so are those of numbers sharing three
    cards with them (:func:`bot.rules.spoilers.shares`)."""
    today = now.date()
    if record is None:
        return [today]
    days = []
    if record.result(today) is None and today.isoformat() not in record.gave_up:
        days.append(today)
    yesterday = today - dt.timedelta(days=1)
    if record.result(yesterday) is None and may_answer(record, yesterday, now):
        days.append(yesterday)
    return days


def unplayed_days(record: DailyRecord | None, now: dt.datetime) -> list[dt.date]:
    """The days whose puzzle a player has yet to play and may still score: those of
    :func:`unspoiled_days`, and tomorrow's (nobody has played it yet: a hand shown just
    before midnight would hand over its answer)."""
    return [*unspoiled_days(record, now), now.date() + dt.timedelta(days=1)]


def open_to_anyone(now: dt.datetime) -> list[dt.date]:
    """The days whose puzzle someone may still be solving live: today's, and yesterday's
    until its attempts close."""
    yesterday = now.date() - dt.timedelta(days=1)
    return [now.date()] + ([] if closed(yesterday, now) else [yesterday])


def kept_from_deals(now: dt.datetime) -> list[dt.date]:
    """The days three of whose puzzle's cards no game deals (it prevents spoilers of the
    daily puzzle and fake fast daily times): yesterday's, open to some players just after
    midnight; today's; and tomorrow's, as a round or a Rush run dealt just before midnight
    ends after it."""
    today = now.date()
    return [today + dt.timedelta(days=shift) for shift in (-1, 0, 1)]


@dataclass(frozen=True)
class GivenUp:
    """An attempt given up: its day, and whether it was a past puzzle from the archive."""

    day: dt.date
    replay: bool


def give_up(record: DailyRecord, now: dt.datetime) -> GivenUp | None:
    """Give up the player's running attempt (None: none runs, or it has closed).  A live
    day given up is missed: it takes no answer and is not opened again."""
    day = record.running()
    if day is None:
        return None
    replay = record.replaying
    if not replay:
        if closed(day, now):
            return None
        record.gave_up.append(day.isoformat())
    record.attempt, record.replaying = None, False
    return GivenUp(day, replay)


def take_up_today(record: DailyRecord, now: dt.datetime) -> dt.date | None:
    """After a puzzle from the archive ends (solved or given up), today's live attempt that
    it set aside becomes the attempt again, its clock running on from its first start (it
    never paused: no fast time is made of it); None when there is none to take up (another
    attempt runs, today's clock never started, or it is solved or given up)."""
    today = now.date()
    key = today.isoformat()
    if record.running() is not None or key not in record.started:
        return None
    if key in record.results or key in record.gave_up:
        return None
    record.attempt, record.replaying = key, False
    return today


def first_day(record: DailyRecord) -> dt.date | None:
    """The first day the player opened a live puzzle (None: never): the days before it were
    not theirs to miss (the archive calls them "not played")."""
    days = [*record.started, *record.results, *record.gave_up]
    return dt.date.fromisoformat(min(days)) if days else None
