"""/groups top: this week's groups by daily puzzles solved (their established members' live
results: :func:`bot.rules.seasons.groups.member_week`) and arenas played, among the groups
whose admins listed them in ``/settings`` (:mod:`bot.play.listed_groups`), by title only."""

from __future__ import annotations

import html

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, MessageHandler, filters

from bot.context import BotContext
from bot.play.listed_groups import is_listed, retitle
from bot.play.puzzle_days import days_of
from bot.rules.seasons.groups import SHOWN, week_of
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

TITLE_SHOWN = 40
"""Characters of a title shown."""
LISTING_GROUP = 2
"""The handler group of a listed group's new title or id (after the features' own, which
take those service messages in group 0)."""


def _solved(context: BotContext, chat_id: int) -> int:
    """Daily puzzles the group's members solved this week that count
    (:func:`~bot.rules.seasons.groups.member_week`, as the game of the day's puzzle reads
    each member's: :mod:`bot.play.puzzle_days`)."""
    chat = context.application.chat_data.get(chat_id)
    if chat is None:
        return 0
    today = context.today()
    users = context.application.user_data
    week = days_of(context).group_week
    return sum(week(users[member], today) for member in chat.members if member in users)


async def groups_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/groups top: this week's listed groups, busiest first."""
    _ = context._
    if [word.lower() for word in context.args or []] != ["top"]:
        context.reply(
            update, _("/groups top: this week's groups, for groups listed by their admins.")
        )
        return
    chat = update.effective_chat
    if chat.type != ChatType.PRIVATE:
        retitle(context, chat.id, chat.title or "")
    listed = context.bot_data.global_data.groups
    today = context.today()
    rows = listed.week(today, {chat_id: _solved(context, chat_id) for chat_id in listed.listed})
    lines = [_("<b>🏘 This week's groups</b> (from Monday {day})").format(day=week_of(today))]
    for place, row in enumerate(rows[:SHOWN], 1):
        title = row.title if len(row.title) <= TITLE_SHOWN else row.title[: TITLE_SHOWN - 1] + "…"
        value = context.ngettext(
            "{count} daily puzzle solved", "{count} daily puzzles solved", row.solved
        ).format(count=row.solved)
        if row.tournaments:
            count = row.tournaments
            value += context.ngettext(", {count} arena", ", {count} arenas", count).format(
                count=count
            )
        lines.append(player_line(html.escape(title), value, context, place))
    if not rows:
        lines.append(_("No listed group has played this week."))
    if chat.type != ChatType.PRIVATE and not is_listed(context, chat.id):
        lines += ["", _("This group is not listed: its admins can list it in /settings.")]
    context.reply(update, "\n".join(lines), key="groups top")


async def renamed(update: Update, context: BotContext) -> None:
    """A group was renamed: a listed one is shown under its new title."""
    chat = update.effective_chat
    if chat is not None and chat.title:
        retitle(context, chat.id, chat.title)


async def migrated(update: Update, context: BotContext) -> None:
    """A group became a supergroup under a new id: its listing goes with it."""
    message = update.effective_message
    new = message.migrate_to_chat_id if message is not None else None
    if message is not None and new is not None:
        groups = context.bot_data.global_data.groups
        if message.chat.id in groups.listed:
            groups.moved(message.chat.id, new)
            context.save_global()


def register(application: Application) -> None:
    """/groups (top), and listed groups' new titles and ids."""
    application.add_handler(CommandHandler("groups", for_messages(groups_command)))
    application.add_handler(
        MessageHandler(filters.StatusUpdate.NEW_CHAT_TITLE, renamed), group=LISTING_GROUP
    )
    application.add_handler(
        MessageHandler(filters.StatusUpdate.MIGRATE, migrated), group=LISTING_GROUP
    )
