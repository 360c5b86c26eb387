"""What the data file stores: each chat's and user's data as an explicit, versioned record.

A record is a JSON object with the schema version under ``"v"`` and one entry per saved
field, nested as the objects are (a chat's record holds its table's, which holds its
round's...).  A record names no class: moving or renaming a class changes nothing on disk.
Reading is lenient: a field the record lacks takes its default, a field it has that no
class knows any more is ignored, so adding or removing a field never breaks a data file.
A change that needs more (a field renamed or moved, a meaning changed) raises
:data:`VERSION` and adds a step to :data:`UPGRADES`; records of older versions are upgraded
as they are read.

The conversion is generic over each dataclass's fields, with converters only for what JSON
does not have: tuples, ids as object keys (JSON keys are text), fractions, dates, the
round's phase and nested objects.  What is not saved (:data:`NOT_SAVED`) is left at its
default when read.

Data files of release 1 hold pickled objects instead (:func:`record_from_pickle` reads
them, once, when the file is migrated: see :mod:`bot.persistence`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from bot.game.countdown import Best, Countdown
from bot.game.daily import DailyRecord, DailyResult
from bot.game.hunt import Find, Hunt
from bot.game.requests import Rules, SolveRequest
from bot.game.rounds import Phase, Round
from bot.game.stats import ChatStats, PlayerStats
from bot.game.table import GameSettings, Match, Table
from bot.state import (
    ChatData,
    ChatLanguage,
    CountdownMessages,
    DailyChat,
    GroupStatus,
    HuntMessages,
    RoundMessages,
    SolvePages,
    Status,
    UserData,
)

VERSION = 2
"""The schema version of the records this version writes."""

T = TypeVar("T")
Record = dict[str, Any]
Key = int | tuple[int | str, ...]
"""A row's key: a chat's or user's id, or a conversation's key."""


CHAT_PARTS_OF_VERSION_1 = {
    "language": ("language", "chosen"),
    "recent_language": ("language", "recent"),
    "deal_message_id": ("rounds", "deal_message_id"),
    "status_message_id": ("status", "message_id"),
    "status_lines": ("status", "lines"),
    "status_sent": ("status", "sent"),
    "late_names": ("status", "late_names"),
    "daily_message_id": ("daily", "message_id"),
    "subscription": ("daily", "subscription"),
    "daily_done": ("daily", "done"),
    "solve_requests": ("solve", "requests"),
}
"""Where version 2 keeps each field a chat's record of version 1 held at its top: in a part
of the chat's data, by feature (:mod:`bot.state`)."""


def _chat_parts(kind: str, record: Record) -> Record:
    """Version 1 → 2: a chat's fields go into parts by feature, and ``mode`` is called
    ``answers_to``; the table, the members and other kinds of record are unchanged."""
    if kind != "chat":
        return record
    upgraded: Record = {}
    for name, value in record.items():
        if name in CHAT_PARTS_OF_VERSION_1:
            part, field = CHAT_PARTS_OF_VERSION_1[name]
            upgraded.setdefault(part, {})[field] = value
        elif name == "mode":
            upgraded["answers_to"] = value
        else:
            upgraded[name] = value
    return upgraded


UPGRADES: dict[int, Callable[[str, Record], Record]] = {1: _chat_parts}
"""For each older version ``v``, the step that turns a record of version ``v`` (of a kind:
``chat``, ``user``, ``conversation:…``) into one of ``v + 1``."""

NOT_SAVED: dict[type, frozenset[str]] = {
    Round: frozenset({"hint_list"}),
    DailyRecord: frozenset({"_fold"}),
}
"""Fields left out of the records (read back as their defaults).  A round's hints are
worked out again from its hand when first needed (:meth:`Round.needs_facts`): they are
objects of the solver (steps of fractions), and a running round is rare in a file.  A
player's streak is worked out again from the days solved."""


class RecordError(ValueError):
    """A record (or a pickled row of release 1) this version cannot read."""


@dataclass(frozen=True, slots=True)
class Saved:
    """A chat's or user's data as the data file stores it: its record as JSON text, made at
    once, so that later changes to the data cannot reach it.

    It is what ``copy.deepcopy`` makes of chat and user data (:mod:`bot.state`): PTB
    deep-copies them only to hand the copies to the persistence, and this text is the one
    copy the data file needs."""

    text: str


# --- JSON stand-ins for what JSON lacks ----------------------------------------------------


def _by_id(convert: Callable[[Any], Any] | None = None) -> Callable[[Mapping[int, Any]], Record]:
    """Writes a dict keyed by ids as a JSON object (its keys as text)."""
    return lambda items: {str(k): v if convert is None else convert(v) for k, v in items.items()}


def _from_id(convert: Callable[[Any], Any] | None = None) -> Callable[[Record], dict[int, Any]]:
    """Reads back what :func:`_by_id` wrote."""
    return lambda items: {int(k): v if convert is None else convert(v) for k, v in items.items()}


def _dict_of(convert: Callable[[Any], Any]) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    return lambda items: {k: convert(v) for k, v in items.items()}


def _number(value: object) -> int | str:
    """A number of a /solve request: an int as such, a fraction as text (``"3/4"``)."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number of a request: {value!r}")


def _number_from(value: object) -> int | Fraction:
    if isinstance(value, str):
        return Fraction(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number of a request: {value!r}")


def _request(request: SolveRequest) -> list[Any]:
    """A /solve request (numbers, target, rules) as ``[[numbers], target, rules]``."""
    numbers, target, rules = request
    return [[_number(n) for n in numbers], _number(target), rules.value]


def _request_from(value: list[Any]) -> SolveRequest:
    """Reads back what :func:`_request` wrote; records written before Countdown's rules have
    ``true`` (whole numbers only) or ``false`` where the rules are."""
    numbers, target, rules = value
    if isinstance(rules, bool):
        rules = Rules.WHOLE if rules else Rules.EXACT
    return tuple(_number_from(n) for n in numbers), _number_from(target), Rules(rules)


# --- objects to records and back ------------------------------------------------------------


_FIELDS: dict[type, tuple[str, ...]] = {}


def _saved_fields(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's fields that are saved (worked out once per class: a save
    of every chat that changed runs four times a second)."""
    names = _FIELDS.get(cls)
    if names is None:
        skip = NOT_SAVED.get(cls, frozenset())
        fields = dataclasses.fields(cls)
        names = _FIELDS[cls] = tuple(f.name for f in fields if f.name not in skip)
    return names


def _record(obj: Any, **convert: Callable[[Any], Any]) -> Record:
    """An object's saved fields, each converted by ``convert[name]`` if given (not None).

    The record shares nothing that can change with the object: a list or dict with no
    converter (a player's times, the status lines) is copied; what it holds is text or
    numbers.
    """
    key = (type(obj), *convert)
    make = _RECORD_MAKERS.get(key)
    if make is None:
        make = _RECORD_MAKERS[key] = _record_maker(type(obj), frozenset(convert))
    return make(obj, convert)


_RECORD_MAKERS: dict[tuple[Any, ...], Callable[[Any, dict[str, Callable[[Any], Any]]], Record]] = {}
_LEAVES = frozenset({str, int, float, bool})


def _record_maker(
    cls: type, converted: frozenset[str]
) -> Callable[[Any, dict[str, Callable[[Any], Any]]], Record]:
    """:func:`_record` written out field by field for one class and one set of converted
    fields, as :mod:`dataclasses` writes out a class's ``__init__``.  A save writes every
    chat that changed, four times a second, holding up the event loop meanwhile: a loop
    over the fields by name took 1.2 to 1.4 times as long."""
    names = _saved_fields(cls)
    lines = ["def record(obj, convert):"]
    for i, name in enumerate(names):
        lines.append(f"    v{i} = obj.{name}")
        if name in converted:
            lines += [f"    if v{i} is not None:", f"        v{i} = convert[{name!r}](v{i})"]
        else:  # as JSON has it (a tuple is read back as one), and shared with nothing
            lines += [
                f"    if v{i} is None or v{i}.__class__ in LEAVES:",
                "        pass",
                f"    elif isinstance(v{i}, tuple | list):",
                f"        v{i} = list(v{i})",
                f"    elif isinstance(v{i}, dict):",
                f"        v{i} = dict(v{i})",
            ]
    lines.append("    return {" + ", ".join(f"{n!r}: v{i}" for i, n in enumerate(names)) + "}")
    namespace: dict[str, Any] = {"LEAVES": _LEAVES}
    exec("\n".join(lines), namespace)
    maker: Callable[[Any, dict[str, Callable[[Any], Any]]], Record] = namespace["record"]
    return maker


def _build(cls: type[T], record: Any, **convert: Callable[[Any], Any]) -> T:
    """A ``cls`` from a record: fields it lacks take their defaults, unknown ones are ignored."""
    if not isinstance(record, dict):
        raise TypeError(f"a record of {cls.__name__} is not an object: {record!r}")
    values = {}
    for name in _saved_fields(cls):
        if name not in record:
            continue
        value = record[name]
        if value is not None and name in convert:
            value = convert[name](value)
        values[name] = value
    return cls(**values)


def _settings_from(record: Record) -> GameSettings:
    return _build(GameSettings, record, deck=tuple)


def _round(game: Round) -> Record:
    return _record(game, phase=str, wrong=_by_id(), votes=_dict_of(list))


def _round_from(record: Record) -> Round:
    return _build(
        Round,
        record,
        hand=tuple,
        phase=Phase,
        wrong=_from_id(),
        solutions=tuple,
        votes=_dict_of(tuple),
    )


def _match(match: Match) -> Record:
    return _record(match, points=_by_id(), names=_by_id())


def _match_from(record: Record) -> Match:
    return _build(Match, record, points=_from_id(), names=_from_id())


def _stats(stats: ChatStats) -> Record:
    return _record(stats, players=_by_id(_record))


def _stats_from(record: Record) -> ChatStats:
    return _build(ChatStats, record, players=_from_id(lambda r: _build(PlayerStats, r)))


def _hunt(hunt: Hunt) -> Record:
    return _record(hunt, found=_by_id(_record), votes=_dict_of(list))


def _hunt_from(record: Record) -> Hunt:
    return _build(
        Hunt,
        record,
        hand=tuple,
        solutions=tuple,
        found=_from_id(lambda r: _build(Find, r)),
        votes=_dict_of(tuple),
    )


def _countdown(game: Countdown) -> Record:
    return _record(game, below=list, above=list, best=_by_id(_record), votes=_dict_of(list))


def _countdown_from(record: Record) -> Countdown:
    return _build(
        Countdown,
        record,
        numbers=tuple,
        below=tuple,
        above=tuple,
        best=_from_id(lambda r: _build(Best, r)),
        votes=_dict_of(tuple),
    )


def table_record(table: Table) -> Record:
    """A chat's game as a record (its settings, round, match, hunt and players' stats)."""
    return _record(
        table,
        settings=_record,
        round=_round,
        match=_match,
        stats=_stats,
        hunt=_hunt,
        countdown=_countdown,
    )


def table_from_record(record: Record) -> Table:
    """The game a :func:`table_record` holds."""
    return _build(
        Table,
        record,
        settings=_settings_from,
        round=_round_from,
        match=_match_from,
        stats=_stats_from,
        hunt=_hunt_from,
        countdown=_countdown_from,
    )


def daily_record(daily: DailyRecord) -> Record:
    """A player's daily puzzles as a record."""
    return _record(daily, results=_dict_of(_record), replays=_dict_of(_record))


def daily_from_record(record: Record) -> DailyRecord:
    """The daily puzzles a :func:`daily_record` holds."""
    result = _dict_of(lambda r: _build(DailyResult, r))
    return _build(DailyRecord, record, results=result, replays=result)


def _daily_chat(daily: DailyChat) -> Record:
    return _record(daily, done=dt.date.isoformat)


def _daily_chat_from(record: Record) -> DailyChat:
    return _build(DailyChat, record, done=dt.date.fromisoformat)


def _solve_pages(pages: SolvePages) -> Record:
    return _record(pages, requests=_by_id(_request))


def _solve_pages_from(record: Record) -> SolvePages:
    return _build(SolvePages, record, requests=_from_id(_request_from))


def chat_record(data: ChatData) -> Record:
    """What the data file keeps for a chat: its game, and its other parts by feature."""
    return {
        "v": VERSION,
        **_record(
            data,
            table=table_record,
            language=_record,
            rounds=_record,
            status=_record,
            daily=_daily_chat,
            solve=_solve_pages,
            hunt=lambda part: _record(part, status=_record),
            countdown=lambda part: _record(part, status=_record),
            members=_by_id(),
        ),
    }


def chat_from_record(record: Record) -> ChatData:
    """A chat's data from its record (of this version: see :func:`load`)."""
    return _build(
        ChatData,
        record,
        table=table_from_record,
        language=lambda part: _build(ChatLanguage, part),
        rounds=lambda part: _build(RoundMessages, part),
        status=lambda part: _build(GroupStatus, part),
        daily=_daily_chat_from,
        solve=_solve_pages_from,
        hunt=lambda part: _build(HuntMessages, part, status=lambda status: _build(Status, status)),
        countdown=lambda part: _build(
            CountdownMessages, part, status=lambda status: _build(Status, status)
        ),
        members=_from_id(),
    )


def user_record(data: UserData) -> Record:
    """What the data file keeps for a user."""
    return {"v": VERSION, **_record(data, daily=daily_record)}


def user_from_record(record: Record) -> UserData:
    """A user's data from its record (of this version: see :func:`load`)."""
    return _build(UserData, record, daily=daily_from_record)


# --- rows: kinds, keys and JSON text ----------------------------------------------------------


def to_record(kind: str, value: Any) -> Record:
    """The record of a row's value: ``kind`` is ``chat``, ``user`` or ``conversation:…``."""
    if kind == "chat":
        return chat_record(value)
    if kind == "user":
        return user_record(value)
    if kind.startswith("conversation:"):
        return {"v": VERSION, "state": value}
    raise ValueError(f"no records of kind {kind!r}")


def from_record(kind: str, record: Record) -> Any:
    """The value a row's record holds (of this version: see :func:`upgrade`)."""
    if kind == "chat":
        return chat_from_record(record)
    if kind == "user":
        return user_from_record(record)
    if kind.startswith("conversation:"):
        return record.get("state")
    raise ValueError(f"no records of kind {kind!r}")


def saved(kind: str, value: Any) -> Saved:
    """``value`` as the data file stores it, made now (``value`` may already be
    :class:`Saved`, as PTB's copies of chat and user data are)."""
    if isinstance(value, Saved):
        return value
    if kind == "user" and value == _NEW_USER:
        # Most users' data is as new (they never played the daily puzzle), and is saved
        # after each of their updates: comparing costs a tenth of writing the record.
        return _NEW_USER_SAVED
    return Saved(_text(to_record(kind, value)))


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""Compact, fields in their order; an infinite time is written as Infinity, which Python's
json reads back (strict JSON has no such number).  Made once: ``json.dumps`` with options
makes a new encoder at every call.  No check for circular references (a tenth of the
encoding): the bot's data holds none, and one would still fail, as a ``RecursionError``
rather than a ``ValueError``."""


def _text(record: Record) -> str:
    return _ENCODER.encode(record)


_NEW_USER = UserData()
"""A user's data as new (never changed: compared with, never handed out)."""
_NEW_USER_SAVED = Saved(_text(user_record(_NEW_USER)))


def upgrade(kind: str, record: Any) -> Record:
    """A record of any version this version reads, brought to :data:`VERSION`."""
    if not isinstance(record, dict) or not isinstance(record.get("v"), int):
        raise RecordError(f"not a record: {str(record)[:80]!r}")
    version = record["v"]
    if version > VERSION:
        raise RecordError(f"a record of version {version}, written by a newer version")
    while version < VERSION:
        if version not in UPGRADES:
            raise RecordError(f"a record of unknown version {version}")
        record = UPGRADES[version](kind, record)
        version += 1
        record["v"] = version
    return record


def load(kind: str, text: str) -> Any:
    """A row's value from its JSON text; :class:`RecordError` if it cannot be read."""
    try:
        return from_record(kind, upgrade(kind, json.loads(text)))
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise RecordError(f"a {kind} record that does not fit ({error!r})") from error


def stored_key(key: Key) -> int | str:
    """A row's key as the data file stores it: an id as an integer, a conversation's key
    as JSON text."""
    if isinstance(key, tuple):
        return json.dumps(list(key), ensure_ascii=False)
    return key


def key_from_stored(stored: int | str) -> Key:
    """A row's key from what :func:`stored_key` made of it."""
    if isinstance(stored, int):
        return stored
    return tuple(json.loads(stored))


# --- release 1: pickled rows ------------------------------------------------------------------

# Release 1 stored each row's key and value pickled.  They are read here without the
# classes they name: each allowed class path stands for a plain stand-in that keeps the
# state it was pickled with, and anything else is refused, so a tampered file cannot run
# code and no later move of a class can make the old rows unreadable.

RELEASE_1_OBJECTS = frozenset(
    {
        "bot.context.ChatData",
        "bot.context.UserData",
        "bot.game.table.Table",
        "bot.game.table.GameSettings",
        "bot.game.table.Match",
        "bot.game.rounds.Round",
        "bot.game.stats.ChatStats",
        "bot.game.stats.PlayerStats",
        "bot.game.daily.DailyRecord",
        "bot.game.daily.DailyResult",
        "solver.hints.Hint",
    }
)
"""The dataclasses release 1 pickled (rebuilt from their pickled ``__dict__``)."""

RELEASE_1_TUPLES = frozenset({"solver.derivation.Step"})
"""Named tuples release 1 pickled (in a running round's hints, which are not kept)."""

RELEASE_1_VALUES: dict[str, Callable[..., Any]] = {
    "bot.game.rounds.Phase": str,  # an enum pickled by value: "playing", "won", ...
    "fractions.Fraction": Fraction,
    "datetime.date": dt.date,
}
"""Values release 1 pickled by calling their class, and what rebuilds each here."""

RELEASE_1_CLASSES = RELEASE_1_OBJECTS | RELEASE_1_TUPLES | frozenset(RELEASE_1_VALUES)
"""Every class path a row of release 1 may name; the unpickler refuses any other."""


class _Pickled:
    """An object of a pickled row: its class path and the state it was pickled with."""

    path = ""
    state: Mapping[str, Any] = {}  # unpickling makes the object without calling __init__

    def __setstate__(self, state: Any) -> None:
        if not isinstance(state, dict):
            raise pickle.UnpicklingError(f"{self.path} pickled with a state of {type(state)}")
        self.state = state


class _PickledTuple(tuple[Any, ...]):
    """A named tuple of a pickled row (its fields in order)."""

    path = ""

    def __new__(cls, *fields: Any) -> _PickledTuple:
        return super().__new__(cls, fields)


_STAND_INS: dict[str, type] = {
    **{path: type(path, (_Pickled,), {"path": path}) for path in RELEASE_1_OBJECTS},
    **{path: type(path, (_PickledTuple,), {"path": path}) for path in RELEASE_1_TUPLES},
}


class Release1Unpickler(pickle.Unpickler):
    """Reads release 1's pickled rows with stand-ins, refusing every other class."""

    def find_class(self, module: str, name: str) -> Any:
        path = f"{module}.{name}"
        if path in _STAND_INS:
            return _STAND_INS[path]
        if path in RELEASE_1_VALUES:
            return RELEASE_1_VALUES[path]
        raise pickle.UnpicklingError(f"a pickled row names {path}, which is not allowed")


def unpickle(data: bytes) -> Any:
    """A pickled key or value of release 1, built of stand-ins (never of the bot's classes)."""
    return Release1Unpickler(io.BytesIO(data)).load()


def _plain(value: Any) -> Any:
    """A release 1 value as a version 1 record (objects as their fields, ids as text keys)."""
    if isinstance(value, _Pickled):
        dropped = {"bot.game.rounds.Round": NOT_SAVED[Round]}.get(value.path, frozenset())
        return {k: _plain(v) for k, v in value.state.items() if k not in dropped}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise RecordError(f"a value of {type(value).__name__} in a pickled row")


def record_from_pickle(kind: str, data: bytes) -> Record:
    """A version 1 record from a pickled row of release 1 (raises :class:`RecordError`,
    or :class:`pickle.UnpicklingError` for a class that is not allowed)."""
    value = unpickle(data)
    expected = {"chat": "bot.context.ChatData", "user": "bot.context.UserData"}.get(kind)
    if expected is not None:
        if getattr(value, "path", None) != expected:
            raise RecordError(f"a {kind} row holding {type(value).__name__}, not {expected}")
        return {"v": 1, **_plain(value)}
    return {"v": 1, "state": _plain(value)}


def migrate_row(kind: str, key: bytes, value: bytes) -> tuple[str, int | str, str]:
    """A row of release 1 (key and value pickled) as a row of records: (kind, key, JSON).

    The record is read back into the bot's data and written from it, so that a row that
    would not load is refused now, while the file can still be left as it was.
    """
    old_key = unpickle(key)
    if not isinstance(old_key, int | tuple) or isinstance(old_key, bool):
        raise RecordError(f"a {kind} row keyed by {type(old_key).__name__}")
    data = from_record(kind, upgrade(kind, record_from_pickle(kind, value)))
    return kind, stored_key(old_key), saved(kind, data).text
