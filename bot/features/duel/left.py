"""A player who stops their duel (``/duel stop``: a forfeit, its end showing the hand that was
on), blocks the bot, or removes it from the group of their duel, leaves the duel: the other
player wins, rated (see :mod:`bot.game.duel`).  Otherwise a losing player could
have the duel cancelled, unrated, by cutting the bot off before its next hand.  A group's
duel whose bot someone else removed is cancelled: it cannot go on there, and nobody in it
chose to leave.

Telegram tells the bot with a ``my_chat_member`` update (``kicked`` or ``left``).  A hand
the bot can no longer deliver to a blocked player's chat ends the duel the same way
(:func:`.play.deal_next`), should the update be missed.
"""

from __future__ import annotations

import contextlib
import logging

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType

from bot.context import BotContext
from bot.game.duel import Refused
from bot.services.workers import AlreadyRunning, PoolBusy, WorkFailed, WorkTimeout
from bot.typed_handlers import HandlerContext, MessageUpdate

from . import play

logger = logging.getLogger(__name__)

GONE = (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT)
"""The bot's statuses once blocked or removed (``kicked`` and ``left`` in the Bot API)."""


async def bot_removed(update: Update, context: BotContext) -> None:
    """The bot was blocked in a private chat or removed from a group: a player who did it
    leaves their duel played there; a group's duel is cancelled if anyone else did it."""
    change = update.my_chat_member
    if change is None or change.new_chat_member.status not in GONE:
        return
    chat, who = change.chat, change.from_user.id
    duels = context.bot_data.global_data.duels
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
    play.cancel(context, duel, lambda local: local._("The bot was removed from the group."))


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel stop: the player forfeits their duel (the other wins); its end shows the hand
    that was on, with its solutions (worked out first if they are not known yet)."""
    duel = context.bot_data.global_data.duels.duel_of(update.effective_user.id)
    if duel is None:
        context.reply(update, context._("You are not in a duel."))
        return
    last = duel.hand if duel.live else None
    if last is not None and last.solutions is None:  # dealt before they were worked out
        with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            last.learn(await context.bot_data.solving.facts(last.hand, last.target))
    try:
        duel.stop(update.effective_user.id)
    except Refused:  # it ended meanwhile: its end is told
        return
    play.finish(context, duel, last)
