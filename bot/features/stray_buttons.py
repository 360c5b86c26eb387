"""Button presses no feature takes (empty data, or data no button of the bot carries), answered
with nothing so the client stops its spinner, in an early handler group: PTB's
``CallbackQueryHandler`` takes empty data whatever its pattern (docs/design-games.md,
*Duels on Telegram*: "Invitations")."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop, CallbackQueryHandler

from bot.context import BotContext
from bot.play.registry import Feature

logger = logging.getLogger(__name__)

GUARD_GROUP = -3
"""The handler group of the guard against empty data: before every group that takes button
presses (the daily puzzle's opening, -2, is the earliest)."""


async def no_data(update: Update, context: BotContext) -> None:
    """Answer a press with empty data with nothing; no later handler sees it."""
    await unknown(update, context)
    raise ApplicationHandlerStop


async def unknown(update: Update, context: BotContext) -> None:
    """Answer a press no feature takes with nothing."""
    query = update.callback_query
    if query is None:
        return
    logger.debug("A button press nobody takes: %r", query.data)
    await query.answer()


def _refuse(data: object) -> bool:
    """A pattern that no data matches (see :func:`register`)."""
    return False


def register(application: Application) -> None:
    """The guard against empty data, and the answer to a press no feature took; registered
    after every feature (its catch-all comes last in group 0)."""
    # PTB asks a pattern only about non-empty data: a press with empty data and no game
    # matches any pattern, and one that refuses every data matches nothing else.
    application.add_handler(CallbackQueryHandler(no_data, pattern=_refuse), group=GUARD_GROUP)
    application.add_handler(CallbackQueryHandler(unknown))


FEATURE = Feature("stray buttons", register)
