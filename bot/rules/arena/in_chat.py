"""What a chat keeps of arenas (saved with it, ``ChatData.arena``): in a group, its arena
(the rules' :class:`~bot.rules.arena.arena.Arena`), the code of its Join link, its one
standings message and a start vote; in a player's private chat, the group whose arena they
play, their hand's message and the trophies they won.

The Join link's code is random: a link names its group, and only someone given the link
(in the group) can join; a guessed group id alone joins nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.arena.arena import Arena
from bot.rules.arena.start_vote import StartVote


@dataclass(slots=True)
class ArenaTrophy:
    """An arena won: where, which, with how many points and when (the bot's clock)."""

    group: int
    title: str
    number: int
    score: int
    at: float


@dataclass(slots=True)
class ArenaChat:
    """A chat's arena part: a group's side (its arena) and a player's side (their play)."""

    arena: Arena | None = None
    """The group's arena now on, or the last one."""
    code: str = ""
    """The random part of the arena's Join link."""
    title: str = ""
    """The group's title when the arena was announced (for its players' private chats)."""
    message_id: int | None = None
    """The group's one standings message (the announcement, with its Join button)."""
    told: bool = True
    """Whether the arena's end has been told in the group (False while it runs)."""
    held: int = 0
    """Arenas the group has held (the next one's number)."""
    vote: StartVote | None = None
    """Members' requests for an arena, while not enough have asked."""
    playing: int | None = None
    """In a player's private chat: the group whose arena they play (None: none)."""
    hand_message_id: int | None = None
    """In a player's private chat: their current hand's message."""
    trophies: list[ArenaTrophy] = field(default_factory=list)
    """In a player's private chat: the arenas they won, oldest first."""
