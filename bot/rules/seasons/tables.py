"""A season's boards, their final tables and trophies, and its end: the tables kept, the
first three of each board a trophy.  The boards are the games': each game declares its own
in its rules (:class:`SeasonBoard`: the duels' rating, Rush's best runs, the arenas'
podiums), and a season goes over what is declared.  Each rule and what it prevents:
docs/design-games.md, *Seasons*; docs/fair-play.md, *Seasons and groups*."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.rules.results import GameResult
from bot.rules.unread import Unread

TABLE_SIZE = 10
"""Rows a final table keeps, and a season's board shows."""
TROPHY_PLACES = 3
"""Places of each board that win a trophy."""

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a final table: ``value`` what the board ranks by and ``second`` what it
    shows beside it (a duel's rating and its ±, a Rush run's hands and its fastest hand,
    arenas won and podiums: each board's own)."""

    player: int
    value: int
    second: float | None = None


@dataclass(frozen=True, slots=True)
class SeasonTrophy:
    """A trophy: a place among a season board's first three (saved on the player)."""

    season: str
    board: str
    """The board's name (:attr:`SeasonBoard.name`)."""
    place: int


BOARDS: dict[str, SeasonBoard[Any]] = {}
"""The season's boards, by name: each is listed here as a game's rules declare it (the
duels' in ``bot/rules/duel/``, Rush's in ``bot/rules/rush/``, the arenas' in
``bot/rules/arena/``).  A game's package imports its rules, and ``bot.games`` every game's;
a pure-rules test imports the game's rules it needs."""

_OWN_KEYS = frozenset({"current", "kept", "season"})
"""The keys of a season's record and of its final tables that are theirs, not a board's."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class SeasonBoard(Generic[S]):
    """A game's board of a season, as its rules declare it.  Its rows are read from what
    the season keeps for it (``kind``: a Rush run's board, fed by the results it hears) or
    from what its game keeps and gives the season (its *source*: the duels' ratings)."""

    name: str
    """Its name: the trophies' board, and its key in the final tables and in the season's
    record (never changed once saved)."""
    position: int
    """Its place among the boards (on ``/season``, and the trophies' order)."""
    rows: Callable[[S, str, Container[int]], list[Row]]
    """Its rows, best first, from its state (or its source), of the season (its name), but
    the players ``off`` the boards."""
    kind: Any = None
    """The type of the state the season keeps for it (the records read it as such); None:
    the season keeps none (its rows are read from its source)."""
    new: Callable[[], S] | None = None
    """Its state at a season's start (with a ``kind``)."""
    hear: Callable[[S, GameResult, dt.date], bool] | None = None
    """A game's result (one that counts) onto its state; whether the board changed."""
    end: Callable[[S], None] | None = None
    """What its source does at a season's end, once its final table is made (the ratings
    regain uncertainty)."""

    def __post_init__(self) -> None:
        if self.name in _OWN_KEYS:
            raise ValueError(f"a season's board named as a key of the season's: {self.name!r}")
        if (self.kind is None) != (self.new is None):
            raise ValueError(f"a season's board keeps a state with its kind and its start: {self}")
        BOARDS[self.name] = self

    @property
    def kept(self) -> bool:
        """Whether the season keeps its state."""
        return self.kind is not None


def ordered(names: Iterable[str]) -> list[str]:
    """Boards' names in the boards' order (one no declaration names last, by name)."""
    return sorted(
        names, key=lambda name: (BOARDS[name].position if name in BOARDS else math.inf, name)
    )


def declared() -> list[SeasonBoard[Any]]:
    """The boards declared, in their order."""
    return [BOARDS[name] for name in ordered(BOARDS)]


@dataclass(slots=True)
class FinalTables:
    """A season's tables, as they stood at its end (or stand now, for the season on)."""

    season: str
    boards: dict[str, list[Row]] = field(default_factory=dict)
    """Each board's rows, first place first, by the board's name."""

    def board(self, name: str) -> list[Row]:
        """The rows of one board, first place first (none: nobody stood on it)."""
        return self.boards.get(name, [])

    @property
    def empty(self) -> bool:
        """Whether nobody stands on any of its boards."""
        return not any(self.boards.values())

    def trophies(self) -> list[tuple[int, SeasonTrophy]]:
        """Each trophy of the season with its winner: the first three of each board."""
        return [
            (row.player, SeasonTrophy(self.season, name, place))
            for name in ordered(self.boards)
            for place, row in enumerate(self.board(name)[:TROPHY_PLACES], 1)
        ]


@dataclass(slots=True)
class Seasons:
    """The season on and what it keeps for its boards, and the final tables of those ended."""

    current: str = ""
    """The season on (empty: never started; the bot starts the one of its day)."""
    boards: dict[str, Any] = field(default_factory=dict)
    """What the season keeps for each board that keeps a state (by the board's name; none
    yet: as new), e.g. Rush's best runs; a state no declaration names stays as read."""
    kept: dict[str, FinalTables] = field(default_factory=dict)
    """Each ended season's final tables, by season (seasons with none are not kept)."""

    def state(self, board: SeasonBoard[S]) -> S:
        """What the season keeps for ``board`` (made new if none yet)."""
        found = self.boards.get(board.name)
        if isinstance(found, Unread):
            found = found.as_kind(board.kind)
        if found is None:
            assert board.new is not None, f"the season keeps nothing for {board.name!r}"
            found = board.new()
        self.boards[board.name] = found
        state: S = found
        return state

    def hear(self, result: GameResult, day: dt.date) -> bool:
        """A game's result on ``day`` (one that counts: the caller's) onto the boards that
        hear results; whether a board changed."""
        changed = False
        for board in declared():
            if board.hear is not None:
                changed |= board.hear(self.state(board), result, day)
        return changed

    def tables(
        self, off: Container[int] = (), sources: Mapping[str, object] | None = None
    ) -> FinalTables:
        """The season's tables as they stand (its first :data:`TABLE_SIZE` of each):
        ``sources`` what the boards the season keeps nothing for read, by board (a board
        not given one is left out)."""
        given = sources or {}
        boards = {}
        for board in declared():
            if board.kept:
                boards[board.name] = board.rows(self.state(board), self.current, off)
            elif board.name in given:
                boards[board.name] = board.rows(given[board.name], self.current, off)
        return FinalTables(self.current, {name: rows[:TABLE_SIZE] for name, rows in boards.items()})

    def close(
        self, now_season: str, off: Container[int] = (), sources: Mapping[str, object] | None = None
    ) -> FinalTables | None:
        """End the season on if ``now_season`` is another (a later month: the bot's clock
        went past its end, or the bot was down over it): its final tables are kept, each
        board's source does what it does at the end (every rating regains uncertainty) and
        ``now_season`` starts with empty boards.  The tables ended (give their trophies),
        or None when the season is on still.  A bot's first season starts with nothing to
        end."""
        if now_season <= self.current:
            return None
        if not self.current:
            self.current = now_season
            return None
        given = sources or {}
        ended = self.tables(off, given)
        if not ended.empty:
            self.kept[ended.season] = ended
        for board in declared():
            if board.end is not None and board.name in given:
                board.end(given[board.name])
        self.current, self.boards = now_season, {}
        return ended
