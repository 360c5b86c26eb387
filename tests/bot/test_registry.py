"""The lists of games (``bot.games.GAMES``) and features (``bot.features.FEATURES``): every
game package declares its ``GAME`` and every feature its ``FEATURE``, listed once; the names
are distinct; each game's handlers stand in a slot the application places, each feature's
where it lists it; each menu position is one command's."""

from __future__ import annotations

import importlib
import typing
from pathlib import Path

from bot import app
from bot.context import BotContext, BotData
from bot.features import FEATURES, stray_buttons
from bot.games import GAMES
from bot.play.registry import Feature, Game, Menu, Slot
from bot.plug_ins import FeatureOf, GameOf, Profiled

GAMES_FOLDER = Path(__file__).resolve().parents[2] / "bot" / "games"
FEATURES_FOLDER = GAMES_FOLDER.parent / "features"


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
        declared: tuple[Game | Feature, ...] = (*GAMES, *FEATURES)
        entries = [entry for each in declared for entry in each.menu]
        positions = [entry.position for entry in entries if entry.menu is menu]
        assert len(set(positions)) == len(positions), menu


def test_every_feature_is_listed_once() -> None:
    modules = sorted(
        p.stem if p.suffix == ".py" else p.name
        for p in FEATURES_FOLDER.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()
    )
    declared = [importlib.import_module(f"bot.features.{name}").FEATURE for name in modules]
    assert sorted(map(id, declared)) == sorted(map(id, FEATURES))


def test_the_features_names_are_distinct() -> None:
    names = [feature.name for feature in FEATURES]
    assert len(set(names)) == len(names)


def test_the_application_registers_the_features_in_their_order() -> None:
    placed = [handlers for handlers in app.HANDLERS if isinstance(handlers, FeatureOf)]
    assert [*placed, stray_buttons.FEATURE] == list(FEATURES)


def test_the_bot_datas_registries_are_typed_by_what_they_hold() -> None:
    hints = typing.get_type_hints(BotData)
    assert (hints["games"], hints["features"], hints["profile_parts"]) == (
        tuple[GameOf[BotContext], ...],
        tuple[FeatureOf[BotContext], ...],
        list[Profiled[BotContext]],
    )
