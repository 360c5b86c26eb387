"""The list of games (``bot.games.GAMES``): every game package declares its ``GAME`` and is
listed once; the names are distinct; each game's handlers stand in a slot the application
places; each menu position is one command's."""

from __future__ import annotations

import importlib
from pathlib import Path

from bot import app
from bot.games import GAMES
from bot.menus import FEATURES_MENU
from bot.play.registry import Menu, Slot

GAMES_FOLDER = Path(__file__).resolve().parents[2] / "bot" / "games"


def test_every_game_package_is_listed_once() -> None:
    packages = sorted(p.name for p in GAMES_FOLDER.iterdir() if (p / "__init__.py").exists())
    declared = [importlib.import_module(f"bot.games.{name}").GAME for name in packages]
    assert sorted(map(id, declared)) == sorted(map(id, GAMES))


def test_the_games_names_are_distinct() -> None:
    names = [game.name for game in GAMES]
    assert len(set(names)) == len(names)


def test_the_application_places_every_slot_once() -> None:
    placed = [handlers for handlers in app.HANDLERS if isinstance(handlers, Slot)]
    assert placed == list(Slot)


def test_only_the_rounds_are_the_plain_game() -> None:
    assert [game.name for game in GAMES if game.plain] == ["round"]


def test_each_menu_position_is_taken_once() -> None:
    for menu in Menu:
        entries = [*FEATURES_MENU, *(entry for game in GAMES for entry in game.menu)]
        positions = [entry.position for entry in entries if entry.menu is menu]
        assert len(set(positions)) == len(positions), menu
