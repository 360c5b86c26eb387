"""How the boards that span every chat name a player: the one rule of every board
(:func:`shown_name`): as the asking chat knows them, else by the public name they chose
(``/name``: :mod:`bot.features.names`), else by their handle (``Player-7F3A9C``:
:mod:`bot.rules.public_names`)."""

from __future__ import annotations

import html
import logging
import secrets

from telegram import User

from bot.context import BotContext
from bot.play.players_met import known_name
from bot.rules.public_names import PublicNames, handle

logger = logging.getLogger(__name__)

NAME_SHOWN = 40
"""Characters of a name a chat knows shown on a board (longer ones are cut, with "…")."""


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


def _cut(name: str, shown: int) -> str:
    return html.escape(name if len(name) <= shown else name[: shown - 1] + "…")


def name_known(
    context: BotContext, chat_id: int, viewer: User, user_id: int, shown: int = NAME_SHOWN
) -> str | None:
    """How the chat ``chat_id``, where ``viewer`` asks, knows ``user_id`` (HTML), if it does:
    in private, the viewer by their own name and anyone they played (a duel, a challenge) by
    the name they saw them under; in a group, its members by the group's name for them (the
    viewer too)."""
    if chat_id == viewer.id:  # a private chat's id is its user's
        if user_id == viewer.id:
            return _cut(viewer.full_name, shown)
        met = known_name(context, viewer.id, user_id)
        return None if met is None else _cut(html.unescape(met), shown)
    chat = context.application.chat_data.get(chat_id)
    name = chat.members.get(user_id) if chat is not None else None
    return None if name is None else _cut(name, shown)


def shown_name(
    context: BotContext, chat_id: int, viewer: User, user_id: int, shown: int = NAME_SHOWN
) -> str:
    """How a board asked for in ``chat_id`` by ``viewer`` names ``user_id`` (HTML): as the
    chat knows them (:func:`name_known`), else by their public name or handle."""
    return name_known(context, chat_id, viewer, user_id, shown) or public_name(context, user_id)
