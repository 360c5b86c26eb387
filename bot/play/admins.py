"""Who may change a chat's settings: anyone in private, a group's admins in groups.

Telegram's answers are trusted a minute; where the bot is an admin itself, Telegram also
tells it when a member is promoted or demoted (``chat_member`` updates), and the answer is
replaced at once (:func:`member_changed`).
"""

from __future__ import annotations

import time

from telegram.constants import ChatType

from bot.context import BotContext
from bot.rules.votes import Action, Ballot, Game, request
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
    if cached is not None and time.monotonic() - cached[1] < CACHE_SECONDS:
        return cached[0]
    member = await context.bot.get_chat_member(chat.id, user.id)
    allowed = member.status in ("administrator", "creator")
    _remember(context, key, allowed)
    return allowed


def member_changed(context: BotContext, chat_id: int, user_id: int, status: str) -> None:
    """Telegram says what a member now is in a group (promoted, demoted, gone)."""
    _remember(context, (chat_id, user_id), status in ("administrator", "creator"))


def _remember(context: BotContext, key: tuple[int, int], allowed: bool) -> None:
    known = context.bot_data.admins
    now = time.monotonic()
    if len(known) >= KEPT:
        for stale in [k for k, (_, asked) in known.items() if now - asked >= CACHE_SECONDS]:
            del known[stale]
    known[key] = (allowed, now)


async def stop_ballot(update: ChatUpdate, context: BotContext, game: Game) -> Ballot | None:
    """The user's request to stop ``game`` early (see :mod:`bot.rules.votes`): in a group its
    starter and the admins at once, anyone else by a vote; None in private, where the player
    alone decides."""
    if update.effective_chat.type == ChatType.PRIVATE:
        return None
    user_id = update.effective_user.id
    # The starter needs no admin check, which may cost a Bot API call.
    admin = user_id != game.starter and await is_admin(update, context)
    return request(game, Action.STOP, user_id, admin=admin)
