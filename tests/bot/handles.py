"""A player's handle as a running bot shows it (its key made at the first board it showed)."""

from __future__ import annotations

from telegram.ext import Application

from bot.rules.public_names import handle


def tag(application: Application, user_id: int) -> str:
    """How ``application``'s boards name ``user_id``, who chose no public name, for a chat
    that does not know them."""
    return handle(application.bot_data.global_data.names.key, user_id)
