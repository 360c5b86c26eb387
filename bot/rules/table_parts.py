"""What a game keeps at a chat's table beside its games (:class:`TablePart`), as the game's
rules declare it: its name, which is its key at the table and in the table's saved record,
beside the table's own fields, and the type of its state.  A part may hold the table
(:attr:`TablePart.holds`: a series of the game's hands, the rounds' match), and then no
other game starts in the chat, nor a player's own game is shown there, until it ends: the
question the other games ask of the table (:attr:`bot.rules.table.Table.held`), which names
no game.  The table (:mod:`bot.rules.table`) keeps the parts by name and names none.

A part declared is in :data:`TABLE_PARTS` once the declaring module is imported (the rounds'
rules, :mod:`bot.rules.rounds`, which every game that deals a round imports; ``bot.games``
imports every game's package); a part a record holds that no declaration names yet is kept
as it was read (:mod:`bot.rules.unread`) and written back unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.rules.unread import Unread


class Holding(Protocol):
    """What the table asks of a part that holds it: a series of hands."""

    @property
    def over(self) -> bool:
        """Whether its every hand has been played (its next one comes no more)."""


class Tabled(Protocol):
    """Where a chat keeps what its games keep beside them (:class:`bot.rules.table.Table`)."""

    parts: dict[str, object]


P = TypeVar("P")

TABLE_FIELDS = frozenset({"settings", "games", "previous", "dealt", "stats", "parts"})
"""The table's own fields (:class:`bot.rules.table.Table`, which imports this module), which
no part may be named as: the parts are saved beside them (``tests/game/test_table_parts.py``
checks they are the table's)."""

TABLE_PARTS: dict[str, TablePart[Any]] = {}
"""Every part a table keeps, by name: each is listed here as it is declared (the records
read a part by its declaration; one not yet declared is kept unread)."""


@dataclass(frozen=True, slots=True)
class TablePart(Generic[P]):
    """Something a game keeps at a chat's table beside its games, one at a time."""

    name: str
    """Its key at the table and in the table's record (never changed once saved)."""
    kind: type[P]
    """The type of its state (what the records read it as)."""
    holds: bool = False
    """Whether the table is held while it has one (its kind then says when it is
    :attr:`Holding.over`): a series of hands that a game of another kind, or a hand of the
    series dealt out of turn, would break into (the rounds' match between two rounds)."""

    def __post_init__(self) -> None:
        if self.name in TABLE_FIELDS:
            raise ValueError(f"a table's part named as a field of the table: {self.name!r}")
        if self.holds and not hasattr(self.kind, "over"):
            raise ValueError(f"a part that holds the table says when it is over: {self.name!r}")
        declared = TABLE_PARTS.setdefault(self.name, self)
        if declared.kind is not self.kind or declared.holds is not self.holds:
            raise ValueError(f"two parts of a table declared as {self.name!r}")

    def of(self, table: Tabled) -> P | None:
        """The table's part, if it has one."""
        part = table.parts.get(self.name)
        if isinstance(part, Unread):
            part = table.parts[self.name] = part.as_kind(self.kind)
        return part if isinstance(part, self.kind) else None

    def put(self, table: Tabled, part: P) -> P:
        """Set the table's part (a new one in place of the last)."""
        table.parts[self.name] = part
        return part

    def drop(self, table: Tabled) -> None:
        """Remove the table's part."""
        table.parts.pop(self.name, None)


def holding(table: Tabled) -> Holding | None:
    """The part that holds the table, if one does (see :attr:`TablePart.holds`)."""
    for name in list(table.parts):
        declared = TABLE_PARTS.get(name)
        if declared is not None and declared.holds:
            part: Holding | None = declared.of(table)
            if part is not None:
                return part
    return None
