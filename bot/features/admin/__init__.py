"""The owner's commands (``TWENTYFOUR_OWNER_ID``), matched only in the owner's private chat:
``/admin``, ``/admin fairplay``, ``/admin maintenance on|off``, and errors reported to the
owner at most once a minute (docs/operating.md, *The owner's commands*)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import re

from telegram import Update
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.context import services
from bot.features.admin import fairplay, maintenance, overview, reports
from bot.i18n import N_
from bot.play.registry import Feature, Menu, MenuEntry
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages, jobs_of

logger = logging.getLogger(__name__)

ADMIN = re.compile(r"^/admin(@\w+)?(\s|$)", re.IGNORECASE)
GAMES_TODAY = "games today"
"""The table that keeps the day's count of games dealt across a restart."""


async def admin(update: MessageUpdate, context: HandlerContext) -> None:
    """/admin, /admin fairplay …, /admin maintenance on|off (the owner's, in private)."""
    words = (update.effective_message.text or "").split()[1:]
    what = words[0].lower() if words else ""
    if what == "fairplay":
        fairplay.command(update, context, words[1:])
    elif what == "maintenance":
        maintenance.command(update, context, words[1:])
    elif what:
        context.reply(update, overview.usage(context))
    else:
        overview.show(update, context)
    # Handled: the unknown-command answer of a later group must not follow.
    raise ApplicationHandlerStop


def register(application: Application) -> None:
    """With an owner: /admin, and the maintenance notice (before every other handler)."""
    owner = services(application).settings.owner_id
    if owner is None:
        return
    stop_all = TypeHandler(Update, maintenance.notice)
    application.add_handler(stop_all, group=maintenance.GROUP)
    mine = filters.User(owner) & filters.ChatType.PRIVATE & filters.Regex(ADMIN)
    application.add_handler(MessageHandler(mine, for_messages(admin)))


def restore(application: Application) -> None:
    """At start-up: the maintenance notice and the day's count of games as they were kept,
    and the owner's error reports."""
    data = services(application)
    maintenance.restore(application)  # (without an owner, only the clock's pauses so far)
    text = data.solving.store[0](GAMES_TODAY) if data.solving.store else None
    if text:
        try:
            kept = json.loads(text)
            day = dt.date.fromisoformat(kept["day"])
            if day == data.local_now().date():
                data.activity.keep_today(day, {str(k): int(v) for k, v in kept["counts"].items()})
        except (ValueError, KeyError, TypeError):
            logger.warning("The kept count of today's games cannot be read: counting afresh")
    owner = data.settings.owner_id
    if owner is not None:
        jobs_of(application).run_repeating(
            reports.report,
            interval=reports.LOOK,
            first=reports.LOOK,
            chat_id=owner,
            user_id=owner,
            name="error reports",
        )


def keep(application: Application) -> None:
    """At the stop: keep the day's count of games for the next start."""
    data = services(application)
    day = data.local_now().date()
    counts = data.activity.played_today(day)
    if data.solving.store and counts:
        data.solving.store[1](GAMES_TODAY, json.dumps({"day": day.isoformat(), "counts": counts}))


FEATURE = Feature(
    "admin",
    register,
    menu=(
        MenuEntry(
            130, "admin", N_("The owner's commands: activity, fair play, maintenance"), Menu.OWNER
        ),
    ),
)
