"""The records of this version: which fields are not saved (:data:`NOT_SAVED`), and how
values older records hold are read.  A chat's record holds its table's, which holds its
round's...; a record names no class, and its fields are the dataclasses' (:mod:`bot.state`,
:mod:`bot.rules`), converted by :mod:`bot.records.codec`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from bot.records.codec import Record, make_converter
from bot.rules.hand_records import HandRecord
from bot.rules.off_boards import OffBoards
from bot.rules.requests import Rules
from bot.rules.seasons.groups import TALLIES, ListedGroups
from bot.rules.seasons.tables import BOARDS, FinalTables, Row, Seasons, ordered
from bot.rules.seats import SEATS, Seated
from bot.rules.table import Table
from bot.rules.table_parts import TABLE_PARTS
from bot.rules.unread import Unread
from bot.state import (
    ChatData,
    ChatPart,
    GlobalData,
    GlobalPart,
    Part,
    RowValue,
    UserData,
    UserPart,
)

T = TypeVar("T")

VERSION = 4
"""The schema version of the records this version writes."""

NOT_SAVED: dict[type, frozenset[str]] = {}
"""Fields left out of the records (read back as their defaults) beside those a class marks
``{"saved": False}`` (:func:`~bot.records.codec.unsaved_fields`: a round's hints, a
player's streak worked out again, what was dropped from the hand records and challenges and
only waits for its rows to be deleted; who in a group was sent to private from its daily
post, told once more after a restart at most)."""

CONVERTER = make_converter(NOT_SAVED)


def _number_from(value: object, _: object) -> int | Fraction:
    """A number of a /solve request: an int as such, a fraction as text (``"3/4"``)."""
    if isinstance(value, str):
        return Fraction(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number of a request: {value!r}")


def _rules_from(value: object, _: object) -> Rules:
    """A /solve request's rules; records written before Countdown's rules have ``true``
    (whole numbers only) or ``false`` where the rules are."""
    if isinstance(value, bool):
        return Rules.WHOLE if value else Rules.EXACT
    return Rules(str(value))


CONVERTER.register_structure_hook(int | Fraction, _number_from)
CONVERTER.register_structure_hook(Rules, _rules_from)


def _part_record(part: object, kind: type | None) -> Any:
    """A part (a game a table keeps, a game's part of a chat's or user's data) as a record:
    by its declared kind, or as it was read if it was never read as one."""
    if isinstance(part, Unread):
        return part.record
    return CONVERTER.unstructure(part, type(part) if kind is None else kind)


def _part_from(record: object, kind: type | None) -> object:
    """A part from its record: read as its declared kind, or kept unread if none was declared
    yet (its game's module not imported: it is read when its game first asks for it)."""
    if kind is None:
        return Unread(record, CONVERTER.structure)
    return CONVERTER.structure(record, kind)


def _games_record(games: dict[str, Seated]) -> Record:
    """A table's games as a record: each by its kind's name."""
    return {name: _part_record(game, _seat_kind(name)) for name, game in games.items()}


def _seat_kind(name: str) -> type | None:
    seat = SEATS.get(name)
    return None if seat is None else seat.kind


def _games_from(value: object, _: object) -> dict[str, Seated]:
    """A table's games from their record (a kind no seat declared is kept unread)."""
    if not isinstance(value, dict):
        raise TypeError(f"a record of a table's games is not an object: {value!r}")
    games: dict[str, Seated] = {}
    for name, game in value.items():
        if game is not None:
            read = _part_from(game, _seat_kind(name))
            assert isinstance(read, Unread) or hasattr(read, "on")  # a Seated kind
            games[name] = read
    return games


_GAMES: dict[str, Any] = {
    "games": override(unstruct_hook=_games_record, struct_hook=_games_from),
    "previous": override(unstruct_hook=_games_record, struct_hook=_games_from),
    "parts": override(omit=True),
}
_TABLE_FIELDS = frozenset(field.name for field in dataclasses.fields(Table)) - {"parts"}
_table_record = make_dict_unstructure_fn(Table, CONVERTER, **_GAMES)
_table_from = make_dict_structure_fn(Table, CONVERTER, **_GAMES)


def _table_part_kind(name: str) -> type | None:
    part = TABLE_PARTS.get(name)
    return None if part is None else part.kind


def _unstructure_table(table: Table) -> Record:
    """A table's record: its own fields, then what its games keep beside them, each by its
    part's name (:mod:`bot.rules.table_parts`: the match, saved so before it was a part)."""
    record: Record = _table_record(table)
    for name, part in table.parts.items():
        record[name] = _part_record(part, _table_part_kind(name))
    return record


def _structure_table(record: object, _: object) -> Table:
    if not isinstance(record, dict):
        raise TypeError(f"a record of Table is not an object: {record!r}")
    table = _table_from(record, Table)
    table.parts = {
        name: _part_from(part, _table_part_kind(name))
        for name, part in record.items()
        if name not in _TABLE_FIELDS and part is not None
    }
    return table


CONVERTER.register_unstructure_hook(Table, _unstructure_table)
CONVERTER.register_structure_hook(Table, _structure_table)


def _board_kind(name: str) -> type | None:
    board = BOARDS.get(name)
    return None if board is None else board.kind


def _seasons_record(seasons: Seasons) -> Record:
    """The seasons as a record: the season on, each board's state by the board's name (each
    board the season keeps a state for, new if none yet: the record's form before the
    boards were the games'), and the ended seasons' final tables."""
    states = dict(seasons.boards)
    for name, board in BOARDS.items():
        if board.new is not None and name not in states:
            states[name] = board.new()
    record: Record = {"current": seasons.current}
    for name in ordered(states):
        record[name] = _part_record(states[name], _board_kind(name))
    record["kept"] = {season: _tables_record(tables) for season, tables in seasons.kept.items()}
    return record


def _tables_record(tables: FinalTables) -> Record:
    rows = CONVERTER.get_unstructure_hook(list[Row])
    return {
        "season": tables.season,
        **{name: rows(tables.boards[name]) for name in ordered(tables.boards)},
    }


def _object(record: object, what: str) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise TypeError(f"a record of {what} is not an object: {record!r}")
    return record


def _seasons_from(record: object, _: object) -> Seasons:
    """The seasons from their record: a board's state by its declared kind (one no
    declaration names yet is kept unread), an ended season's tables by board."""
    found = _object(record, "Seasons")
    boards = {}
    for name, state in found.items():
        if name in {"current", "kept"} or state is None:
            continue
        read = _part_from(state, _board_kind(name))
        board = BOARDS.get(name)
        if board is None or board.new is None or read != board.new():  # as new is as none
            boards[name] = read
    kept = {str(season): _tables_from(tables) for season, tables in found.get("kept", {}).items()}
    return Seasons(str(found.get("current", "")), boards, kept)


def _tables_from(record: object) -> FinalTables:
    found = _object(record, "FinalTables")
    boards = {
        name: CONVERTER.structure(rows, list[Row])
        for name, rows in found.items()
        if name != "season" and rows is not None
    }
    return FinalTables(str(found["season"]), boards)


CONVERTER.register_unstructure_hook(Seasons, _seasons_record)
CONVERTER.register_structure_hook(Seasons, _seasons_from)


def _groups_record(groups: ListedGroups) -> Record:
    """The listed groups as a record: their titles, and each tally by its name (each
    declared, empty if none yet: the record's form before the tallies were the games')."""
    empty: dict[str, dict[str, dict[int, int]]] = {name: {} for name in TALLIES}
    tallies = empty | groups.tallies
    weeks = CONVERTER.get_unstructure_hook(dict[str, dict[int, int]])
    return {
        "listed": CONVERTER.unstructure(groups.listed, dict[int, str]),
        **{name: weeks(counts) for name, counts in tallies.items()},
    }


def _groups_from(record: object, _: object) -> ListedGroups:
    found = _object(record, "ListedGroups")
    tallies = {
        name: CONVERTER.structure(counts, dict[str, dict[int, int]])
        for name, counts in found.items()
        if name != "listed" and counts is not None
    }
    return ListedGroups(
        CONVERTER.structure(found.get("listed", {}), dict[int, str]),
        {name: counts for name, counts in tallies.items() if counts},  # as new is as none
    )


CONVERTER.register_unstructure_hook(ListedGroups, _groups_record)
CONVERTER.register_structure_hook(ListedGroups, _groups_from)


def table_record(table: Table) -> Record:
    """A chat's table as a record (its settings, its games by kind, what they keep beside them
    and the players' stats)."""
    record: Record = CONVERTER.unstructure(table, Table)
    return record


def table_from_record(record: Record) -> Table:
    """The game a :func:`table_record` holds."""
    return CONVERTER.structure(record, Table)


def part_record(part: object) -> Record:
    """A part of the data (a game's state, a player's records) as a record, by its type."""
    record: Record = CONVERTER.unstructure(part, type(part))
    return record


def part_from_record(record: Record, kind: type[T]) -> T:
    """The part of type ``kind`` a :func:`part_record` holds."""
    return CONVERTER.structure(record, kind)


class _Parted:
    """How the records hold data kept in parts (a chat's, a user's): its own fields, then
    each game's part beside them, by the part's name (the fields the data held before its
    game declared a part of its own: the saved form is unchanged)."""

    def __init__(self, cls: type, declared: dict[str, Part[Any]]) -> None:
        self.fields = frozenset(field.name for field in dataclasses.fields(cls)) - {"parts"}
        self.declared = declared
        omit: dict[str, Any] = {"parts": override(omit=True)}
        self.write: Callable[[Any], Record] = make_dict_unstructure_fn(cls, CONVERTER, **omit)
        self.read: Callable[[Any, type], Any] = make_dict_structure_fn(cls, CONVERTER, **omit)
        self.cls = cls

    def kind(self, name: str) -> type | None:
        part = self.declared.get(name)
        return None if part is None else part.kind

    def record(self, data: Any) -> Record:
        record: Record = self.write(data)
        for name, part in data.parts.items():
            record[name] = _part_record(part, self.kind(name))
        return record

    def data(self, record: Record) -> Any:
        if not isinstance(record, dict):
            raise TypeError(f"a record of {self.cls.__name__} is not an object: {record!r}")
        data = self.read(record, self.cls)
        data.parts = {
            name: _part_from(part, self.kind(name))
            for name, part in record.items()
            if name not in self.fields and name != "v" and part is not None
        }
        return data


_CHAT = _Parted(ChatData, ChatPart.declared)
_USER = _Parted(UserData, UserPart.declared)


def chat_record(data: ChatData) -> Record:
    """What the data file keeps for a chat: its game, and its other parts by feature."""
    return {"v": VERSION, **_CHAT.record(data)}


def chat_from_record(record: Record) -> ChatData:
    """A chat's data from its record (of this version: see :func:`~bot.records.load`)."""
    data: ChatData = _CHAT.data(record)
    return data


def user_record(data: UserData) -> Record:
    """What the data file keeps for a user."""
    return {"v": VERSION, **_USER.record(data)}


def user_from_record(record: Record) -> UserData:
    """A user's data from its record (of this version: see :func:`~bot.records.load`)."""
    data: UserData = _USER.data(record)
    return data


GLOBAL_FIELDS = frozenset({"v", "off_boards", "names_key", "seasons", "groups"})
"""The keys of the global row that are the global data's own fields (any other is a game's
part, by its name, or a value a part kept in rows of its own keeps there)."""


def _global_parts() -> dict[str, type]:
    """The kind of each global part declared that the global row holds (not one kept in rows
    of its own)."""
    kinds = {}
    values = _row_values()
    for name, part in GlobalPart.declared.items():
        if name in GLOBAL_FIELDS or name in values:
            raise ValueError(f"a global part named as a field of the global row: {name!r}")
        if not (isinstance(part, GlobalPart) and part.rows):
            kinds[name] = part.kind
    return kinds


def _row_values() -> dict[str, tuple[GlobalPart[Any], RowValue[Any]]]:
    """The values the global row holds of the parts kept in rows of their own, by name."""
    values: dict[str, tuple[GlobalPart[Any], RowValue[Any]]] = {}
    for part in GlobalPart.declared.values():
        assert isinstance(part, GlobalPart)
        for value in part.values:
            if value.name in GLOBAL_FIELDS or value.name in values:
                raise ValueError(f"two values of the global row named {value.name!r}")
            values[value.name] = (part, value)
    return values


def global_record(data: GlobalData) -> Record:
    """The global row (kind ``global``, key 0): the players taken off the boards, the key
    of the players' handles, the seasons (the one on, its boards, the tables of those
    ended), the groups listed on ``/groups top``, each game's global part by its name
    (invitations and duels, the board of Rush runs...) and the values a part kept in rows
    of its own keeps beside (:class:`~bot.state.RowValue`: each pair's rated duels of the
    day, ``pairs``).  Each hand record and each item of a part kept in rows of its own (a
    player's rating) is a row of its own (:func:`item_kinds`), so that a save writes what
    changed, not every hand ever solved."""
    values = _row_values()
    record: Record = {
        "v": VERSION,
        **{
            name: CONVERTER.unstructure(value.get(part.get(data)), value.kind)
            for name, (part, value) in values.items()
        },
        "off_boards": CONVERTER.unstructure(data.off_boards, OffBoards),
        "names_key": data.names.key,
        "seasons": CONVERTER.unstructure(data.seasons, Seasons),
        "groups": CONVERTER.unstructure(data.groups, ListedGroups),
    }
    kinds = _global_parts()
    for name, part in data.parts.items():
        # A value read before its part was declared is written back as it was read (its
        # part is new: its rows, unread too, are still in the data file as they were).
        if name in kinds or name in values or name not in GlobalPart.declared:
            record[name] = _part_record(part, kinds.get(name))
    return record


def global_from_record(record: Record) -> GlobalData:
    """The data of the global row, with no hand records or items of the parts kept in rows
    of their own yet (see :func:`~bot.records.global_from_rows`); a part the row
    does not hold is new, and one no declaration names is kept unread."""
    data = GlobalData()
    values = _row_values()
    for name, (part, value) in values.items():
        if record.get(name) is not None:
            value.put(part.get(data), CONVERTER.structure(record[name], value.kind))
    data.off_boards = CONVERTER.structure(record.get("off_boards", {}), OffBoards)
    data.names.key = str(record.get("names_key", ""))
    data.seasons = CONVERTER.structure(record.get("seasons", {}), Seasons)
    data.groups = CONVERTER.structure(record.get("groups", {}), ListedGroups)
    kinds = _global_parts()
    for name, part in record.items():
        if name in GLOBAL_FIELDS or name in values or part is None:
            continue
        if name in kinds or name not in GlobalPart.declared:
            data.parts[name] = _part_from(part, kinds.get(name))
    return data


ITEM_KINDS: dict[str, type] = {"hand": HandRecord}
"""Kinds of row that hold one item of the global data's own: a hand's record (by ``(hand
key,)``); the global parts' rows add theirs (:func:`item_kinds`: a player's duel rating by
their id, a challenge by ``(token,)``, a hand's rating on the ladder...)."""


def item_kinds() -> dict[str, type]:
    """Every kind of row that holds one item of the global data, and the type of its value:
    :data:`ITEM_KINDS`, and each global part's rows declared (:class:`~bot.state.ItemRows`)."""
    return ITEM_KINDS | {kind: rows.item for kind, (_, rows) in GlobalPart.row_kinds.items()}


def item_record(kind: str, value: object) -> Record:
    """The record of one item of the global data (see :func:`item_kinds`)."""
    return {"v": VERSION, **CONVERTER.unstructure(value, item_kinds()[kind])}


def item_from_record(kind: str, record: Record) -> object:
    """The item a :func:`item_record` holds."""
    return CONVERTER.structure(record, item_kinds()[kind])
