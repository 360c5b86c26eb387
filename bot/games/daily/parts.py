"""The daily puzzle's parts: in a chat, its post (a group's) or its picture (a private
chat's), its subscription; a player's puzzles (the rules'
:class:`~bot.rules.daily.puzzle.DailyRecord`: attempts, results, streaks, reminders); and
how the other games and the features read them (:data:`DAYS`, :func:`zone`,
:func:`established`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.context import BotContext
from bot.play.registry import PuzzleDays
from bot.rules.daily.attempts import unplayed_days
from bot.rules.daily.established import established_by_days
from bot.rules.daily.puzzle import DailyRecord
from bot.state import ChatData, ChatPart, UserData, UserPart

ANSWERS_TO = "daily"
"""In a private chat, the chat's ``answers_to`` while an attempt at a day's puzzle is open
there (its plain answers are the attempt's): the word records have always held
(:attr:`bot.plug_ins.GameOf.answers_to`)."""


@dataclass(slots=True)
class DailyChat:
    """The daily puzzle in a chat."""

    message_id: int | None = None
    """The picture of today's puzzle in this private chat (replies to it are answers), or in
    a group its last post there (replies to it are answers sent to private)."""
    subscription: str | None = None
    """``HH:MM`` at which the daily puzzle is posted here, if subscribed, in
    :attr:`subscription_zone`."""
    done: dt.date | None = None
    """The last day whose post is done here: posted, or subscribed after its time."""
    previous_message_id: int | None = None
    """The picture before ``message_id`` (replies to it are answers too: after midnight,
    yesterday's puzzle may still be open)."""
    day: dt.date | None = None
    """In a group, the day whose puzzle ``message_id`` shows (None in records of earlier
    releases: taken to be today's)."""
    previous_day: dt.date | None = None
    """In a group, the day whose puzzle ``previous_message_id`` shows (None in records of
    earlier releases: taken to be yesterday's)."""
    told: list[int] = field(default_factory=list, metadata={"saved": False})
    """In a group, the players sent to private since its last post (most recent last): a
    player who keeps replying with answers is told once, not the whole group each time (not
    saved: after a restart each is told once more, at most)."""
    subscription_zone: str | None = None
    """The time zone of :attr:`subscription` (an IANA name, as /subscribe was given it);
    None: the bot's (``TWENTYFOUR_TIMEZONE``)."""


DAILY_CHAT = ChatPart("daily", DailyChat)
"""A chat's part: the daily puzzle there (none until it was posted or opened there)."""
DAILY_RECORD = UserPart("daily", DailyRecord)
"""A user's part: their daily puzzles (none until their first attempt)."""


def record_of(user: UserData) -> DailyRecord:
    """The user's daily puzzles, as read (none yet: a record as new, not kept)."""
    record = DAILY_RECORD.of(user)
    return DailyRecord() if record is None else record


def _result(user: UserData, day: dt.date) -> float | None:
    result = record_of(user).result(day)
    return None if result is None else result.seconds


DAYS = PuzzleDays(
    result=_result,
    given_up=lambda user, day: day.isoformat() in record_of(user).gave_up,
    unplayed=lambda user, now: unplayed_days(None if user is None else record_of(user), now),
    running=lambda user: record_of(user).running(),
)
"""A player's daily puzzles, as the other games and the features ask them."""


def zone(chat: ChatData) -> str | None:
    """The time zone the chat's daily subscription is in (/subscribe's), if any."""
    daily = DAILY_CHAT.of(chat)
    return None if daily is None else daily.subscription_zone


def established(context: BotContext, player: int, day: dt.date) -> bool:
    """Whether the daily puzzle establishes ``player`` on ``day``: solved at a person's pace
    on enough days before it (``Game.establishes``: :mod:`bot.play.standing`)."""
    users = context.application.user_data
    return player in users and established_by_days(record_of(users[player]), day)
