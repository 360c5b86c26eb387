"""The bot's basics, each in a module: /start and the group greeting (:mod:`.greeting`),
/help (:mod:`.help`), unknown commands (:mod:`.unknown`), the error handler (:mod:`.error_handler`),
who spoke where and group upgrades (:mod:`.chats`)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import (
    Application,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.features.basics.chats import migrate_chat, track
from bot.features.basics.error_handler import error_handler
from bot.features.basics.greeting import added_to_group, start
from bot.features.basics.help import help_command
from bot.features.basics.unknown import unknown_command
from bot.i18n import N_
from bot.play.registry import Feature, MenuEntry
from bot.typed_handlers import for_messages


def register(application: Application) -> None:
    """/start, /help, the greeting in a new group, group upgrades and the error handler;
    and, first of all, who spoke where (:func:`track`)."""
    # Group -1 runs before the handlers of group 0, for every update.
    application.add_handler(TypeHandler(Update, track), group=-1)
    application.add_handler(CommandHandler("start", for_messages(start)))
    application.add_handler(CommandHandler("help", help_command))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, migrate_chat))
    application.add_handler(ChatMemberHandler(added_to_group, ChatMemberHandler.MY_CHAT_MEMBER))
    # Group 1 runs after every feature's handlers of group 0, which are registered later.
    private_commands = filters.ChatType.PRIVATE & filters.COMMAND
    application.add_handler(
        MessageHandler(private_commands, for_messages(unknown_command)), group=1
    )
    application.add_error_handler(error_handler)


FEATURE = Feature(
    "basics",
    register,
    menu=(MenuEntry(90, "help", N_("How to play")), MenuEntry(91, "start", N_("Start here"))),
)
