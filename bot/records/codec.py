"""The generic codec: dataclasses to JSON-ready records and back, by their type hints, a cattrs
converter with hooks only for what JSON does not have; reading is lenient, and a record
shares nothing that can change with the data (docs/design-platform.md, *Records*)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, get_args, get_origin

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

Record = dict[str, Any]


class RecordError(ValueError):
    """A record (or a pickled row of release 1) this version cannot read."""


def _keyed_by_ids(hint: Any) -> bool:
    """Whether a type hint is a dict keyed by ids (``dict[int, ...]``)."""
    origin = get_origin(hint)
    return isinstance(origin, type) and issubclass(origin, Mapping) and get_args(hint)[:1] == (int,)


def unsaved_fields(cls: type, not_saved: Mapping[type, frozenset[str]]) -> frozenset[str]:
    """The fields of a dataclass that are not saved: those ``not_saved`` names for it, and
    those whose metadata says ``{"saved": False}`` (a game's own class, which the records do
    not name, says it so: ``field(default_factory=list, metadata={"saved": False})``)."""
    marked = {
        field.name for field in dataclasses.fields(cls) if field.metadata.get("saved") is False
    }
    return frozenset(marked) | not_saved.get(cls, frozenset())


def make_converter(not_saved: Mapping[type, frozenset[str]]) -> cattrs.Converter:
    """A converter of records, leaving out the fields ``not_saved`` names for each class,
    and those marked not saved (:func:`unsaved_fields`), read back as their defaults."""
    # Tuples as lists: what JSON has, and what the record is once read back.
    converter = cattrs.Converter(
        detailed_validation=False, unstruct_collection_overrides={tuple: list}
    )

    def by_id(hint: Any) -> Callable[[Mapping[int, Any]], Record]:
        value = converter.get_unstructure_hook(get_args(hint)[1])
        return lambda items: {str(k): value(v) for k, v in items.items()}

    converter.register_unstructure_hook_factory(_keyed_by_ids, by_id)
    converter.register_unstructure_hook(Fraction, str)
    converter.register_structure_hook(Fraction, lambda value, _: Fraction(value))
    converter.register_unstructure_hook(dt.date, dt.date.isoformat)
    converter.register_structure_hook(dt.date, lambda value, _: dt.date.fromisoformat(value))

    def has_unsaved(cls: Any) -> bool:
        return (
            isinstance(cls, type)
            and dataclasses.is_dataclass(cls)
            and bool(unsaved_fields(cls, not_saved))
        )

    def to_record(cls: type) -> Callable[[Any], Record]:
        omit: dict[str, Any] = {
            name: override(omit=True) for name in unsaved_fields(cls, not_saved)
        }
        write: Callable[[Any], Record] = make_dict_unstructure_fn(cls, converter, **omit)
        return write

    converter.register_unstructure_hook_factory(has_unsaved, to_record)

    def from_record(cls: type) -> Callable[[Any, type], Any]:
        omit: dict[str, Any] = {
            name: override(omit=True) for name in unsaved_fields(cls, not_saved)
        }
        build: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter, **omit)

        def structure(record: Any, _: type) -> Any:
            if not isinstance(record, dict):
                raise TypeError(f"a record of {cls.__name__} is not an object: {record!r}")
            return build(record, cls)

        return structure

    converter.register_structure_hook_factory(dataclasses.is_dataclass, from_record)

    # A class that says how it is saved (a form shorter than its fields' object).
    def has_saved_form(cls: Any) -> bool:
        return isinstance(cls, type) and hasattr(cls, "saved_form") and hasattr(cls, "from_saved")

    converter.register_unstructure_hook_factory(has_saved_form, lambda cls: cls.saved_form)
    converter.register_structure_hook_factory(
        has_saved_form, lambda cls: lambda value, _: cls.from_saved(value)
    )
    return converter


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""Compact, fields in their order; an infinite time is written as Infinity, which Python's
json reads back (strict JSON has no such number).  Made once: ``json.dumps`` with options
makes a new encoder at every call.  No check for circular references (a tenth of the
encoding): the bot's data holds none, and one would still fail, as a ``RecursionError``
rather than a ``ValueError``."""


def json_text(record: Record) -> str:
    """A record as the JSON text the data file stores."""
    return _ENCODER.encode(record)
