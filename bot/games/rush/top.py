"""/rush top: the best Rush runs of the week and of all time, everywhere and among a group's
members, each player named only as the asking chat knows them (docs/games.md,
*Rush: the rules*: "Records")."""

from __future__ import annotations

import datetime as dt
import html

from telegram.constants import ChatType

from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.games.rush.words import record_text
from bot.play.board_names import public_name
from bot.rules.rush.best_runs import BoardEntry, RunRecord
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate

SHOWN = 10
"""Runs listed in each part (a board keeps as many)."""
NAME_SHOWN = 32
"""Characters of a name listed: four lists of ten fit one message, whatever the names."""


def _rows(entries: list[tuple[str, RunRecord]], context: HandlerContext) -> list[str]:
    if not entries:
        return [context._("No runs yet.")]
    return [
        player_line(html.escape(name[:NAME_SHOWN]), record_text(record, context), context, place)
        for place, (name, record) in enumerate(entries[:SHOWN], start=1)
    ]


def _board(
    entries: list[BoardEntry], update: MessageUpdate, context: HandlerContext
) -> list[tuple[str, RunRecord]]:
    """The board's runs, each named as this chat knows its player (see the module)."""
    if update.effective_chat.type != ChatType.PRIVATE:
        members = context.chat_data.members
        return [
            (members.get(entry.user_id) or _public(context, entry.user_id), entry.record)
            for entry in entries
        ]
    viewer = update.effective_user.id  # in private, only the asker is known
    return [
        (entry.name if entry.user_id == viewer else _public(context, entry.user_id), entry.record)
        for entry in entries
    ]


def _public(context: HandlerContext, user_id: int) -> str:
    """A player's public name or handle, as plain text (the rows escape it)."""
    return html.unescape(public_name(context, user_id))


def members_runs(context: HandlerContext, today: dt.date) -> tuple[list, list]:
    """The group's members' best runs of the week and of all time, best first."""
    week, ever = [], []
    users = context.application.user_data
    for user_id, name in context.chat_data.members.items():
        user = users.get(user_id)
        runs = None if user is None else RUSH_RECORDS.of(user)
        if runs is None:
            continue
        # A run the host took off the boards stays its player's own, on no board.
        if runs.best is not None and not runs.best.off_boards:
            ever.append((name, runs.best))
        this_week = runs.this_week(today)
        if this_week is not None and this_week.score > 0 and not this_week.off_boards:
            week.append((name, this_week))
    week.sort(key=lambda row: row[1].rank_key())
    ever.sort(key=lambda row: row[1].rank_key())
    return week, ever


async def top(update: MessageUpdate, context: HandlerContext) -> None:
    """/rush top: the best runs everywhere, this week and of all time; in a group also its
    members' best runs, wherever they played them; in private also the user's own best."""
    _ = context._
    today = context.bot_data.local_now().astimezone(dt.UTC).date()
    board = RUSH_BOARD.get(context.bot_data.global_data)
    lines = [_("<b>Rush: the best runs</b>")]
    if not board.all_time:  # no run with a point anywhere: nothing to list, four times over
        lines.append(_("No runs yet: /rush starts one."))
        context.reply(update, "\n".join(lines), key="rush top")
        return
    if update.effective_chat.type != ChatType.PRIVATE:
        week, ever = members_runs(context, today)
        lines += ["", _("<b>Members of this group, this week</b>"), *_rows(week, context)]
        lines += ["", _("<b>Members of this group, all time</b>"), *_rows(ever, context)]
    lines += [
        "",
        _("<b>Everywhere, this week</b>"),
        *_rows(_board(board.this_week(today), update, context), context),
    ]
    everywhere = _board(board.all_time, update, context)
    lines += ["", _("<b>Everywhere, all time</b>"), *_rows(everywhere, context)]
    if update.effective_chat.type == ChatType.PRIVATE:
        mine = RUSH_RECORDS.of(context.user_data)
        lines.append("")
        if mine is None or mine.best is None:
            lines.append(_("Your best: none yet. /rush starts a run."))
        else:
            lines.append(_("Your best: {best}.").format(best=record_text(mine.best, context)))
    context.reply(update, "\n".join(lines), key="rush top")
