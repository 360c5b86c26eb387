"""A finished Rush run counted for its player, wherever it was played (in a chat, or on the
page of the Telegram game): one personal best and one board for both."""

from __future__ import annotations

import datetime as dt

from bot.context import BotContext
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.rules.rush.best_runs import PersonalBest
from bot.rules.rush.result import RushScore
from bot.rules.rush.run import RunResult


def count_run(
    context: BotContext, user_id: int, name: str, result: RunResult
) -> tuple[PersonalBest, bool]:
    """Count ``result`` for ``user_id`` (shown on boards as ``name``): their records and the
    board of runs everywhere, written at once before the run's end is announced.  How it
    compares with the player's best before, and whether the disk took it (if not, announce
    with :func:`~bot.play.announce.tell_saved`: it is written as soon as the disk takes it).

    A run belongs to the UTC day it ended on (weeks are ISO weeks in UTC).
    """
    day = context.bot_data.local_now().astimezone(dt.UTC).date()
    user = context.application.user_data[user_id]
    data = context.bot_data.global_data
    off = user_id in data.off_boards  # taken off the boards by the host: their own still
    best = RUSH_RECORDS.get(user).add(result, day, off_boards=off)
    RUSH_BOARD.get(data).add(user_id, name, result, day, off_boards=off)
    write_now = context.bot_data.write_now
    saved = True if write_now is None else write_now({("user", user_id): user, ("global", 0): data})
    # PTB copies the data it saves before it writes them: a copy of this user made just
    # before this run was counted (an update of theirs moments ago) may reach the file after
    # it.  Marked, the user is copied and written again at PTB's next save (a quarter of a
    # second), which a run ended by a job or a page would not do otherwise.
    context.application.mark_data_for_update_persistence(user_ids=[user_id])
    return best, saved


def run_result(user_id: int, name: str, result: RunResult) -> RushScore:
    """A run's end as a game's result (:mod:`bot.play.result_listeners`): beyond the player's own
    history it counts only at a person's pace (a hand given away scored nothing already)."""
    return RushScore(
        player=user_id,
        name=name,
        score=result.score,
        best_time=result.best_time,
        counts=not result.off_pace,
    )
