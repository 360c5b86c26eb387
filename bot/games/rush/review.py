"""Rush's section of the owner's fair-play review (``/admin fairplay``): the week's fastest
runs, each with its first hands' times and its code (which takes it off the boards)."""

from __future__ import annotations

import datetime as dt
import html

from bot.context import BotContext
from bot.rules.off_boards import fastest_runs, run_code

TIMES_SHOWN = 12
"""Per-hand times listed for a run (its first ones), so that every list fits a message."""
NAME_SHOWN = 24


def _times(times: tuple[float, ...] | list[float]) -> str:
    shown = " ".join(f"{seconds:.1f}" for seconds in times[:TIMES_SHOWN])
    return shown + (" …" if len(times) > TIMES_SHOWN else "")


def review(context: BotContext, today: dt.date) -> list[str]:
    """The week's fastest runs everywhere, under their heading."""
    _ = context._
    runs = fastest_runs(context.bot_data.global_data.rush, today)
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
