"""Data files of release 1: rows of pickled objects, read once, when the file is migrated
(:mod:`bot.persistence`), into records of version 1."""

from __future__ import annotations

import datetime as dt
import io
import pickle
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from bot.records.codec import Record, RecordError
from bot.records.migrations import upgrade
from bot.records.rows import from_record, saved, stored_key

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

RELEASE_1_NOT_SAVED = {"bot.game.rounds.Round": frozenset({"hint_list"})}
"""Fields of release 1's pickled classes that no record keeps: a round's hints (worked out
again from its hand)."""


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
        dropped = RELEASE_1_NOT_SAVED.get(value.path, frozenset())
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
