"""A duel's player who blocks the bot or removes it (they leave: the other wins), a bot removed
by someone else (cut off: decided as it stands), and a player removed, muted or leaving the
group, as Telegram tells them (``my_chat_member``, ``chat_member``, service messages).  Why
each: docs/design-games.md, *Duels and ratings: the rules*; docs/fair-play.md."""

from __future__ import annotations

import logging

from telegram import ChatMember, ChatMemberRestricted, Update
from telegram.constants import ChatMemberStatus, ChatType

from bot.context import BotContext
from bot.games.duel.parts import DUELS

from . import play

logger = logging.getLogger(__name__)

GONE = (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT)
"""The bot's statuses once blocked or removed (``kicked`` and ``left`` in the Bot API)."""


async def bot_removed(update: Update, context: BotContext) -> None:
    """The bot was blocked in a private chat, or removed from a group or restricted there so
    that it cannot write: a player who did it leaves their duel played there; a group's duel
    is decided as it stands if anyone else did it."""
    change = update.my_chat_member
    if change is None or not _cannot_play(change.new_chat_member):
        return
    chat, who = change.chat, change.from_user.id
    duels = DUELS.get(context.bot_data.global_data)
    if chat.type == ChatType.PRIVATE:
        duel = duels.duel_of(chat.id)
        if duel is None or duel.chat_id is not None:
            return  # a group's duel goes on in the group
    else:
        chat_data = context.application.chat_data.get(chat.id)
        duel = play.duel_in(context.bot_data, chat_data) if chat_data is not None else None
        if duel is None:
            return
    logger.info("Duel %s: the bot was cut off in chat %s by %s", duel.token, chat.id, who)
    if who in duel.players:
        if duel.leave(who):
            play.finish(context, duel)
        return
    if duel.cut_off():
        play.finish(context, duel)


def _cannot_play(member: ChatMember) -> bool:
    """Whether a member's new status keeps them from answering in the group."""
    if member.status in GONE:
        return True
    return isinstance(member, ChatMemberRestricted) and not member.can_send_messages


async def player_gone(update: Update, context: BotContext) -> None:
    """A member left a group, was removed or restricted there: if they play its duel, it
    ends (see the module); both players are told in private."""
    chat, change, message = update.effective_chat, update.chat_member, update.message
    if chat is None or chat.type == ChatType.PRIVATE:
        return
    if change is not None:
        if not _cannot_play(change.new_chat_member):
            return
        user_id, actor = change.new_chat_member.user.id, change.from_user.id
    elif message is not None and message.left_chat_member is not None:
        user_id = message.left_chat_member.id
        actor = message.from_user.id if message.from_user is not None else user_id
    else:
        return
    chat_data = context.application.chat_data.get(chat.id)
    duel = play.duel_in(context.bot_data, chat_data) if chat_data is not None else None
    if duel is None or duel.chat_id != chat.id or user_id not in duel.players:
        return
    by_self = actor == user_id
    logger.info(
        "Duel %s: player %s gone from chat %s (by self: %s)", duel.token, user_id, chat.id, by_self
    )
    if duel.member_gone(user_id, by_self=by_self):
        play.finish(context, duel)
