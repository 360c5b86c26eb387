"""Rush's part of the owner's fair-play review (``/admin fairplay``): the week's fastest runs,
each with its first hands' times and its code (:func:`review`), and the boards the owner
takes runs off and puts them back on (:data:`RUNS`)."""

from __future__ import annotations

import datetime as dt
import html

from bot.context import BotContext
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.games.rush.words import NO_RUN
from bot.play.registry import RunBoards
from bot.rules.off_boards import Removal
from bot.rules.rush.removals import (
    fastest_runs,
    mark,
    put_runs_back,
    run_code,
    take_run,
    take_runs,
)

TIMES_SHOWN = 12
"""Per-hand times listed for a run (its first ones), so that every list fits a message."""
NAME_SHOWN = 24


def _times(times: tuple[float, ...] | list[float]) -> str:
    shown = " ".join(f"{seconds:.1f}" for seconds in times[:TIMES_SHOWN])
    return shown + (" …" if len(times) > TIMES_SHOWN else "")


def review(context: BotContext, today: dt.date) -> list[str]:
    """The week's fastest runs everywhere, under their heading."""
    _ = context._
    runs = fastest_runs(RUSH_BOARD.get(context.bot_data.global_data), today)
    return [_("<b>Rush runs</b>")] + (
        [
            f"{place}. {html.escape(entry.name[:NAME_SHOWN])} ({entry.user_id}): "
            + _("{score} solved, best {best}").format(
                score=entry.record.score,
                best=f"{entry.record.best_time:.1f}" if entry.record.best_time is not None else "–",
            )
            + (f" · {_times(entry.record.hand_times)}" if entry.record.hand_times else "")
            + f" · {run_code(entry)}"
            for place, entry in enumerate(runs, start=1)
        ]
        or [_("None this week.")]
    )


def take_code(context: BotContext, code: str) -> Removal | None:
    """Take the run named ``code`` off the boards (marked in its player's records)."""
    removal = take_run(RUSH_BOARD.get(context.bot_data.global_data), code)
    if removal is None:
        return None
    user = context.application.user_data.get(removal.user_id)
    if user is not None:
        mark(RUSH_RECORDS.get(user), [*removal.all_time, *removal.week], True)
    return removal


def take_player(context: BotContext, user_id: int) -> Removal:
    """Take all of ``user_id``'s runs off the boards (marked in their own records)."""
    removal = take_runs(RUSH_BOARD.get(context.bot_data.global_data), user_id)
    user = context.application.user_data.get(user_id)
    if user is not None:
        RUSH_RECORDS.get(user).take_off_boards()
    return removal


def put_back(context: BotContext, removal: Removal) -> None:
    """Put a removal's runs back where they rank, and its player's own runs back on."""
    put_runs_back(RUSH_BOARD.get(context.bot_data.global_data), removal)
    user = context.application.user_data.get(removal.user_id)
    if user is not None:
        mark(
            RUSH_RECORDS.get(user),
            None if removal.player else [*removal.all_time, *removal.week],
            False,
        )


def holds(context: BotContext, user_id: int) -> bool:
    """Whether ``user_id`` has a run on a board (all time's or this week's)."""
    board = RUSH_BOARD.get(context.bot_data.global_data)
    return any(e.user_id == user_id for e in (*board.all_time, *board.week))


def has_runs(context: BotContext, user_id: int, removal: Removal) -> bool:
    """Whether ``user_id`` had a run: taken off by ``removal``, or their own best."""
    user = context.application.user_data.get(user_id)
    return bool(removal.all_time or removal.week) or (
        user is not None and (runs := RUSH_RECORDS.of(user)) is not None and runs.best is not None
    )


RUNS = RunBoards(take_code, take_player, put_back, holds, has_runs, NO_RUN)
"""Rush's boards, as the owner's removals reach them."""
