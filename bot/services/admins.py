"""Who may change a chat's settings: anyone in private, a group's admins in groups."""

from __future__ import annotations

import time

from telegram.constants import ChatType

from bot.context import BotContext
from bot.typed_handlers import ChatUpdate

CACHE_SECONDS = 60.0
"""How long a getChatMember answer about a user's admin rights is trusted: a demoted admin
keeps the rights at most this long."""
KEPT = 10_000
"""Answers kept before the stale ones are forgotten."""


async def is_admin(update: ChatUpdate, context: BotContext) -> bool:
    """Whether the update's user may change the chat's settings (one Bot API call a minute
    per user and group at most)."""
    chat, user = update.effective_chat, update.effective_user
    if chat.type == ChatType.PRIVATE:
        return True
    known = context.bot_data.admins
    key = (chat.id, user.id)
    cached = known.get(key)
    now = time.monotonic()
    if cached is not None and now - cached[1] < CACHE_SECONDS:
        return cached[0]
    member = await context.bot.get_chat_member(chat.id, user.id)
    allowed = member.status in ("administrator", "creator")
    if len(known) >= KEPT:
        for stale in [k for k, (_, asked) in known.items() if now - asked >= CACHE_SECONDS]:
            del known[stale]
    known[key] = (allowed, now)
    return allowed
