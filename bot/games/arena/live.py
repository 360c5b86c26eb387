"""An arena's hands kept from everyone while it runs (each filed as a game kept from
everyone, and a player's current hand as their own), and what is kept of arenas in memory
only (docs/fair-play.md, *Hands only their players see*)."""

from __future__ import annotations

import itertools
import weakref
from dataclasses import dataclass, field

from telegram.ext import Application

from bot.context import BotContext, services
from bot.rules.arena import Arena

KIND = "arena"
"""The arena's hands' kind in the live hands (the host's counts)."""
_IDS = itertools.count(1)
FIRST_ID = -(2**62)
"""Ids the arena's hands are filed under: below every chat id Telegram gives (about -10¹³)."""


class _NeverPeeked(list[int]):
    """Nobody is marked as given a hand kept from everyone: nobody is given it while it is
    live, and a mark would make the bot save a chat of the id the hand is filed under."""

    def __contains__(self, _item: object) -> bool:
        return True


@dataclass(eq=False)
class LiveArenaHand:
    """One of an arena's hands, as the live hands see it: live while the arena runs."""

    arena: Arena
    index: int
    kept_from_everyone: bool = True
    peeked: list[int] = field(default_factory=_NeverPeeked)

    @property
    def hand(self) -> tuple[int, ...]:
        return self.arena.hands[self.index]

    @property
    def live(self) -> bool:
        return not self.arena.ended

    @property
    def players(self) -> set[int]:
        return self.arena.players

    @property
    def starter(self) -> int | None:
        return self.arena.starter


@dataclass
class _Kept:
    hands: dict[tuple[int, int, int], LiveArenaHand] = field(default_factory=dict)
    """Each arena's hands filed, by (group, arena number, index)."""
    edited: dict[int, float] = field(default_factory=dict)
    """When each group's standings message was last edited (the bot's clock)."""
    ended: dict[int, tuple[tuple[int, ...], float]] = field(default_factory=dict)
    """Each player's hand on when their arena ended, and when (the bot's clock): an answer
    to it that comes just after is told the arena is over."""
    pages: set[int] = field(default_factory=set)
    """Players who play their arena on the Mini App's page now (their hands wait there)."""


_KEPT: weakref.WeakKeyDictionary[Application, _Kept] = weakref.WeakKeyDictionary()


def kept(application: Application) -> _Kept:
    """What the application keeps of its arenas in memory."""
    found = _KEPT.get(application)
    if found is None:
        found = _KEPT[application] = _Kept()
    return found


def keep(context: BotContext, group: int, arena: Arena, index: int, user_id: int) -> None:
    """Hand ``index`` of ``group``'s arena reaches ``user_id``: live for everyone (filed
    once), and for them their own game."""
    hands = kept(context.application).hands
    key = (group, arena.number, index)
    game = hands.get(key)
    live = services(context.application).live_hands
    if game is None:
        game = hands[key] = LiveArenaHand(arena, index)
        live.add(FIRST_ID - next(_IDS), game, kind=KIND)
    live.add_player(user_id, game, kind=KIND)


def release(context: BotContext, group: int, arena: Arena) -> None:
    """The arena is over: its hands are free, and the /solve requests they held are
    answered."""
    hands = kept(context.application).hands
    for key in [key for key in hands if key[:2] == (group, arena.number)]:
        context.bot_data.deferred_solves.release(hands.pop(key))
