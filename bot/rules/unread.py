"""A saved part of a chat's or user's data whose kind no declaration had named when its
record was read (its game's module not yet imported): kept as its record, written back as
it was, and read as its kind when its game first asks for it (docs/design-platform.md,
*Records*)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True, eq=False)
class Unread:
    """A part's record, not yet read."""

    record: Any
    """The part's record, as the data file held it."""
    read: Callable[[Any, type], Any]
    """How the records read a record as a type."""

    on: bool = False
    """A game not read is not on (a table asks every game it keeps)."""

    def as_kind(self, kind: type[T]) -> T:
        """The part, read as ``kind``."""
        value: T = self.read(self.record, kind)
        return value
