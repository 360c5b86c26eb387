"""/subscribe and /unsubscribe: a chat's daily post of the puzzle, with yesterday's
solutions and how the chat did."""

from __future__ import annotations

import datetime as dt
import html
import logging
from zoneinfo import ZoneInfo

from telegram.error import Forbidden
from telegram.ext import Application

from bot.context import local_now, services, settings_of
from bot.games.daily.attempt import puzzle_of
from bot.games.daily.group import _members_results, show_in_group
from bot.games.daily.parts import DAILY_CHAT, DailyChat
from bot.games.daily.times import time_and_zone
from bot.games.daily.words import subscription_text
from bot.i18n import time_text
from bot.play.admins import is_admin
from bot.rules.daily.attempts import closed, closes_at
from bot.rules.daily.puzzle import find_zone, last_post_at, post_time
from bot.rules.spoilers import shares
from bot.services.outbox import BulkNotSent, spread_second
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.typed_handlers import (
    HandlerContext,
    JobContext,
    MessageUpdate,
)
from solver import daily as day_puzzle
from solver import daily_number

DAILY_POST = "daily"
"""The daily puzzle's post in a subscribed chat."""

logger = logging.getLogger(__name__)


def subscription_zone(application: Application, chat: DailyChat) -> ZoneInfo:
    """The time zone of a chat's daily post: the one /subscribe was given, else the bot's
    (also for a zone the time zone database no longer has)."""
    zone = find_zone(chat.subscription_zone) if chat.subscription_zone else None
    return zone or settings_of(application).timezone


async def subscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/subscribe HH:MM [Zone]: post each day's puzzle here at that time, in that time zone
    (as /remind takes one: else the one given before, else the bot's), admins in groups;
    /subscribe alone says whether it is, and when (anyone may ask)."""
    _ = context._
    daily = DAILY_CHAT.get(context.chat_data)
    args = context.args or []
    if not args:
        zone = subscription_zone(context.application, daily).key
        context.reply(update, subscription_text(daily.subscription, zone, context))
        return
    if not await is_admin(update, context):
        context.reply(update, _("Only the group's admins can change settings."))
        return
    usage = _(
        "Use /subscribe 09:00 (24-hour time), optionally with a time zone: "
        "/subscribe 09:00 Asia/Shanghai."
    )
    given = time_and_zone(update, context, args, usage, "/subscribe 09:00")
    if given is None:
        return
    at, named = given
    if named is not None:  # else the zone given before stays (or the bot's)
        daily.subscription_zone = named.key
    daily.subscription = at.strftime("%H:%M")
    if _last_post_day(context.application, daily) == context.today():
        daily.done = context.today()  # today's post time has passed: the first is the next
    schedule_post(context.application, update.effective_chat.id, daily)
    zone_name = subscription_zone(context.application, daily).key
    context.reply(update, subscription_text(daily.subscription, zone_name, context))


def _last_post_day(application: Application, daily: DailyChat) -> dt.date | None:
    """The day (the daily puzzle's: its number's) of the chat's post last due, at its time in
    its zone; None if it has none."""
    if daily.subscription is None:
        return None
    now = local_now(application)
    due = last_post_at(now, post_time(daily.subscription), subscription_zone(application, daily))
    return due.astimezone(now.tzinfo).date()


async def unsubscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/unsubscribe: stop the daily post."""
    if not await is_admin(update, context):
        context.reply(update, context._("Only the group's admins can change settings."))
        return
    if DAILY_CHAT.get(context.chat_data).subscription is None:
        context.reply(update, context._("This chat is not subscribed to the daily puzzle."))
        return
    DAILY_CHAT.get(context.chat_data).subscription = DAILY_CHAT.get(
        context.chat_data
    ).subscription_zone = None
    _cancel_post(context.application, update.effective_chat.id)
    context.reply(update, context._("Unsubscribed from the daily puzzle."))


def schedule_post(application: Application, chat_id: int, daily: DailyChat) -> None:
    """The chat's daily job, at its post time in its time zone (replacing an earlier one)."""
    _cancel_post(application, chat_id)
    if daily.subscription is None:
        return
    at = post_time(daily.subscription).replace(
        second=spread_second(chat_id), tzinfo=subscription_zone(application, daily)
    )
    services(application).timers.run_daily(post_daily, at, chat_id=chat_id, kind=DAILY_POST)


def _cancel_post(application: Application, chat_id: int) -> None:
    services(application).timers.cancel(chat_id, DAILY_POST)


def restore_subscriptions(application: Application) -> int:
    """After a restart, schedule every saved subscription again; returns how many.

    A chat whose post time passed today while the bot was down gets today's post at once.
    """
    today = local_now(application).date()
    timers = services(application).timers
    count = 0
    for chat_id, data in application.chat_data.items():
        daily = DAILY_CHAT.of(data)
        if daily is not None and daily.subscription:
            schedule_post(application, chat_id, daily)
            last = _last_post_day(application, daily)
            if last == today and daily.done != today:
                timers.run_once(post_daily, 0, chat_id=chat_id, kind=DAILY_POST)
            count += 1
    return count


async def _spoils_the_next(context: JobContext[None], hand: tuple[int, ...]) -> bool:
    """Whether ``hand`` shares three cards with today's or tomorrow's puzzle (the rule of
    /solve, :func:`~bot.rules.spoilers.shares`): a chat's members may not have played them."""
    today = context.today()
    return any(shares(hand, day_puzzle(day)) for day in (today, today + dt.timedelta(days=1)))


async def post_daily(context: JobContext[None]) -> None:
    """Job: post today's puzzle, with yesterday's solutions and how the chat did."""
    _ = context._
    chat_id = context.job.chat_id
    yesterday = context.today() - dt.timedelta(days=1)
    solved = _members_results(context, chat_id, yesterday)
    kept = False
    try:
        hand = await puzzle_of(context, yesterday)
        kept = await _spoils_the_next(context, hand)
        facts = await context.bot_data.solving.facts(hand, 24)
        answers = " · ".join((facts.solutions or ())[:5])
    except (WorkTimeout, WorkFailed, PoolBusy):
        answers = ""  # none listed: nothing is spoiled
    extra = _("Yesterday (#{number}): {count} solved; solutions: {answers}")
    now = context.bot_data.local_now()
    if kept:
        # Neighbouring puzzles can share three cards (2 6 6 12, then 2 6 6 8): yesterday's
        # solutions would be most of the answer of a puzzle the chat has yet to play.
        extra = _(
            "Yesterday (#{number}): {count} solved; its solutions are kept back: it shares "
            "three cards with a daily puzzle still to play."
        )
    elif not closed(yesterday, now):  # attempts at it still take answers: no solutions yet
        answers = time_text(closes_at(yesterday, now.tzinfo), context.language)
        extra = _(
            "Yesterday (#{number}): {count} solved; /solve shows its solutions after {answers}."
        )
    extra = extra.format(
        number=daily_number(yesterday), count=len(solved), answers=html.escape(answers)
    )
    chat = context.chat_data
    today = context.today()

    def failed(error: Exception) -> None:
        if isinstance(error, Forbidden):
            # The bot was blocked or removed: this chat is unsubscribed.
            logger.info("Chat %s unreachable; its daily subscription ends", chat_id)
            DAILY_CHAT.get(chat).subscription = None
            _cancel_post(context.application, chat_id)
        elif isinstance(error, BulkNotSent):  # the bot stopped first: posted at its restart
            DAILY_CHAT.get(chat).done = None
            context.application.mark_data_for_update_persistence(chat_ids=chat_id)

    # Marked done at once, so that a restart before the post is sent does not post it twice
    # (a post lost to an outage is retried by the outbox for a minute).
    DAILY_CHAT.get(chat).done = today
    await show_in_group(chat_id, context, extra=extra, on_failed=failed, bulk=True)
