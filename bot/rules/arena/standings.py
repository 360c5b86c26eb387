"""An arena's standings: its players best first, the top ten and the count shown as it goes on,
the podium at its end, and who takes the trophy (ties: docs/design-games.md, *Arenas*); the
achievements a podium counts towards."""

from __future__ import annotations

import dataclasses
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass

from bot.rules.achievements import (
    Achievements,
    Prize,
    declare_counting,
    declare_family,
    declare_trophies,
)
from bot.rules.arena.tournament import Player
from bot.rules.results import Podium

ARENA_GAME = "arena"
"""An arena's name, as its results give it (:attr:`bot.rules.results.GameResult.game`) and as
its prizes are kept (:attr:`bot.rules.achievements.Prize.kind`)."""
TOP = 10
"""Players the running standings list (the count says how many more there are)."""
PODIUM = 3


@dataclass(frozen=True, slots=True)
class Row:
    """A player's line in the standings."""

    place: int
    user_id: int
    name: str
    score: int
    solved: int
    streak: int
    """Hands solved in a row up to now (on a streak from
    :data:`~bot.rules.arena.points.STREAK_FROM`)."""
    berserks: int
    too_fast: bool


def standings(entries: Mapping[int, Player]) -> list[Row]:
    """Every player, best first (see the module)."""
    ordered = sorted(
        entries.items(),
        key=lambda item: (-item[1].score, item[1].reached, item[1].joined, item[0]),
    )
    rows: list[Row] = []
    for at, (user_id, player) in enumerate(ordered):
        place = rows[-1].place if rows and rows[-1].score == player.score else at + 1
        rows.append(
            Row(
                place,
                user_id,
                player.name,
                player.score,
                player.solved,
                player.streak,
                player.berserks,
                player.too_fast,
            )
        )
    return rows


def top(rows: Iterable[Row], most: int = TOP) -> list[Row]:
    """The first ``most`` rows."""
    return list(rows)[:most]


def podium(rows: Iterable[Row]) -> list[Row]:
    """The top three players who scored (fewer if fewer did)."""
    return [row for row in rows if row.score > 0][:PODIUM]


def winner(rows: Iterable[Row]) -> Row | None:
    """Who takes the trophy: the first of the podium (None if nobody scored)."""
    found = podium(rows)
    return found[0] if found else None


CONTESTED = 2
"""Established players (:mod:`bot.play.standing`) who must score for an arena's podium to
count beyond its group (a trophy, the season's arena board, achievements, /groups top's
arenas played): an arena played alone, or with accounts made for it, wins nothing."""


def contested(rows: Iterable[Row]) -> bool:
    """Whether enough players scored for the podium to count (:data:`CONTESTED`): ``rows``
    the standings :func:`counted` beyond the group."""
    return len(podium(rows)) >= CONTESTED


def counted(rows: Iterable[Row], established: Container[int]) -> list[Row]:
    """The standings as they count beyond the group: the ``established`` players' rows
    only, placed among themselves (the group's own standings place everyone)."""
    kept: list[Row] = []
    for at, row in enumerate((row for row in rows if row.user_id in established), 1):
        place = kept[-1].place if kept and kept[-1].score == row.score else at
        kept.append(dataclasses.replace(row, place=place))
    return kept


def newcomers(rows: Iterable[Row], established: Container[int]) -> list[Row]:
    """The players who scored and are not established: their results stay in the group."""
    return [row for row in rows if row.score > 0 and row.user_id not in established]


ARENA_PODIUMS = declare_family("podium", (1,), position=80)
"""Arenas ended among the first three."""
ARENAS_WON = declare_family("arena", (1,), position=90)
"""Arenas won."""
declare_trophies(ARENA_GAME, 1)  # the second and third places are podiums, not trophies


def _podium(achievements: Achievements, result: Podium, now: float) -> None:
    """A place on an arena's podium (a prize), the first a win."""
    if 1 <= result.place <= 3:
        achievements.add(ARENA_PODIUMS)
        achievements.prizes.append(Prize(ARENA_GAME, result.place, now))
    if result.place == 1:
        achievements.add(ARENAS_WON)


declare_counting(Podium, _podium, game=ARENA_GAME)
