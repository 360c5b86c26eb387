"""/remind: a private reminder, at the player's time in their time zone, on a day the
puzzle is not yet solved."""

from __future__ import annotations

import functools
import logging
from zoneinfo import ZoneInfo

from telegram.constants import ChatType
from telegram.error import Forbidden
from telegram.ext import Application

from bot.context import BotContext, services, settings_of
from bot.games.daily.attempt import _record
from bot.games.daily.parts import DAILY_RECORD
from bot.games.daily.times import time_and_zone
from bot.i18n import time_text
from bot.rules.daily.puzzle import (
    DailyRecord,
    find_zone,
    next_puzzle_at,
    post_time,
    until_next,
)
from bot.services.outbox import spread_second
from bot.texts import duration_text
from bot.typed_handlers import (
    HandlerContext,
    JobContext,
    MessageUpdate,
)
from solver import daily_number

DAILY_REMINDER = "daily-reminder"
"""A player's daily reminder of the puzzle, in the private chat."""

logger = logging.getLogger(__name__)


async def remind_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/remind 20:00 [Asia/Shanghai], /remind off: a private reminder on a day the puzzle is
    not yet solved; /remind alone says which is set."""
    _ = context._
    if update.effective_chat.type != ChatType.PRIVATE:
        context.reply(update, _("Reminders come in private: send me /remind 20:00 there."))
        return
    record = _record(context)
    args = context.args or []
    user_id = update.effective_user.id
    if len(args) == 1 and args[0].lower() == "off":
        record.remind_at = record.remind_zone = None
        context.bot_data.timers.cancel(user_id, DAILY_REMINDER)
        context.reply(update, _("No more reminders."))
        return
    usage = _(
        "Use /remind 20:00 (24-hour time), optionally with a time zone: "
        "/remind 20:00 Asia/Shanghai; /remind off."
    )
    if not args:
        context.reply(update, reminder_set(context, record) + "\n" + usage)
        return
    given = time_and_zone(update, context, args, usage, "/remind 20:00")
    if given is None:
        return
    at, zone = given
    if zone is not None:
        record.remind_zone = zone.key
    # Without a zone, the one the player gave before (if any) stays.
    record.remind_at = at.strftime("%H:%M")
    schedule_reminder(context.application, user_id, record)
    context.reply(update, reminder_set(context, record))


def reminder_zone(context: BotContext, record: DailyRecord) -> ZoneInfo:
    """The time zone of a player's reminder: theirs, or the bot's (also for a zone the
    time zone database no longer has)."""
    zone = find_zone(record.remind_zone) if record.remind_zone else None
    return zone or context.bot_data.settings.timezone


def reminder_set(context: BotContext, record: DailyRecord) -> str:
    """Which reminder a player has, and when the puzzle changes in its time zone."""
    _ = context._
    if record.remind_at is None:
        return _("You have no reminder.")
    zone = reminder_zone(context, record)
    change = next_puzzle_at(context.bot_data.local_now()).astimezone(zone)
    return _(
        "I will remind you at {time} ({zone}) on days you have not solved the puzzle yet. "
        "A new puzzle comes at {change} your time."
    ).format(
        time=time_text(post_time(record.remind_at), context.language),
        zone=zone.key,
        change=time_text(change, context.language),
    )


def schedule_reminder(application: Application, user_id: int, record: DailyRecord) -> None:
    """The player's daily reminder job (replacing an earlier one)."""
    timers = services(application).timers
    timers.cancel(user_id, DAILY_REMINDER)
    if record.remind_at is None:
        return
    zone = find_zone(record.remind_zone) if record.remind_zone else None
    zone = zone or settings_of(application).timezone
    at = post_time(record.remind_at).replace(second=spread_second(user_id), tzinfo=zone)
    timers.run_daily(send_reminder, at, chat_id=user_id, kind=DAILY_REMINDER)


def reminder_text(context: BotContext, record: DailyRecord) -> str:
    """A reminder of today's puzzle: how long is left, and when that is in the player's
    time zone (the puzzle changes at midnight in the bot's, which may not be theirs)."""
    _ = context._
    now = context.bot_data.local_now()
    today = now.date()
    streak = record.streak_on(today)
    change = next_puzzle_at(now)
    facts = {
        "number": daily_number(today),
        "streak": streak.current,
        "left": duration_text(context, until_next(now)),  # real time, across a DST change
        "time": time_text(change.astimezone(reminder_zone(context, record)), context.language),
    }
    if not streak.current:
        text = _("⏰ Daily #{number} is waiting, for {left} more (until {time} your time): /daily")
    elif streak.freezes:
        text = _(
            "⏰ Daily #{number} is waiting: solve it within {left} (by {time} your time), "
            "or a streak freeze 🧊 is used to keep your 🔥{streak} streak. /daily"
        )
    else:
        text = _(
            "⏰ Daily #{number} is waiting: your 🔥{streak} streak ends in {left}, "
            "at {time} your time. /daily"
        )
    return text.format(**facts)


async def send_reminder(context: JobContext[None]) -> None:
    """Job: remind a player of today's puzzle, unless solved or reminded today already."""
    user_id = context.job.chat_id
    user_data = context.application.user_data.get(user_id)
    today = context.today()
    if user_data is None or not DAILY_RECORD.get(user_data).reminder_due(today):
        return
    record = DAILY_RECORD.get(user_data)
    record.reminded = today.isoformat()
    application = context.application
    # A job's update of the data is saved for its chat only: this is the user's.
    application.mark_data_for_update_persistence(user_ids=user_id)
    text = reminder_text(context, record)

    def failed(error: Exception) -> None:
        if isinstance(error, Forbidden):
            # The player blocked the bot: the reminder is forgotten, also after a restart.
            logger.info("User %s unreachable; their daily reminder ends", user_id)
            record.remind_at = record.remind_zone = None
            services(application).timers.cancel(user_id, DAILY_REMINDER)
            application.mark_data_for_update_persistence(user_ids=user_id)

    reminder = functools.partial(context.bot.send_message, user_id, text)
    context.post(user_id, reminder, game=True, on_failed=failed, bulk=True)


def restore_reminders(application: Application) -> int:
    """After a restart, schedule every saved reminder again; returns how many."""
    count = 0
    for user_id, data in application.user_data.items():
        record = DAILY_RECORD.of(data)
        if record is not None and record.remind_at:
            schedule_reminder(application, user_id, record)
            count += 1
    return count
