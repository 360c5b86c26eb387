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
from bot.state import GlobalData, GlobalPart, ItemRows, RowValue


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
    rows = ItemRows("hand", Tile, str, items=lambda tiles: tiles.tiles, put=_put)
    with pytest.raises(ValueError, match="hand"):
        GlobalPart("hands-of-the-test", Tiles, rows=(rows,))


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
    with pytest.raises(ValueError, match="a field of the data"):
        GlobalPart("hand_records", Pins)


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


@dataclass(slots=True)
class Scores:
    """A game's global part only these tests declare: players' items in rows keyed by their
    id, and a count beside them in the global row (as the duels' ratings and ``pairs``)."""

    players: dict[int, Tile] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


def _put_players(scores: Scores, read: dict[int, Tile]) -> None:
    scores.players = read


def _put_counts(scores: Scores, read: dict[str, int]) -> None:
    scores.counts = read


@pytest.fixture
def scores() -> Iterator[GlobalPart[Scores]]:
    """The part of :class:`Scores`, declared for the test only."""
    rows = ItemRows(
        "score-of-the-test",
        Tile,
        int,
        items=lambda scores: scores.players,
        put=_put_players,
        plain_key=True,
    )
    counts = RowValue(
        "counts-of-the-test", dict[str, int], lambda scores: scores.counts, _put_counts
    )
    part = GlobalPart("scores-of-the-test", Scores, rows=(rows,), values=(counts,))
    try:
        yield part
    finally:
        GlobalPart.declared.pop(part.name, None)
        GlobalPart.row_kinds.pop("score-of-the-test", None)


def test_rows_keyed_plainly_are_keyed_by_the_id(scores: GlobalPart[Scores]) -> None:
    data = GlobalData()
    scores.get(data).players.update({7: Tile(1), 8: Tile(2)})
    rows = records.global_rows(data)
    assert [key for kind, key in rows if kind == "score-of-the-test"] == [7, 8]


def test_rows_keyed_plainly_are_read_back(scores: GlobalPart[Scores]) -> None:
    data = GlobalData()
    scores.get(data).players[7] = Tile(3)
    loaded = records.global_from_rows(_rows_as_read(data))
    assert scores.get(loaded).players == {7: Tile(3)}


def test_a_save_names_an_item_keyed_plainly(scores: GlobalPart[Scores]) -> None:
    data = GlobalData()
    scores.get(data).players.update({7: Tile(1), 8: Tile(2)})
    rows = data.changed_rows((), **{"score-of-the-test": [8]})
    assert [key for kind, key in rows if kind == "score-of-the-test"] == [8]


def test_a_key_in_a_tuple_does_not_load_as_a_plain_one(scores: GlobalPart[Scores]) -> None:
    with pytest.raises(records.RecordError):
        records.global_from_rows({"score-of-the-test": {(7,): Tile(1)}})


def test_a_value_beside_the_rows_is_in_the_global_row_by_its_name(
    scores: GlobalPart[Scores],
) -> None:
    data = GlobalData()
    scores.get(data).counts["a"] = 2
    assert records.global_record(data)["counts-of-the-test"] == {"a": 2}


def test_a_value_beside_the_rows_is_read_back(scores: GlobalPart[Scores]) -> None:
    data = GlobalData()
    scores.get(data).counts["a"] = 2
    loaded = records.load("global", records.saved("global", data).text)
    assert scores.get(loaded).counts == {"a": 2}


def test_a_value_beside_the_rows_is_no_part_of_its_own(scores: GlobalPart[Scores]) -> None:
    text = json.dumps({"v": records.VERSION, "counts-of-the-test": {"a": 2}})
    assert "counts-of-the-test" not in records.load("global", text).parts


def test_a_value_named_as_a_field_of_the_global_row_is_refused() -> None:
    value = RowValue("seasons", dict[str, int], lambda scores: scores.counts, _put_counts)
    rows = ItemRows("field-of-the-test", Tile, int, items=lambda s: s.players, put=_put_players)
    GlobalPart("fields-of-the-test", Scores, rows=(rows,), values=(value,))
    try:
        with pytest.raises(ValueError, match="seasons"):
            records.global_record(GlobalData())
    finally:
        GlobalPart.declared.pop("fields-of-the-test", None)
        GlobalPart.row_kinds.pop("field-of-the-test", None)


def test_a_value_beside_no_rows_is_refused() -> None:
    value = RowValue("counts-of-the-test", dict[str, int], lambda s: s.counts, _put_counts)
    with pytest.raises(ValueError, match="no rows"):
        GlobalPart("no-rows-of-the-test", Scores, values=(value,))


@pytest.mark.asyncio
async def test_the_data_file_keeps_rows_keyed_plainly(
    scores: GlobalPart[Scores], tmp_path: Path
) -> None:
    data = GlobalData()
    scores.get(data).players[7] = Tile(5)
    first = SQLitePersistence(tmp_path)
    first.write_now(records.global_rows(data))
    await first.flush()
    second = SQLitePersistence(tmp_path)
    try:
        loaded = second.load_global()
    finally:
        await second.flush()
    assert scores.get(loaded).players == {7: Tile(5)}


def test_a_part_is_found_by_its_kind(parts: tuple[GlobalPart[Pins], GlobalPart[Tiles]]) -> None:
    _pins, tiles = parts
    assert GlobalPart.of_kind(Tiles) is tiles


def test_no_part_of_a_kind_never_declared_is_found() -> None:
    with pytest.raises(KeyError, match="Scores"):
        GlobalPart.of_kind(Scores)
