"""The arenas' share of a season: its board (each player's arenas won, then podiums:
:data:`PODIUM_BOARD`, which the season keeps and feeds with the podiums' results), and a
listed group's arenas played in a week (:data:`ARENAS_PLAYED`, ``/groups top``).  Declared
as the season's board (:mod:`bot.rules.seasons.tables`) and as a group's tally
(:mod:`bot.rules.seasons.groups`).  Each rule and what it prevents: docs/design-games.md,
*Seasons*; docs/fair-play.md, *Seasons and groups*."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container, Sequence
from dataclasses import dataclass

from bot.rules.arena.standings import ARENA_GAME
from bot.rules.results import GameResult, Podium
from bot.rules.seasons.groups import GroupTally
from bot.rules.seasons.tables import TROPHY_PLACES, Row, SeasonBoard


@dataclass(slots=True)
class ArenaTally:
    """A player's arenas this season: won, and podiums (a win is one too)."""

    won: int = 0
    podiums: int = 0


def add_podium(tallies: dict[int, ArenaTally], player: int, place_won: int) -> bool:
    """A place among an arena's first three onto the season's ``tallies``; whether it
    counts (a place of the three)."""
    if not 1 <= place_won <= TROPHY_PLACES:
        return False
    tally = tallies.setdefault(player, ArenaTally())
    tally.podiums += 1
    tally.won += place_won == 1
    return True


def _hear(tallies: dict[int, ArenaTally], result: GameResult, _day: dt.date) -> bool:
    return isinstance(result, Podium) and add_podium(tallies, result.player, result.place)


def podium_rows(tallies: dict[int, ArenaTally], _season: str, off: Container[int]) -> list[Row]:
    """The board's rows: arenas won, then podiums."""
    ranked = sorted(
        (-tally.won, -tally.podiums, player)
        for player, tally in tallies.items()
        if player not in off
    )
    return [Row(player, -won, -podiums) for won, podiums, player in ranked]


PODIUM_BOARD = SeasonBoard[dict[int, ArenaTally]](
    "arena", 30, podium_rows, kind=dict[int, ArenaTally], new=dict, hear=_hear
)
"""The season's arena board: its podiums by player, kept by the season (saved name
``arena``)."""


def _played(results: Sequence[GameResult]) -> bool:
    return any(result.game == ARENA_GAME for result in results)


ARENAS_PLAYED = GroupTally("arenas", _played)
"""A listed group's arenas played in a week (saved name ``arenas``): an arena's results,
told in a group, are one played there."""
