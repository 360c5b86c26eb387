"""What a chat keeps of arenas (its part named ``arena``): a group's arena, its Join link's random
code (a group's id alone joins nothing), its standings message and a start vote; a
player's play (their place, saved with their own row at each hand) and their trophies."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.rules.arena.schedule import Repeat, Schedule
from bot.rules.arena.start_vote import StartVote
from bot.rules.arena.tournament import Arena, Player


@dataclass(slots=True)
class ArenaSchedule:
    """A group's arenas to come, as saved: :class:`~bot.rules.arena.schedule.Schedule`'s
    fields, its time of day as ``HH:MM``."""

    at: str
    repeat: Repeat
    zone: str
    minutes: int
    weekday: int | None = None

    @classmethod
    def of(cls, schedule: Schedule) -> ArenaSchedule:
        at = schedule.at.strftime("%H:%M")
        return cls(at, schedule.repeat, schedule.zone, schedule.minutes, schedule.weekday)

    @property
    def schedule(self) -> Schedule:
        hour, minute = self.at.split(":")
        at = dt.time(int(hour), int(minute))
        return Schedule(at, self.repeat, self.zone, self.minutes, self.weekday)


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
    sending: int | None = field(default=None, metadata={"saved": False})
    """In a player's private chat: the hand on its way to them (its index), until it reaches
    them or cannot be sent; a hand not on its way and not shown is sent again when they
    answer or skip (a send that failed for good leaves nobody waiting for it)."""
    entry: Player | None = None
    """In a player's private chat: their place in the arena they play, saved with their own
    row at each hand (a small row; the group's, which holds every player, follows with the
    bot's regular saves) and taken back into the group's arena after a restart."""
    entry_number: int = 0
    """The number of the group's arena :attr:`entry` is of."""
    trophies: list[ArenaTrophy] = field(default_factory=list)
    """In a player's private chat: the arenas they won, oldest first."""
    schedule: ArenaSchedule | None = None
    """In a group: its arenas to come (its admins' ``/arena at``), if any."""
    next_start: float | None = None
    """When the scheduled arena next starts (Unix time, by the wall clock)."""
