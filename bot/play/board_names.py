"""How the boards that span every chat name a player the asking chat does not know: by the
public name they chose (``/name``: :mod:`bot.features.names`), else by their handle
(``Player-7F3A9C``: :mod:`bot.rules.public_names`).  A player the chat knows is named as it
knows them, by whoever calls this."""

from __future__ import annotations

import html
import logging
import secrets

from bot.context import BotContext
from bot.rules.public_names import PublicNames, handle

logger = logging.getLogger(__name__)


def names_of(context: BotContext) -> PublicNames:
    """The bot's public names: the handles' key made (once, and saved) and who holds each
    name worked out, if not yet."""
    names = context.bot_data.global_data.names
    if not names.key:
        names.key = secrets.token_hex(16)
        if not context.save_global():
            logger.warning("The key of the players' handles is not saved yet")
    if not names.built:
        names.build(
            {user: data.public_name for user, data in context.application.user_data.items()}
        )
    return names


def chosen_name(context: BotContext, user_id: int) -> str | None:
    """The public name ``user_id`` chose (plain text), if any."""
    user = context.application.user_data.get(user_id)
    public = user.public_name if user is not None else None
    return public.name if public is not None and public.name else None


def public_name(context: BotContext, user_id: int) -> str:
    """How a board names ``user_id`` for a chat that does not know them (HTML)."""
    return html.escape(chosen_name(context, user_id) or handle(names_of(context).key, user_id))
