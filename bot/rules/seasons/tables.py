"""A season's boards (duels, Rush, arenas), their final tables and trophies, and its end:
the tables kept, the first three of each board a trophy, every rating's uncertainty
regained (:func:`regained`, OpenSkill's dynamics factor).  Each rule and what it prevents:
docs/design-games.md, *Seasons*; docs/fair-play.md, *Seasons and groups*."""

from __future__ import annotations

import datetime as dt
import heapq
import math
from collections.abc import Container
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.duel.rating import MODEL, SEASON_OPPONENTS, PlayerRating, Ratings
from bot.rules.results import GameResult, Podium
from bot.rules.rush.best_runs import BoardEntry, RunRecord, place
from bot.rules.rush.result import RUSH_SCORE, RushScore

SEASON_MIN_RATED = 3
"""Rated duels in a season against established opponents (:meth:`~bot.rules.duel.rating.
PlayerRating.established`, as the rating counts them) that put a player on its duel
board..."""
SEASON_MIN_OPPONENTS = SEASON_OPPONENTS
"""...against this many distinct established opponents (not second accounts)."""
SEASON_MIN_RUN = RUSH_SCORE.goals[0]
"""Hands of a Rush run that put it on a season's board: the first 🏃 achievement's (20),
not a run of one hand."""
TABLE_SIZE = 10
"""Rows a final table keeps, and a season's board shows."""
TROPHY_PLACES = 3
"""Places of each board that win a trophy."""
SEASON_TAU = MODEL.sigma / 2
"""OpenSkill's dynamics factor for a season's end: the uncertainty a month adds."""


class Board(StrEnum):
    """A season's boards."""

    RATED = "duels"
    """Duels: the rating of those with enough rated duels this season."""
    RUNS = "rush"
    """Rush: each player's best run."""
    PODIUMS = "arena"
    """Arenas: wins, then podiums."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a final table: a duel's rating (``value`` points, ``second`` its ±), a
    Rush run (``value`` hands, ``second`` its fastest hand) or arenas (``value`` won,
    ``second`` podiums)."""

    player: int
    value: int
    second: float | None = None


@dataclass(frozen=True, slots=True)
class SeasonTrophy:
    """A trophy: a place among a season board's first three (saved on the player)."""

    season: str
    board: Board
    place: int


@dataclass(slots=True)
class FinalTables:
    """A season's tables, as they stood at its end (or stand now, for the season on)."""

    season: str
    duels: list[Row] = field(default_factory=list)
    rush: list[Row] = field(default_factory=list)
    arena: list[Row] = field(default_factory=list)

    def board(self, board: Board) -> list[Row]:
        """The rows of one board, first place first."""
        return {Board.RATED: self.duels, Board.RUNS: self.rush, Board.PODIUMS: self.arena}[board]

    @property
    def empty(self) -> bool:
        """Whether nobody stands on any of its boards."""
        return not (self.duels or self.rush or self.arena)

    def trophies(self) -> list[tuple[int, SeasonTrophy]]:
        """Each trophy of the season with its winner: the first three of each board."""
        return [
            (row.player, SeasonTrophy(self.season, board, place))
            for board in Board
            for place, row in enumerate(self.board(board)[:TROPHY_PLACES], 1)
        ]


@dataclass(slots=True)
class ArenaTally:
    """A player's arenas this season: won, and podiums (a win is one too)."""

    won: int = 0
    podiums: int = 0


def regained(sigma: float) -> float:
    """A rating's uncertainty at a season's end (see the module)."""
    return min(MODEL.sigma, math.hypot(sigma, SEASON_TAU))


def _on_season_board(rating: PlayerRating, season: str) -> bool:
    return (
        rating.season == season
        and rating.season_counted >= SEASON_MIN_RATED
        and len(rating.season_against) >= SEASON_MIN_OPPONENTS
        and not rating.off_boards
    )


def _season_key(player: int, rating: PlayerRating) -> tuple[float, int, int]:
    return (-rating.ordinal, -rating.season_counted, player)


def rated_board(
    ratings: Ratings, season: str, count: int | None = None, off: Container[int] = ()
) -> list[int]:
    """The season's duel board, best first (its first ``count``; all with None)."""
    ranked = (
        (_season_key(player, rating), player)
        for player, rating in ratings.players.items()
        if _on_season_board(rating, season) and player not in off
    )
    best = sorted(ranked) if count is None else heapq.nsmallest(count, ranked)
    return [player for _key, player in best]


def season_rank(ratings: Ratings, season: str, player: int) -> tuple[int, int] | None:
    """``player``'s place on the season's duel board and how many stand on it, or None
    when they are not on it."""
    mine = ratings.players.get(player)
    if mine is None or not _on_season_board(mine, season):
        return None
    key = _season_key(player, mine)
    ahead = standing = 0
    for other, rating in ratings.players.items():
        if _on_season_board(rating, season):
            standing += 1
            ahead += _season_key(other, rating) < key
    return ahead + 1, standing


def season_rated(rating: PlayerRating | None, season: str) -> int:
    """Rated duels ``rating``'s player has played in ``season`` against established
    opponents (those the duel board counts)."""
    return rating.season_counted if rating is not None and rating.season == season else 0


@dataclass(slots=True)
class Seasons:
    """The season on and its Rush and arena boards, and the final tables of those ended."""

    current: str = ""
    """The season on (empty: never started; the bot starts the one of its day)."""
    rush: list[BoardEntry] = field(default_factory=list)
    """The season's best runs, each player's best once, best first."""
    arena: dict[int, ArenaTally] = field(default_factory=dict)
    """The season's arena podiums, by player."""
    kept: dict[str, FinalTables] = field(default_factory=dict)
    """Each ended season's final tables, by season (seasons with none are not kept)."""

    def add_run(
        self, player: int, name: str, score: int, best_time: float | None, day: dt.date
    ) -> bool:
        """A run of the season (one that counts: the caller's); whether it is on the board."""
        if score < SEASON_MIN_RUN:
            return False
        entry = BoardEntry(player, name, RunRecord(score, best_time, day))
        self.rush = place(self.rush, entry)
        return any(e.user_id == player and e.record == entry.record for e in self.rush)

    def hear(self, result: GameResult, day: dt.date) -> bool:
        """A game's result on ``day`` (one that counts: the caller's): a run or an arena
        podium onto the season's boards; whether a board changed."""
        if isinstance(result, RushScore):
            return self.add_run(result.player, result.name, result.score, result.best_time, day)
        if isinstance(result, Podium):
            return self.add_podium(result.player, result.place)
        return False

    def add_podium(self, player: int, place_won: int) -> bool:
        """A place among an arena's first three; whether it counts (a place of the three)."""
        if not 1 <= place_won <= TROPHY_PLACES:
            return False
        tally = self.arena.setdefault(player, ArenaTally())
        tally.podiums += 1
        tally.won += place_won == 1
        return True

    def tables(self, ratings: Ratings, off: Container[int] = ()) -> FinalTables:
        """The season's tables as they stand (its first :data:`TABLE_SIZE` of each)."""
        season = self.current
        duels = [
            Row(p, ratings.players[p].shown.points, ratings.players[p].shown.plus_minus)
            for p in rated_board(ratings, season, TABLE_SIZE, off)
        ]
        rush = [
            Row(e.user_id, e.record.score, e.record.best_time)
            for e in self.rush
            if e.user_id not in off
        ][:TABLE_SIZE]
        arena = sorted(
            (
                (-tally.won, -tally.podiums, player)
                for player, tally in self.arena.items()
                if player not in off
            )
        )[:TABLE_SIZE]
        arena_rows = [Row(player, -won, -podiums) for won, podiums, player in arena]
        return FinalTables(season, duels, rush, arena_rows)

    def close(
        self, ratings: Ratings, now_season: str, off: Container[int] = ()
    ) -> FinalTables | None:
        """End the season on if ``now_season`` is another (a later month: the bot's clock
        went past its end, or the bot was down over it): its final tables are kept, every
        rating regains uncertainty (:func:`regained`) and ``now_season`` starts with empty
        boards.  The tables ended (give their trophies), or None when the season is on
        still.  A bot's first season starts with nothing to end."""
        if now_season <= self.current:
            return None
        if not self.current:
            self.current = now_season
            return None
        ended = self.tables(ratings, off)
        if not ended.empty:
            self.kept[ended.season] = ended
        for rating in ratings.players.values():
            if rating.rated:
                rating.sigma = regained(rating.sigma)
        self.current, self.rush, self.arena = now_season, [], {}
        return ended
