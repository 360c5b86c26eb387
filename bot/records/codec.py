"""The generic codec: a dataclass's saved fields to a JSON-ready record and back.

It knows no class of the bot: :mod:`bot.records.schema` says, class by class, which
fields need a converter (what JSON does not have: tuples, ids as object keys, fractions,
dates, enums, nested objects) and which are not saved.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
Record = dict[str, Any]
Convert = Callable[[Any], Any]
_Maker = Callable[[Any, dict[str, Convert]], Record]


class RecordError(ValueError):
    """A record (or a pickled row of release 1) this version cannot read."""


_LEAVES = frozenset({str, int, float, bool})


class Codec:
    """Records of dataclasses, leaving out the fields ``not_saved`` names for each class
    (read back as their defaults)."""

    def __init__(self, not_saved: Mapping[type, frozenset[str]]) -> None:
        self._not_saved = not_saved
        self._fields: dict[type, tuple[str, ...]] = {}
        self._makers: dict[tuple[Any, ...], _Maker] = {}

    def saved_fields(self, cls: type) -> tuple[str, ...]:
        """The names of a dataclass's fields that are saved (worked out once per class: a
        save of every chat that changed runs four times a second)."""
        names = self._fields.get(cls)
        if names is None:
            skip = self._not_saved.get(cls, frozenset())
            fields = dataclasses.fields(cls)
            names = self._fields[cls] = tuple(f.name for f in fields if f.name not in skip)
        return names

    def record(self, obj: Any, **convert: Convert) -> Record:
        """An object's saved fields, each converted by ``convert[name]`` if given (not None).

        The record shares nothing that can change with the object: a list or dict with no
        converter (a player's times, the status lines) is copied; what it holds is text or
        numbers.
        """
        key = (type(obj), *convert)
        make = self._makers.get(key)
        if make is None:
            make = self._makers[key] = self._maker(type(obj), frozenset(convert))
        return make(obj, convert)

    def _maker(self, cls: type, converted: frozenset[str]) -> _Maker:
        """:meth:`record` written out field by field for one class and one set of converted
        fields, as :mod:`dataclasses` writes out a class's ``__init__``.  A save writes every
        chat that changed, four times a second, holding up the event loop meanwhile: a loop
        over the fields by name took 1.2 to 1.4 times as long (``bench/records_bench.py``
        weighs it against msgspec and cattrs)."""
        names = self.saved_fields(cls)
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
        maker: _Maker = namespace["record"]
        return maker

    def build(self, cls: type[T], record: Any, **convert: Convert) -> T:
        """A ``cls`` from a record: fields it lacks take their defaults, unknown ones are
        ignored."""
        if not isinstance(record, dict):
            raise TypeError(f"a record of {cls.__name__} is not an object: {record!r}")
        values = {}
        for name in self.saved_fields(cls):
            if name not in record:
                continue
            value = record[name]
            if value is not None and name in convert:
                value = convert[name](value)
            values[name] = value
        return cls(**values)


# --- JSON stand-ins for what JSON lacks ----------------------------------------------------


def by_id(convert: Convert | None = None) -> Callable[[Mapping[int, Any]], Record]:
    """Writes a dict keyed by ids as a JSON object (its keys as text)."""
    return lambda items: {str(k): v if convert is None else convert(v) for k, v in items.items()}


def from_id(convert: Convert | None = None) -> Callable[[Record], dict[int, Any]]:
    """Reads back what :func:`by_id` wrote."""
    return lambda items: {int(k): v if convert is None else convert(v) for k, v in items.items()}


def dict_of(convert: Convert) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A dict with the same keys, each value converted."""
    return lambda items: {k: convert(v) for k, v in items.items()}


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""Compact, fields in their order; an infinite time is written as Infinity, which Python's
json reads back (strict JSON has no such number).  Made once: ``json.dumps`` with options
makes a new encoder at every call.  No check for circular references (a tenth of the
encoding): the bot's data holds none, and one would still fail, as a ``RecursionError``
rather than a ``ValueError``."""


def json_text(record: Record) -> str:
    """A record as the JSON text the data file stores."""
    return _ENCODER.encode(record)
