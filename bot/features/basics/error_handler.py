"""The error handler: what a handler raised is logged, and its chat told sorry."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import BadRequest, Forbidden

from bot.context import SORRY, BotContext

logger = logging.getLogger(__name__)


async def error_handler(update: object, context: BotContext) -> None:
    """Log the error and tell the user briefly that something went wrong."""
    error = context.error
    if isinstance(error, Forbidden):
        # The bot was blocked or removed from the chat: nothing can be sent there any more.
        logger.info("Forbidden in update %s: %s", getattr(update, "update_id", "?"), error)
        return
    if isinstance(error, BadRequest) and "message is not modified" in str(error).lower():
        return
    logger.error("Exception while handling an update", exc_info=error)
    if isinstance(update, Update) and update.effective_chat:
        context.send(update.effective_chat.id, context._(SORRY), key="sorry")
