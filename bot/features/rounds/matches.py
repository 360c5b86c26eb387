"""Matches (``/play 5``): each round's number in its caption, the pause before the next
round, and the final standings.

The rules of a match (its rounds, the points of each player, the standings) are the game's
(:class:`~bot.game.table.Match`); ``/play N`` starts one and ``/stop`` ends it
(:mod:`bot.features.rounds.play`), which also deals each next round: it is given here as
``deal_next``, the job that deals a match's next round.
"""

from __future__ import annotations

import html

from telegram.ext import Application

from bot.context import BotContext, services
from bot.game.table import Table
from bot.services.timers import NEXT_DEAL, JobCallback
from bot.typed_handlers import ChatContext

NEXT_DEAL_DELAY = 4.0
"""Seconds between a match's rounds."""


def caption_prefix(table: Table, context: BotContext) -> str:
    """ "Round 2 of 5" while a match is on, for the deal's caption; else nothing."""
    if table.match is None:
        return ""
    return context._("Round {n} of {total}").format(
        n=table.match.played + 1, total=table.match.rounds
    )


def after_round(chat_id: int, context: ChatContext, deal_next: JobCallback) -> None:
    """A round has ended: go on with the chat's match, if one is on, or close it with its
    final standings."""
    table = context.chat_data.table
    match = table.match
    if match is None:
        return
    if not match.over:
        context.bot_data.timers.run_once(
            deal_next, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL
        )
        return
    table.match = None
    lines = [context._("<b>Final standings</b>")]
    standings = match.standings()
    for place, (name, points) in enumerate(standings, start=1):
        lines.append(f"{place}. {html.escape(name)}: {points}")
    if not standings:
        lines.append(context._("Nobody scored this time."))
    context.send(chat_id, "\n".join(lines), game=True)


def restore(application: Application, deal_next: JobCallback) -> int:
    """After a restart, the next deal of every match that was between two rounds; returns
    how many."""
    timers = services(application).timers
    restored = 0
    for chat_id, data in application.chat_data.items():
        if not data.table.playing and data.table.match is not None:
            timers.run_once(deal_next, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL)
            restored += 1
    return restored
