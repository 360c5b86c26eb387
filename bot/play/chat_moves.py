"""A group upgraded to a supergroup: its data, live hands, alarms and what its games keep follow
it to the new id, once, whether the service message or a refused send tells the bot first."""

from __future__ import annotations

import logging

from bot.context import BotContext

logger = logging.getLogger(__name__)


def move_chat(context: BotContext, old_chat_id: int, new_chat_id: int) -> bool:
    """Move a group's data and jobs to the supergroup it became; False if there was nothing
    left to move (moved already, or never kept)."""
    moved = context.bot_data.moved_chats
    if moved.get(old_chat_id) == new_chat_id:
        # Moved already (a send refused with the new id came first): what the old id holds
        # now is an empty default an update made (PTB's chat_data), not the group's data.
        context.application.drop_chat_data(old_chat_id)
        return False
    if old_chat_id not in context.application.chat_data:
        return False
    moved[old_chat_id] = new_chat_id
    context.application.migrate_chat_data(old_chat_id=old_chat_id, new_chat_id=new_chat_id)
    context.bot_data.live_hands.move(old_chat_id, new_chat_id)
    # PTB moves no job: a round's timers and the daily post follow the data here.
    context.bot_data.timers.move(old_chat_id, new_chat_id)
    # What a game keeps by chat id outside the chat's data (a duel played there) follows too.
    for game in context.bot_data.games:
        if game.moved is not None:
            game.moved(context, old_chat_id, new_chat_id)
    logger.info("Moved chat data from %s to the new supergroup %s", old_chat_id, new_chat_id)
    return True
