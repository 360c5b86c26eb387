"""What a game is to the rest of the bot: a :class:`Game`, declared once in its own package
(``GAME = Game(...)``) and registered once, in :data:`bot.games.GAMES`.  The application
registers, restores and asks the games by going over that list; docs/design.md ("Adding a
game") says what a new game writes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from telegram.ext import Application

Register = Callable[[Application], None]
"""Adds a game's handlers (and its answer routes, deep links, page calls) to the application."""
Restore = Callable[[Application], object]
"""After a restart, sets again what PTB does not keep (a game's alarms, its live hands)."""


class Slot(Enum):
    """Where a game's handlers stand among the features' (PTB gives an update to the first
    handler of a group that takes it; :data:`bot.app.HANDLERS` places each slot)."""

    BEFORE_START = "before start"
    """Before /start and /help: handlers that take some /start, /daily, /stop or /giveup
    before anyone else (a daily attempt given up, a challenge's /giveup)."""
    GAMES = "games"
    """The games' commands, after /start and /help, before /score and /top."""
    BEFORE_SOLVE = "before solve"
    """Before /solve, whose inline handler takes every inline query left."""
    LAST = "last"
    """After /solve and the settings."""


@dataclass(frozen=True, slots=True)
class Handlers:
    """A part of a game's handlers, and where they stand."""

    register: Register
    slot: Slot = Slot.GAMES


@dataclass(frozen=True, slots=True)
class Game:
    """A game, as its package declares it."""

    name: str
    """What the logs call it."""
    handlers: tuple[Handlers, ...]
    """Its handlers, registered in this order within each slot, and the games of a slot in
    the order of :data:`bot.games.GAMES`."""
    restore: Restore | None = None
    """What it sets again after a restart (after the maintenance's, before the waiting
    /solve requests are answered: a hand still live keeps them waiting)."""


def register_slot(application: Application, games: tuple[Game, ...], slot: Slot) -> None:
    """Register the handlers of ``games`` that stand in ``slot``, in their order."""
    for game in games:
        for handlers in game.handlers:
            if handlers.slot is slot:
                handlers.register(application)


def restore_all(application: Application, games: tuple[Game, ...]) -> None:
    """After a restart, each game's restore, in their order."""
    for game in games:
        if game.restore is not None:
            game.restore(application)
