"""A group that holds an arena became a supergroup: its players' play, their trophies won
there, its live hands and its standings follow the group to its new id (its own data and
alarms are moved for every game: :mod:`bot.play.chat_moves`)."""

from __future__ import annotations

from bot.context import BotContext
from bot.games.arena.group import changed, group_part, post_standings
from bot.games.arena.live import kept
from bot.games.arena.parts import ARENA_CHAT


def moved(context: BotContext, old: int, new: int) -> None:
    """``old`` is now ``new``: what names the old id outside the group's data follows."""
    application = context.application
    for chat_id, chat in application.chat_data.items():
        mine = ARENA_CHAT.of(chat)
        if chat_id <= 0 or mine is None:
            continue
        follows = mine.playing == old
        if follows:
            mine.playing = new
        for trophy in mine.trophies:
            if trophy.group == old:
                trophy.group = new
                follows = True
        if follows:
            changed(context, chat_id)
    memory = kept(application)
    for key in [key for key in memory.hands if key[0] == old]:
        memory.hands[(new, *key[1:])] = memory.hands.pop(key)
    if old in memory.edited:
        memory.edited[new] = memory.edited.pop(old)
    ours = group_part(application, new)
    if ours is None or ours.arena is None or ours.arena.ended:
        return
    # The old group's messages are not the supergroup's to edit: its standings come anew
    # there, with a Join link that names it.
    ours.message_id = None
    changed(context, new)
    post_standings(context, new)


def group_now(context: BotContext, group: int) -> int:
    """The id ``group`` has now (an alarm or a Join link set before its move names the old)."""
    return context.bot_data.moved_chats.get(group, group)
