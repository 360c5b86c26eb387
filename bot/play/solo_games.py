"""A game played alone in private (a Solution Hunt, a Countdown game): its player ends it
with a round's own commands, /stop and /giveup, as well as its own stop (in a group those
stay the rounds', where a /stop may be meant for anything)."""

from __future__ import annotations

from typing import TypeVar

from telegram import Message
from telegram.constants import ChatType
from telegram.ext import Application, filters

from bot.play.game_life import Kind
from bot.rules.live_game import LiveGame

G = TypeVar("G", bound=LiveGame)

GIVE_UPS = ("stop", "giveup", "reveal")
"""The commands that end a solo game in private, as they end a round there."""


def alone_in(application: Application, kind: Kind[G]) -> filters.MessageFilter:
    """Messages in a private chat whose game of ``kind`` is on: a solo game, which its
    player may end with any of :data:`GIVE_UPS`, as a round (register its handler before
    the rounds' feature, whose own /stop and /giveup would take them otherwise)."""
    chats = application.chat_data

    class _Alone(filters.MessageFilter):
        def filter(self, message: Message) -> bool:
            chat = chats.get(message.chat_id)  # no entry is made for a chat never seen
            if chat is None or message.chat.type != ChatType.PRIVATE:
                return False
            game = kind.game_of(chat)
            return game is not None and game.live

    return _Alone(name=f"alone in a {kind.name}")
