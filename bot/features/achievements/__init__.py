"""Achievements (issue 40): earned from the games' results once each, saved before told
(:mod:`.earning`), listed with the progress to the next tier by ``/achievements``
(:mod:`.listing`); the rules are :mod:`bot.rules.achievements`."""

from __future__ import annotations

from telegram.ext import Application, CommandHandler

from bot.features.achievements.earning import heard
from bot.features.achievements.listing import achievements
from bot.play.results import listen
from bot.typed_handlers import for_messages


def register(application: Application) -> None:
    """The listener of the games' results, and /achievements."""
    listen(application, heard)
    application.add_handler(CommandHandler("achievements", for_messages(achievements)))
