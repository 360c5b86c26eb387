"""A game's own part of the bot's data across all chats (bot.state.GlobalPart): declared in
its package, in the global row by its name or in item rows of its own (bot.state.ItemRows),
a save writing only the items it names; a part no declaration names is kept as it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot import records
from bot.persistence import SQLitePersistence
from bot.rules.unread import Unread
from bot.state import GlobalData, GlobalPart, ItemRows


@dataclass(slots=True)
class Pins:
    """A game's global part only these tests declare (in the global row)."""

    placed: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Tile:
    """An item kept in a row of its own."""

    value: int = 0


@dataclass(slots=True)
class Tiles:
    """A game's global part only these tests declare (in rows of its own)."""

    tiles: dict[str, Tile] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)

    def drop(self, key: str) -> None:
        del self.tiles[key]
        self.dropped.append(key)

    def take_dropped(self) -> list[str]:
        dropped, self.dropped = self.dropped, []
        return dropped


def _put(tiles: Tiles, read: dict[str, Tile]) -> None:
    tiles.tiles = read


@pytest.fixture
def parts() -> Iterator[tuple[GlobalPart[Pins], GlobalPart[Tiles]]]:
    """The tests' parts, declared for the test only (every global data made while they are
    declared holds them: the other tests' must not)."""
    pins = GlobalPart("pins-of-the-test", Pins)
    rows = ItemRows(
        "tile-of-the-test",
        Tile,
        str,
        items=lambda tiles: tiles.tiles,
        put=_put,
        dropped=Tiles.take_dropped,
    )
    tiles = GlobalPart("tiles-of-the-test", Tiles, rows=(rows,))
    try:
        yield pins, tiles
    finally:
        for part in (pins, tiles):
            GlobalPart.declared.pop(part.name, None)
        GlobalPart.row_kinds.pop("tile-of-the-test", None)


def _rows_as_read(data: GlobalData) -> dict[str, dict[records.Key, object]]:
    """Every row of ``data``, written and read back, by kind then key."""
    by_kind: dict[str, dict[records.Key, object]] = {}
    for (kind, key), value in records.global_rows(data).items():
        text = records.saved(kind, value).text
        by_kind.setdefault(kind, {})[key] = records.load(kind, text)
    return by_kind


def test_new_global_data_holds_a_new_part(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    pins, _tiles = parts
    assert pins.of(GlobalData()) == Pins()


def test_a_part_is_saved_in_the_global_row_by_its_name(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    pins, _tiles = parts
    data = GlobalData()
    pins.get(data).placed.append(3)
    assert records.global_record(data)["pins-of-the-test"] == {"placed": [3]}


def test_a_part_is_read_back_from_the_global_row(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    pins, _tiles = parts
    data = GlobalData()
    pins.get(data).placed.append(4)
    loaded = records.load("global", records.saved("global", data).text)
    assert pins.get(loaded) == Pins([4])


def test_a_part_in_rows_of_its_own_is_not_in_the_global_row(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles["a"] = Tile(1)
    assert "tiles-of-the-test" not in records.global_record(data)


def test_each_item_is_a_row_of_its_own(parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]]) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles.update({"a": Tile(1), "b": Tile(2)})
    rows = records.global_rows(data)
    assert [key for kind, key in rows if kind == "tile-of-the-test"] == [("a",), ("b",)]


def test_the_items_are_read_back_from_their_rows(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles.update({"a": Tile(1), "b": Tile(2)})
    loaded = records.global_from_rows(_rows_as_read(data))
    assert tiles.get(loaded).tiles == {"a": Tile(1), "b": Tile(2)}


def test_a_save_writes_only_the_items_it_names(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles.update({"a": Tile(1), "b": Tile(2)})
    rows = data.changed_rows((), **{"tile-of-the-test": ["b"]})
    assert [key for kind, key in rows if kind == "tile-of-the-test"] == [("b",)]


def test_a_save_deletes_the_rows_of_items_dropped(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles.update({"a": Tile(1), "b": Tile(2)})
    tiles.get(data).drop("a")
    assert data.changed_rows()[("tile-of-the-test", ("a",))] is None


def test_a_dropped_item_is_deleted_once(parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]]) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles["a"] = Tile(1)
    tiles.get(data).drop("a")
    data.changed_rows()
    assert ("tile-of-the-test", ("a",)) not in data.changed_rows()


def test_a_save_naming_rows_of_no_part_is_refused() -> None:
    with pytest.raises(ValueError, match="no-such-rows"):
        GlobalData().changed_rows((), **{"no-such-rows": ["a"]})


def test_a_key_of_another_type_does_not_load(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    with pytest.raises(records.RecordError):
        records.global_from_rows({"tile-of-the-test": {(7,): Tile(1)}})


def test_rows_named_as_the_data_files_own_are_refused() -> None:
    rows = ItemRows("rating", Tile, int, items=lambda tiles: tiles.tiles, put=_put)
    with pytest.raises(ValueError, match="rating"):
        GlobalPart("ratings-of-the-test", Tiles, rows=(rows,))


def test_two_parts_rows_of_one_kind_are_refused(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    rows = ItemRows("tile-of-the-test", Tile, str, items=lambda tiles: tiles.tiles, put=_put)
    with pytest.raises(ValueError, match="tile-of-the-test"):
        GlobalPart("more-tiles-of-the-test", Tiles, rows=(rows,))


def test_a_part_refused_is_not_declared(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]],
) -> None:
    rows = ItemRows("tile-of-the-test", Tile, str, items=lambda tiles: tiles.tiles, put=_put)
    with pytest.raises(ValueError, match="tile-of-the-test"):
        GlobalPart("more-tiles-of-the-test", Tiles, rows=(rows,))
    assert "more-tiles-of-the-test" not in GlobalPart.declared


def test_a_part_named_as_a_field_is_refused() -> None:
    with pytest.raises(ValueError, match="ratings"):
        GlobalPart("ratings", Pins)


def test_a_part_never_declared_is_kept_unread() -> None:
    text = json.dumps({"v": records.VERSION, "a-game-of-a-later-version": {"held": [1]}})
    assert isinstance(records.load("global", text).parts["a-game-of-a-later-version"], Unread)


def test_a_part_never_declared_is_written_back_as_it_was() -> None:
    text = json.dumps({"v": records.VERSION, "a-game-of-a-later-version": {"held": [1]}})
    written = json.loads(records.saved("global", records.load("global", text)).text)
    assert written["a-game-of-a-later-version"] == {"held": [1]}


@pytest.mark.asyncio
async def test_the_data_file_keeps_a_parts_rows(
    parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]], tmp_path: Path
) -> None:
    _pins, tiles = parts
    data = GlobalData()
    tiles.get(data).tiles["a"] = Tile(5)
    first = SQLitePersistence(tmp_path)
    first.write_now(records.global_rows(data))
    await first.flush()
    second = SQLitePersistence(tmp_path)
    try:
        loaded = second.load_global()
    finally:
        await second.flush()
    assert tiles.get(loaded).tiles == {"a": Tile(5)}
