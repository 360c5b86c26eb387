"""A kind of game a chat's table keeps (:class:`Seat`), as the game's rules declare it: its
name, which is its key at the table and in the saved record, and the type of its state.
The table (:mod:`bot.rules.table`) keeps games by kind and names none; the records read
each by its seat (a seat declared is in :data:`SEATS`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.rules.unread import Unread


class Seated(Protocol):
    """What the table asks of a game it keeps."""

    @property
    def on(self) -> bool:
        """Whether the game is on (then no other game starts in the chat)."""


class Seats(Protocol):
    """Where a chat keeps its games (:class:`bot.rules.table.Table`)."""

    games: dict[str, Seated]
    previous: dict[str, Seated]
    dealt: int


S = TypeVar("S", bound=Seated)

SEATS: dict[str, Seat[Any]] = {}
"""Every kind of game a table keeps, by name: each seat is listed here as it is declared
(the records read a kind by its seat; one not yet declared is kept unread)."""


@dataclass(frozen=True, slots=True)
class Seat(Generic[S]):
    """A kind of game a chat's table keeps: the last one of its kind, over or not."""

    name: str
    """Its key at the table and in the table's record (never changed once saved)."""
    kind: type[S]
    """The type of its state (what the records read it as)."""
    keeps_previous: bool = False
    """Whether the table keeps the one before the last, too (a round's: an answer to it that
    comes once the next is dealt is late, not a wrong answer to the new hand)."""

    def __post_init__(self) -> None:
        declared = SEATS.setdefault(self.name, self)
        if declared.kind is not self.kind:
            raise ValueError(f"two kinds of game seated as {self.name!r}")

    def of(self, table: Seats) -> S | None:
        """The chat's game of this kind (the last one, over or not), if any."""
        return self._read(table.games)

    def on(self, table: Seats) -> bool:
        """Whether the chat's game of this kind is on."""
        game = self.of(table)
        return game is not None and game.on

    def previous(self, table: Seats) -> S | None:
        """The game of this kind before the last (only kept where :attr:`keeps_previous`)."""
        return self._read(table.previous)

    def _read(self, games: dict[str, Seated]) -> S | None:
        game = games.get(self.name)
        if isinstance(game, Unread):
            game = games[self.name] = game.as_kind(self.kind)
        return game if isinstance(game, self.kind) else None

    def deal(self, table: Seats, make: Callable[[int], S]) -> S:
        """Seat the game ``make`` makes of the next number among the chat's games (each game
        of every kind takes the next: a timer of an earlier one is stale)."""
        table.dealt += 1
        return self.put(table, make(table.dealt))

    def put(self, table: Seats, game: S) -> S:
        """Seat ``game`` as the chat's game of this kind (the last one kept as the previous,
        where :attr:`keeps_previous`)."""
        if self.keeps_previous:
            last = table.games.get(self.name)
            if last is None:
                table.previous.pop(self.name, None)
            else:
                table.previous[self.name] = last
        table.games[self.name] = game
        return game
