"""Rush's board of a season: each player's best run of the season, once, from the first 🏃
achievement's hands (not a run of one hand).  Declared as the season's board
:data:`RUN_BOARD` (:mod:`bot.rules.seasons.tables`), which the season keeps and feeds with
the runs' results.  What it prevents: docs/design-games.md, *Seasons*."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container

from bot.rules.results import GameResult
from bot.rules.rush.best_runs import BoardEntry, RunRecord, place
from bot.rules.rush.result import RUSH_SCORE, RushScore
from bot.rules.seasons.tables import Row, SeasonBoard

SEASON_MIN_RUN = RUSH_SCORE.goals[0]
"""Hands of a Rush run that put it on a season's board: the first 🏃 achievement's (20),
not a run of one hand."""


def add_run(
    runs: list[BoardEntry],
    player: int,
    name: str,
    score: int,
    best_time: float | None,
    day: dt.date,
) -> bool:
    """A run of the season (one that counts: the caller's) onto its best ``runs`` (best
    first, each player's best once); whether it is on the board."""
    if score < SEASON_MIN_RUN:
        return False
    entry = BoardEntry(player, name, RunRecord(score, best_time, day))
    runs[:] = place(runs, entry)
    return any(e.user_id == player and e.record == entry.record for e in runs)


def _hear(runs: list[BoardEntry], result: GameResult, day: dt.date) -> bool:
    if not isinstance(result, RushScore):
        return False
    return add_run(runs, result.player, result.name, result.score, result.best_time, day)


def run_rows(runs: list[BoardEntry], _season: str, off: Container[int]) -> list[Row]:
    """The board's rows: each run's hands, and its fastest hand."""
    return [
        Row(e.user_id, e.record.score, e.record.best_time) for e in runs if e.user_id not in off
    ]


RUN_BOARD = SeasonBoard[list[BoardEntry]](
    "rush", 20, run_rows, kind=list[BoardEntry], new=list, hear=_hear
)
"""The season's Rush board: its best runs, kept by the season (saved name ``rush``)."""
