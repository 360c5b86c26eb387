"""What a game is to the rest of the bot: a :class:`Game`, declared once in its own package
(``GAME = Game(...)``) and registered once, in :data:`bot.games.GAMES`; and a feature that is
not a game, a :class:`Feature` (``FEATURE``, listed in :data:`bot.features.FEATURES`).  The
application registers, restores and asks them by going over those lists (``BotData.games``,
``BotData.features``); docs/adding-a-game.md says what a new game writes.  The
declarations' types are :mod:`bot.plug_ins`', here of the handlers' context."""

from __future__ import annotations

from typing import TypeAlias

from telegram.ext import Application

from bot.context import BotContext, BotData
from bot.plug_ins import (
    AsideOf,
    Asking,
    Board,
    Busy,
    FeatureOf,
    GameOf,
    GroupShareOf,
    Handlers,
    Help,
    HelpLine,
    Invitation,
    Kept,
    Menu,
    MenuEntry,
    On,
    Opening,
    PageView,
    PlayerBoardsOf,
    ProfilePart,
    PuzzleDays,
    Register,
    Restore,
    RunBoardsOf,
    SeasonBoardOf,
    Setting,
    Slot,
    TelegramGame,
    Titled,
    Told,
)
from bot.plug_ins import Boarded as BoardedOf
from bot.plug_ins import Helps as HelpsOf
from bot.plug_ins import Moved as MovedOf
from bot.plug_ins import Profiled as ProfiledOf
from bot.plug_ins import Scored as ScoredOf
from bot.services.solving import Solving
from bot.state import ChatData

__all__ = [
    "Aside",
    "Asking",
    "Board",
    "Boarded",
    "Busy",
    "Feature",
    "Game",
    "GroupShare",
    "Handlers",
    "Help",
    "HelpLine",
    "Helps",
    "Invitation",
    "Kept",
    "Menu",
    "MenuEntry",
    "Moved",
    "On",
    "Opening",
    "PageView",
    "PlayerBoards",
    "ProfilePart",
    "Profiled",
    "PuzzleDays",
    "Register",
    "Restore",
    "RunBoards",
    "Scored",
    "SeasonBoardShown",
    "Setting",
    "Slot",
    "TelegramGame",
    "Titled",
    "Told",
    "game_on",
    "register_slot",
    "restore_all",
    "set_up_work",
]

Game: TypeAlias = GameOf[BotContext]
"""A game, as its package declares it (:class:`bot.plug_ins.GameOf`)."""
Feature: TypeAlias = FeatureOf[BotContext]
"""A feature that is not a game, as its module declares it (:class:`bot.plug_ins.FeatureOf`)."""
Helps: TypeAlias = HelpsOf[BotContext]
"""A game's (or a feature's) lines of /help, in the reader's language."""
Profiled: TypeAlias = ProfiledOf[BotContext]
"""A game's (or a feature's) part of a player's profile."""
Moved: TypeAlias = MovedOf[BotContext]
"""What follows a group to its supergroup, of a game's."""
Scored: TypeAlias = ScoredOf[BotContext]
"""A game's line of a player's /score in a chat."""
Boarded: TypeAlias = BoardedOf[BotContext]
"""A game's own board in a chat's /top."""
Aside: TypeAlias = AsideOf[BotContext]
"""A player's own game set aside by another game in private (:class:`bot.plug_ins.AsideOf`)."""
RunBoards: TypeAlias = RunBoardsOf[BotContext]
"""A game's boards of runs, as the owner's removals reach them."""
SeasonBoardShown: TypeAlias = SeasonBoardOf[BotContext]
"""A game's board of a season, as ``/season`` shows it (:class:`bot.plug_ins.SeasonBoardOf`)."""
GroupShare: TypeAlias = GroupShareOf[BotContext]
"""A game's share of a listed group's week on ``/groups top``."""
PlayerBoards: TypeAlias = PlayerBoardsOf[BotContext]
"""A game's boards of players, as the owner's removals reach them."""


def game_on(chat: ChatData, data: BotData) -> Game | None:
    """The first game (in their order) that is on in the chat; None when none is."""
    for game in data.games:
        if game.on is not None and game.on(chat, data.global_data):
            return game
    return None


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


def set_up_work(solving: Solving, games: tuple[Game, ...]) -> None:
    """Each game's work with the solving service (:attr:`Game.work`), in their order."""
    for game in games:
        if game.work is not None:
            game.work(solving)
