"""Matches (``/play 5``): each round's number in its caption, the pause before the next round,
``deal_next`` (the job that deals it), and the final standings (rules:
:class:`~bot.rules.rounds.Match`, kept at the table: :data:`~bot.rules.rounds.MATCH`)."""

from __future__ import annotations

import html

from telegram.ext import Application

from bot.context import BotContext, services
from bot.play import set_aside
from bot.rules.rounds import MATCH, ROUND_SEAT, Match
from bot.rules.table import Table
from bot.services.timers import JobCallback
from bot.texts import player_line
from bot.typed_handlers import ChatContext

NEXT_DEAL = "next-deal"
"""A match's next round, a few seconds after the last one ended."""

NEXT_DEAL_DELAY = 4.0
"""Seconds between a match's rounds."""


def caption_prefix(table: Table, context: BotContext) -> str:
    """ "Round 2 of 5" while a match is on, for the deal's caption; else nothing."""
    match = MATCH.of(table)
    if match is None:
        return ""
    return context._("Round {n} of {total}").format(n=match.played + 1, total=match.hands)


SCORE_SHOWN = 5
"""Players named in a match's running score (the rest are counted)."""
SCORE_NAME = 20
"""Characters of a name in the running score (a caption has 1024 in all)."""


def running_score(table: Table, context: BotContext) -> str | None:
    """The match's score so far, best first, for the next deal's caption (HTML): "Score:
    Ann 40, Bob 15"; None before anyone has scored, or with no match on."""
    match = MATCH.of(table)
    if match is None or not match.points:
        return None
    standings = match.standings()
    shown = [
        context._("{name} {points}").format(
            name=html.escape(name if len(name) <= SCORE_NAME else name[: SCORE_NAME - 1] + "…"),
            points=points,
        )
        for name, points in standings[:SCORE_SHOWN]
    ]
    if len(standings) > SCORE_SHOWN:
        shown.append(context._("{count} more").format(count=len(standings) - SCORE_SHOWN))
    return context._("Score: {standings}").format(standings=context._(", ").join(shown))


def between_rounds(table: Table, context: BotContext) -> str:
    """What /play or /skip between two rounds of a match says (it would end the match)."""
    match = MATCH.of(table)
    assert match is not None
    return context._(
        "A match is on: round {n} of {total} comes in a moment. /stop ends the match."
    ).format(n=match.played + 1, total=match.hands)


def after_round(chat_id: int, context: ChatContext, deal_next: JobCallback) -> None:
    """A round has ended: go on with the chat's match, if one is on, or close it with its
    final standings."""
    table = context.chat_data.table
    match = MATCH.of(table)
    if match is None:
        set_aside.remind(context, chat_id)
        return
    if not match.over:
        context.bot_data.timers.run_once(
            deal_next, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL, pauses=True
        )
        return
    MATCH.drop(table)
    context.send(chat_id, final_standings(match, context), game=True)
    set_aside.remind(context, chat_id)


def stopped(context: ChatContext) -> str | None:
    """/stop ends the chat's match, if one is on: what /stop says of it (its standings)."""
    table = context.chat_data.table
    match = MATCH.of(table)
    if match is None:
        return None
    MATCH.drop(table)
    head = context._("Match stopped after {played} of {total} rounds.").format(
        played=match.played, total=match.hands
    )
    return head + "\n" + final_standings(match, context)


def final_standings(match: Match, context: BotContext) -> str:
    """The winner (or the tie) and every player's points."""
    _ = context._
    winners, best = match.winners()
    if not winners:
        return _("<b>Final standings</b>") + "\n" + _("Nobody scored this time.")
    winners = [html.escape(name) for name in winners]
    points = context.ngettext("{count} point", "{count} points", best).format(count=best)
    if len(winners) == 1:
        head = _("🏆 {name} wins the match with {points}!").format(name=winners[0], points=points)
    else:
        head = _("🏆 A tie between {names}, with {points} each!").format(
            names=_(", ").join(winners), points=points
        )
    lines = [head, _("<b>Final standings</b>")]
    lines += [
        player_line(html.escape(name), score, context, place)
        for place, (name, score) in enumerate(match.standings(), start=1)
    ]
    return "\n".join(lines)


def restore(application: Application, deal_next: JobCallback) -> int:
    """After a restart, the next deal of every match that was between two rounds; returns
    how many."""
    timers = services(application).timers
    restored = 0
    for chat_id, data in application.chat_data.items():
        if not ROUND_SEAT.on(data.table) and MATCH.of(data.table) is not None:
            timers.run_once(
                deal_next, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL, pauses=True
            )
            restored += 1
    return restored
