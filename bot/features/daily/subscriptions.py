"""/subscribe and /unsubscribe: a chat's daily post of the puzzle, with yesterday's
solutions and how the chat did."""

from __future__ import annotations

import datetime as dt
import html
import logging

from telegram.error import Forbidden
from telegram.ext import Application

from bot.chat.admins import is_admin
from bot.context import local_now, services, settings_of
from bot.features.daily.attempt import puzzle_of
from bot.features.daily.group import _members_results, show_in_group
from bot.game.attempts import closed, closes_at
from bot.game.daily import (
    post_time,
)
from bot.game.spoilers import shares
from bot.services.bulk import BulkNotSent, spread_second
from bot.services.timers import DAILY_POST
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.texts import subscription_text
from bot.typed_handlers import (
    HandlerContext,
    JobContext,
    MessageUpdate,
)
from solver import daily_number

logger = logging.getLogger(__name__)


async def subscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/subscribe HH:MM: post each day's puzzle here at that local time (admins in groups);
    /subscribe alone says whether it is (anyone may ask)."""
    _, zone = context._, context.settings.timezone.key
    if not context.args:
        context.reply(
            update, subscription_text(context.chat_data.daily.subscription, zone, context)
        )
        return
    if not await is_admin(update, context):
        context.reply(update, _("Only the group's admins can change settings."))
        return
    try:
        at = post_time(context.args[0])
    except ValueError:
        context.reply(update, _("Use /subscribe 09:00 (24-hour time)."))
        return
    context.chat_data.daily.subscription = at.strftime("%H:%M")
    if local_now(context.application).time() >= at:
        context.chat_data.daily.done = context.today()  # the first post is tomorrow's
    schedule_post(context.application, update.effective_chat.id, at)
    context.reply(update, subscription_text(context.chat_data.daily.subscription, zone, context))


async def unsubscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/unsubscribe: stop the daily post."""
    if not await is_admin(update, context):
        context.reply(update, context._("Only the group's admins can change settings."))
        return
    if context.chat_data.daily.subscription is None:
        context.reply(update, context._("This chat is not subscribed to the daily puzzle."))
        return
    context.chat_data.daily.subscription = None
    _cancel_post(context.application, update.effective_chat.id)
    context.reply(update, context._("Unsubscribed from the daily puzzle."))


def schedule_post(application: Application, chat_id: int, at: dt.time) -> None:
    """A daily job at ``at`` in the bot's time zone (replacing an earlier one)."""
    _cancel_post(application, chat_id)
    at = at.replace(second=spread_second(chat_id), tzinfo=settings_of(application).timezone)
    services(application).timers.run_daily(post_daily, at, chat_id=chat_id, kind=DAILY_POST)


def _cancel_post(application: Application, chat_id: int) -> None:
    services(application).timers.cancel(chat_id, DAILY_POST)


def restore_subscriptions(application: Application) -> int:
    """After a restart, schedule every saved subscription again; returns how many.

    A chat whose post time passed today while the bot was down gets today's post at once.
    """
    now = local_now(application)
    timers = services(application).timers
    count = 0
    for chat_id, data in application.chat_data.items():
        if data.daily.subscription:
            at = post_time(data.daily.subscription)
            schedule_post(application, chat_id, at)
            if now.time() >= at and data.daily.done != now.date():
                timers.run_once(post_daily, 0, chat_id=chat_id, kind=DAILY_POST)
            count += 1
    return count


async def _spoils_the_next(context: JobContext[None], hand: tuple[int, ...]) -> bool:
    """Whether ``hand`` shares three cards with today's or tomorrow's puzzle (the rule of
    /solve, :func:`~bot.game.spoilers.shares`): a chat's members may not have played them."""
    today = context.today()
    for day in (today, today + dt.timedelta(days=1)):
        if shares(hand, await context.bot_data.solving.daily_hand(day)):
            return True
    return False


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
        answers = closes_at(yesterday, now.tzinfo).strftime("%H:%M")
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
            chat.daily.subscription = None
            _cancel_post(context.application, chat_id)
        elif isinstance(error, BulkNotSent):  # the bot stopped first: posted at its restart
            chat.daily.done = None
            context.application.mark_data_for_update_persistence(chat_ids=chat_id)

    # Marked done at once, so that a restart before the post is sent does not post it twice
    # (a post lost to an outage is retried by the outbox for a minute).
    chat.daily.done = today
    await show_in_group(chat_id, context, extra=extra, on_failed=failed, bulk=True)
