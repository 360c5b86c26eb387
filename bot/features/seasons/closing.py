"""A season's end: on the bot's clock (a job at the month's end in the bot's time zone), and
at start-up when the bot was down over it.  The season's final tables are kept, its
trophies saved on their winners and every board's source does what it does at the end
(the ratings regain uncertainty: :meth:`bot.rules.seasons.tables.Seasons.close`), all
written at once; only then is each winner told, in private, and the trophies published as
game results
(:mod:`bot.play.result_listeners`).  The games' results come into the season's boards as the games
publish them (:func:`hear`)."""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import logging
from collections.abc import Sequence
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from telegram.ext import Application

from bot.context import BotContext, services
from bot.features.seasons.season_boards import shown, sources
from bot.features.seasons.words import trophies_text
from bot.play.board_names import public_name
from bot.play.result_listeners import publish
from bot.rules.results import GameResult, Trophy
from bot.rules.seasons.calendar import end_of, season_of
from bot.rules.seasons.tables import FinalTables, SeasonTrophy
from bot.typed_handlers import jobs_of

logger = logging.getLogger(__name__)

JOB = "season-end"
"""The name of the job that ends a season."""
LOOK_EVERY = 86_400.0
"""Seconds at most between two looks at the calendar (a clock step cannot make a season's
end a month late)."""
AFTER_END = 0.5
"""Seconds after a season's end that its job rings (never a moment before)."""


def season_now(context: BotContext) -> str:
    """The season of the bot's clock (in its time zone)."""
    return season_of(context.bot_data.local_now())


def roll(context: BotContext) -> FinalTables | None:
    """End the season on if the bot's clock is past it (see the module); the tables ended."""
    data = context.bot_data.global_data
    first = not data.seasons.current
    ended = data.seasons.close(season_now(context), data.off_boards, sources(context))
    if ended is None:
        if first:  # the bot's first season starts
            context.save_global()
        return None
    trophies = ended.trophies()
    users = context.application.user_data
    won: dict[int, list[SeasonTrophy]] = {}
    for player, trophy in trophies:
        users[player].trophies.append(trophy)
        won.setdefault(player, []).append(trophy)
    rows: dict[tuple[str, Any], object] = {("global", 0): data}
    for board in shown(context):
        if board.end_rows is not None:
            rows.update(board.end_rows(context))
    rows.update({("user", p): users[p] for p in won})
    write_now = context.bot_data.write_now
    saved = True if write_now is None else write_now(rows)
    if won:
        context.application.mark_data_for_update_persistence(user_ids=list(won))
    logger.info(
        "Season %s ended: %d trophies, the next is %s%s",
        ended.season,
        len(trophies),
        data.seasons.current,
        "" if saved else " (not saved yet)",
    )
    for player, theirs in won.items():
        _tell(context, player, theirs, saved)
    return ended


def _tell(context: BotContext, player: int, trophies: list[SeasonTrophy], saved: bool) -> None:
    """Tell a winner of their trophies, in private, once saved (held until then)."""
    private = BotContext(context.application, chat_id=player, user_id=player)
    name = html.unescape(public_name(private, player))
    results = [Trophy(player=player, name=name, place=t.place, season=t.season) for t in trophies]

    def tell() -> None:
        lines = trophies_text(private, trophies)
        lines += publish(private, player, results)
        lines += [
            "",
            private._("/season {season}: the final tables.").format(season=trophies[0].season),
        ]
        private.send(player, "\n".join(lines))

    if saved:
        tell()
    else:
        context.bot_data.until_saved.hold(tell)


def hear(context: BotContext, chat_id: int | None, results: Sequence[GameResult]) -> list[str]:
    """A listener of game results: those that count come into the season's boards (saved
    at once); an arena ended in a group counts for its week on ``/groups``."""
    roll(context)
    data = context.bot_data.global_data
    day = context.bot_data.local_now().date()
    changed = False
    for result in results:
        if result.counts and result.player not in data.off_boards:
            changed |= data.seasons.hear(result, day)
    if chat_id is not None:
        changed |= data.groups.hear(chat_id, results, day)
    if changed and not context.save_global():
        logger.warning("The season's boards are not saved yet")
    return []


def schedule(application: Application) -> None:
    """Set the job that ends the season on (at its end, or in a day to look again)."""
    data = services(application)
    queue = jobs_of(application)
    for job in queue.get_jobs_by_name(JOB):
        with contextlib.suppress(JobLookupError):  # (the job that runs is gone already)
            job.schedule_removal()
    season = data.global_data.seasons.current or season_of(data.local_now())
    left = end_of(season, data.settings.timezone).timestamp() - data.calendar()
    queue.run_once(_season_end, min(max(left, 0.0) + AFTER_END, LOOK_EVERY), name=JOB)


async def _season_end(context: BotContext) -> None:
    """Job: end the season if its time is past, and look again at the next one's end."""
    try:
        roll(context)
    finally:  # a failure is logged by the job queue; the next look is set all the same
        schedule(context.application)


def restore(application: Application) -> None:
    """At start-up: end a season the bot was down over, and set the job for the one on."""
    context = BotContext(application)
    roll(context)
    schedule(application)


def ends(context: BotContext) -> dt.datetime:
    """When the season on ends, in the bot's time zone."""
    season = context.bot_data.global_data.seasons.current or season_now(context)
    return end_of(season, context.bot_data.settings.timezone)
