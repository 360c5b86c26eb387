"""Arenas a group's admins schedule (``/arena at 20:00 [daily|weekly] [minutes]``, in the
group's time zone: its daily subscription's, else the bot's), each announced
:data:`~bot.rules.arena.schedule.ANNOUNCE_BEFORE` before its start; players who join
before it get their first hand at the start (docs/design-games.md, *Arenas on Telegram*)."""

from __future__ import annotations

import datetime as dt
import logging

from telegram.ext import Application

from bot.context import BotContext, services
from bot.games.arena import words
from bot.games.arena.group import group_part, open_arena, part, save
from bot.games.arena.parts import ARENA_CHAT
from bot.games.arena.play import set_start
from bot.play.admins import is_admin
from bot.rules.arena import ANNOUNCE_BEFORE, Schedule
from bot.rules.arena.chat_state import ArenaSchedule
from bot.rules.arena.command import At
from bot.typed_handlers import JobContext, MessageUpdate

logger = logging.getLogger(__name__)

ARENA_ANNOUNCE = "arena-announce"
"""A scheduled arena's announcement (in its group)."""
MISSED = 60.0
"""Seconds past a scheduled start after which that arena is not held (the bot was down)."""


def zone_of(context: BotContext, group: int) -> str:
    """The group's time zone: its daily subscription's, else the bot's."""
    chat = context.application.chat_data.get(group)
    zone = None if chat is None else chat.daily.subscription_zone
    return zone or context.bot_data.settings.timezone.key


def _wall(context: BotContext) -> dt.datetime:
    return dt.datetime.fromtimestamp(context.bot_data.calendar(), dt.UTC)


async def arena_at(update: MessageUpdate, context: BotContext, request: At) -> None:
    """``/arena at HH:MM [daily|weekly] [minutes]``: the group's admins schedule arenas."""
    _ = context._
    group = update.effective_chat.id
    if not await is_admin(update, context):
        context.reply(update, _("Only the group's admins schedule arenas."))
        return
    now = _wall(context)
    zone = zone_of(context, group)
    schedule = Schedule(request.at, request.repeat, zone, request.minutes).fixed(now)
    start = schedule.next_start(now)
    chat = context.chat_data
    assert chat is not None
    ours = part(chat)
    ours.schedule = ArenaSchedule.of(schedule)
    ours.next_start = start.timestamp()
    ours.title = update.effective_chat.title or ours.title
    save(context, group)
    set_announcement(context.application, group)
    context.reply(update, words.scheduled_text(schedule, start, context))


async def unschedule(update: MessageUpdate, context: BotContext) -> None:
    """``/arena unschedule``: the group's admins cancel its arenas to come."""
    _ = context._
    group = update.effective_chat.id
    if not await is_admin(update, context):
        context.reply(update, _("Only the group's admins schedule arenas."))
        return
    ours = group_part(context.application, group)
    if ours is None or ours.schedule is None:
        context.reply(update, _("No arena is scheduled here."))
        return
    ours.schedule = ours.next_start = None
    save(context, group)
    context.bot_data.timers.cancel(group, ARENA_ANNOUNCE)
    context.reply(update, _("🗓 The arenas scheduled here are cancelled."))


def set_announcement(application: Application, group: int) -> None:
    """Set the job that announces the group's next scheduled arena (at once if its time
    has come, or passed while the bot was down)."""
    ours = group_part(application, group)
    if ours is None or ours.schedule is None or ours.next_start is None:
        return
    data = services(application)
    due = ours.next_start - ANNOUNCE_BEFORE.total_seconds() - data.calendar()
    data.timers.cancel(group, ARENA_ANNOUNCE)
    data.timers.run_once(announce, max(due, 0.0), chat_id=group, kind=ARENA_ANNOUNCE)


async def announce(context: JobContext[None]) -> None:
    """A scheduled arena's time to be announced: it opens, starting at its time (skipped
    while another arena is on, or if its start passed while the bot was down); the next one
    of a daily or weekly schedule is set."""
    group = context.job.chat_id
    ours = group_part(context.application, group)
    if ours is None or ours.schedule is None or ours.next_start is None:
        return
    schedule = ours.schedule.schedule
    start = dt.datetime.fromtimestamp(ours.next_start, dt.UTC)
    wall = context.bot_data.calendar()
    left = ours.next_start - wall
    busy = ours.arena is not None and not ours.arena.ended
    if left < -MISSED or busy:
        logger.info("The arena scheduled in %s at %s is not held", group, start)
    else:
        starts = context.now() + max(left, 0.0)
        set_start(
            context, group, open_arena(context, group, None, starts, schedule.minutes, ours.title)
        )
    after = schedule.after(start)
    if after is None:
        ours.schedule = ours.next_start = None
    else:
        ours.next_start = after.next_start(max(start, _wall(context))).timestamp()
    save(context, group)
    set_announcement(context.application, group)


def restore(application: Application) -> int:
    """At start-up: every group's scheduled arena is to be announced again; how many."""
    count = 0
    for chat_id, chat in application.chat_data.items():
        ours = ARENA_CHAT.of(chat) if chat_id < 0 else None
        if ours is not None and ours.schedule is not None:
            set_announcement(application, chat_id)
            count += 1
    return count
