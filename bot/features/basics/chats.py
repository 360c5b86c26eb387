"""Who spoke in a chat, and in what language (before any other handler), and a group's data
moving with it when Telegram upgrades it to a supergroup."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.play.chat_moves import move_chat
from bot.play.visibility import privacy_would_hide


async def track(update: Update, context: BotContext) -> None:
    """Remember, before any other handler runs, who spoke in a chat and in what language."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or context.chat_data is None:
        return
    if user.language_code:
        # Timers and match deals have no user: they speak as the chat was last spoken to.
        context.chat_data.language.recent = user.language_code
    if chat is not None and chat.type != ChatType.PRIVATE:
        context.chat_data.members[user.id] = user.full_name
        if user.username:  # for /duel @name (a bot cannot look a username up)
            context.chat_data.usernames[user.username.lower()] = user.id
        message = update.message or update.edited_message  # users' messages (not a button's)
        if message is not None and not context.chat_data.sees_all:
            bot = context.bot
            context.chat_data.sees_all = privacy_would_hide(message, bot.id, bot.username)


async def migrate_chat(update: Update, context: BotContext) -> None:
    """Move a group's data and jobs when Telegram upgrades it to a supergroup."""
    message = update.effective_message
    if message is None:
        return
    # Telegram sends two service messages: migrate_to_chat_id in the old group and
    # migrate_from_chat_id in the new supergroup.  Move the data once, while the old chat
    # still has it (PTB's chat_data would hand the second call an empty default).
    old_chat_id = message.migrate_from_chat_id or message.chat.id
    new_chat_id = message.migrate_to_chat_id or message.chat.id
    move_chat(context, old_chat_id, new_chat_id)
