"""/groups top: this week's groups by what each game counts of them (``Game.group_share``:
their established members' daily puzzles, their arenas played), among the groups whose
admins listed them in ``/settings`` (:mod:`bot.play.listed_groups`), by title only."""

from __future__ import annotations

import html

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, MessageHandler, filters

from bot.context import BotContext
from bot.play.listed_groups import is_listed, retitle
from bot.play.registry import GroupShare
from bot.rules.seasons.groups import SHOWN, week_of
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

TITLE_SHOWN = 40
"""Characters of a title shown."""
LISTING_GROUP = 2
"""The handler group of a listed group's new title or id (after the features' own, which
take those service messages in group 0)."""


def _shares(context: BotContext) -> list[GroupShare]:
    """Every game's share of a group's week, in their order."""
    found = [game.group_share for game in context.bot_data.games if game.group_share is not None]
    return sorted(found, key=lambda share: share.position)


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
    shares = _shares(context)
    rows = listed.week(
        [
            {chat_id: share.count(context, chat_id, today) for chat_id in listed.listed}
            for share in shares
        ]
    )
    lines = [_("<b>🏘 This week's groups</b> (from Monday {day})").format(day=week_of(today))]
    for place, row in enumerate(rows[:SHOWN], 1):
        title = row.title if len(row.title) <= TITLE_SHOWN else row.title[: TITLE_SHOWN - 1] + "…"
        value = "".join(
            share.words(context, count) for share, count in zip(shares, row.counts, strict=True)
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
