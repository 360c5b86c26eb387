"""Whether the bot sees every message of a group (admin, or privacy mode off), learnt from
``getMe``, ``my_chat_member`` and any message privacy mode would have kept from it, and what
admins are told of it (:attr:`~bot.state.ChatData.sees_all`; docs/design-groups.md,
*Answers just typed, where the bot sees every message*)."""

from __future__ import annotations

from telegram import Message
from telegram.constants import ChatType, MessageEntityType

from bot.context import BotContext


def sees_all(context: BotContext, chat_type: str) -> bool:
    """Whether the bot gets every message of the chat (a private chat's, always)."""
    if chat_type == ChatType.PRIVATE:
        return True
    if context.bot.can_read_all_group_messages:  # privacy mode off, for every group
        return True
    return context.chat_data is not None and context.chat_data.sees_all


def privacy_would_hide(message: Message, bot_id: int, username: str) -> bool:
    """Whether privacy mode would have kept a group message from the bot: no command at its
    start, no reply to the bot, no mention of it.  A bot that got one sees every message."""
    if message.text is None:
        return False  # a service message (a member joined) reaches every bot
    if message.via_bot is not None and message.via_bot.id == bot_id:
        return False  # sent through the bot's inline mode: delivered to it
    entities = message.entities
    if entities and entities[0].type == MessageEntityType.BOT_COMMAND and not entities[0].offset:
        return False
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and replied.from_user.id == bot_id:
        return False
    return f"@{username.lower()}" not in message.text.lower()


def answers_line(context: BotContext, chat_type: str) -> str:
    """One line for a group's admins and players: how answers reach the bot there."""
    _ = context._
    if sees_all(context, chat_type):
        return _("I see every message here: just type your answer, like (8-2)*4.")
    return _(
        "Admins: make me an admin of this group and players can just type their answers, "
        "no /a needed."
    )
