"""Building the application: handlers, defaults, rate limiter, persistence, command menus."""

from __future__ import annotations

import asyncio
import logging

from telegram import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)
from telegram.constants import ParseMode
from telegram.error import Conflict, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
    Defaults,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from bot import handlers
from bot.context import BotContext, ChatData, UserData
from bot.i18n import LANGUAGES, gettext_for
from bot.persistence import SQLitePersistence
from bot.settings import Settings

# (command, description): the description is a message id, translated per language.
PRIVATE_COMMANDS = [
    ("start", "Start here"),
    ("solve", "All distinct solutions: /solve 3 3 8 8"),
    ("help", "How to play"),
]
GROUP_COMMANDS = PRIVATE_COMMANDS
ADMIN_COMMANDS = GROUP_COMMANDS

logger = logging.getLogger(__name__)

CONTEXT_TYPES = ContextTypes(context=BotContext, chat_data=ChatData, user_data=UserData)


def build_application(
    settings: Settings,
    *,
    token: str | None = None,
    request: BaseRequest | None = None,
    get_updates_request: BaseRequest | None = None,
) -> Application:
    """The bot's application, ready to initialise; ``request`` swaps the HTTP transport."""
    builder = (
        ApplicationBuilder()
        .token(token or settings.token or "")
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .context_types(CONTEXT_TYPES)
        .persistence(SQLitePersistence(settings.data_dir))
        # Telegram allows about 20 messages a minute in a group and 30 a second overall;
        # the limiter queues to stay under that and retries once after a RetryAfter.
        .rate_limiter(AIORateLimiter(max_retries=3))
    )
    if settings.base_url:
        builder = builder.base_url(settings.base_url).base_file_url(settings.base_file_url)
    if request is not None:
        builder = builder.request(request)
    if get_updates_request is not None:
        builder = builder.get_updates_request(get_updates_request)
    application = builder.build()
    add_handlers(application)
    return application


def add_handlers(application: Application) -> None:
    """Register every handler of the bot."""
    application.add_handler(CommandHandler("start", handlers.start))
    application.add_handler(CommandHandler("help", handlers.help_command))
    application.add_handler(CommandHandler("solve", handlers.solve_command))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, handlers.migrate_chat))
    application.add_error_handler(handlers.error_handler)


async def register_commands(application: Application) -> None:
    """Publish the command menus: private chats, groups and group admins, in each language."""
    scopes = [
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
        (BotCommandScopeAllChatAdministrators(), ADMIN_COMMANDS),
    ]
    for language in LANGUAGES:
        _ = gettext_for(language)
        code = None if language == "en" else language
        for scope, commands in scopes:
            await application.bot.set_my_commands(
                [BotCommand(name, _(text)) for name, text in commands],
                scope=scope,
                language_code=code,
            )


async def run_polling(application: Application, stop: asyncio.Event, *, timeout: int = 10) -> int:
    """Poll for updates until ``stop`` is set; returns the process exit status.

    A 409 Conflict means another process polls with the same token: that is logged once,
    clearly, and ends the run with status 1 instead of retrying forever.
    """
    status = 0

    def on_error(error: TelegramError) -> None:
        nonlocal status
        if isinstance(error, Conflict):
            logger.error(
                "Another instance of this bot is already running with the same token "
                "(Telegram answered 409 Conflict). Stop it first; this one exits."
            )
            status = 1
            stop.set()
        else:
            logger.warning("Polling error (will retry): %s", error)

    async with application:
        await register_commands(application)
        await application.updater.start_polling(
            poll_interval=0, timeout=timeout, error_callback=on_error
        )
        await application.start()
        await stop.wait()
        await application.updater.stop()
        await application.stop()
    return status
