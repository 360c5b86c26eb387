"""A chat's arenas (a group's, a player's): the arena's part of the chat's data."""

from __future__ import annotations

from bot.rules.arena.chat_state import ArenaChat
from bot.state import ChatPart

ARENA_CHAT = ChatPart("arena", ArenaChat)
"""A chat's part: its arenas, a group's or a player's (none until the first)."""
