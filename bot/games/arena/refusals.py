"""What an arena's hand on in a player's private chat refuses, and how it says so: another
game's command (a training, a round) would take the arena's answers."""

from __future__ import annotations

from bot.games.arena.parts import ARENA_CHAT
from bot.i18n import Translator
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether the player of this private chat is playing an arena now."""
    mine = ARENA_CHAT.of(chat)
    return mine is not None and mine.playing is not None


def busy(context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    return context._(
        "You are playing an arena: answer its hand or /skip it; other games wait for its end."
    )
