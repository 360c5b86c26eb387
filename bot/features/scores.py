"""/score and /top: the players' records in a chat, all time and this week."""

from __future__ import annotations

import html

from telegram.ext import Application, CommandHandler

from bot.i18n import N_
from bot.play.registry import Feature, MenuEntry
from bot.rules.chat_stats import PlayerStats, week_of
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages


async def score(update: MessageUpdate, context: HandlerContext) -> None:
    """The player's own record in this chat."""
    _ = context._
    chat, user_id = context.chat_data, update.effective_user.id
    players = chat.table.stats.players
    player = players.get(user_id)
    if player is None:
        if players:
            context.reply(update, _("You have no wins here yet: /play to get on the board!"))
        else:
            context.reply(update, _("No wins here yet: /play and be first!"))
        return
    median = player.median_time
    wins = context.ngettext("{count} win", "{count} wins", player.wins)
    points = context.ngettext("{count} point", "{count} points", player.points)
    if player.wins or player.points or player.best_streak or player.best_time is not None:
        text = _(
            "<b>{name}</b>: {wins}, {points}\n"
            "Best time {best} s, median {median} s\n"
            "Win streak {streak} (best {best_streak})"
        ).format(
            name=html.escape(player.name),
            wins=wins.format(count=player.wins),
            points=points.format(count=player.points),
            best=f"{player.best_time:.1f}" if player.best_time is not None else "–",
            median=f"{median:.1f}" if median is not None else "–",
            streak=player.streak,
            best_streak=player.best_streak,
        )
    else:  # only the other games so far: no line of zeros and dashes for rounds
        text = f"<b>{html.escape(player.name)}</b>"
    for game in context.bot_data.games:  # the other games' lines (Game.score)
        line = game.score(context, chat, user_id) if game.score is not None else None
        if line:
            text += "\n" + line
    # Asked again while the reply still waits (a busy group near its limit): one reply, the
    # latest, goes; or it goes with the next deal, if that comes first.  During a group's
    # match the next deal comes within seconds: the reply waits for it (SCORE_HOLD at most)
    # rather than spend one of the group's 20 messages a minute.
    series = context.chat_data.table.held_by  # a match: its next hand comes in a moment
    going_on = series is not None and not series.over
    hold = SCORE_HOLD if update.effective_chat.id < 0 and going_on else 0.0
    context.reply(update, text, key=f"score:{update.effective_user.id}", rider=text, hold=hold)


SCORE_HOLD = 8.0
"""Seconds a /score asked during a group's match waits for the next picture to ride in
(docs/performance-bot.md: a match's pace); past them, it goes on its own."""


NAME_SHOWN = 40
"""Characters of a name shown in /top: four boards of ten players with the longest names
Telegram allows (129 characters, emoji counting twice) would not fit in one message."""


def _shown_name(name: str) -> str:
    return name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"


def _board(
    title: str, rows: list[tuple[int, PlayerStats, int]], context: HandlerContext
) -> list[str]:
    lines = [title]
    lines += [
        player_line(html.escape(_shown_name(p.name)), points, context, i)
        for i, (_u, p, points) in enumerate(rows, 1)
    ]
    return lines


async def top(update: MessageUpdate, context: HandlerContext) -> None:
    """The chat's leaderboard, all time and this week; the other games' points on their
    own boards (:attr:`~bot.play.registry.Game.board`)."""
    _ = context._
    stats = context.chat_data.table.stats
    week = week_of(context.today())
    games = [
        game.board(context, context.chat_data) for game in context.bot_data.games if game.board
    ]
    parts = []
    plain = stats.top()
    # The plain game's boards, unless only the other games have been played here.
    if plain or not any(rows for _title, rows in games):
        for title, rows in (
            (_("<b>All time</b>"), plain),
            (_("<b>This week</b>"), stats.top(week=week)),
        ):
            lines = _board(title, rows, context)
            if not rows:
                lines.append(_("Nobody yet."))
            parts.append("\n".join(lines))
    for title, rows in games:
        if rows:
            parts.append("\n".join(_board(title, rows, context)))
    context.reply(update, "\n\n".join(parts))


def register(application: Application) -> None:
    """/score and /top."""
    application.add_handler(CommandHandler("score", for_messages(score)))
    application.add_handler(CommandHandler("top", for_messages(top)))


FEATURE = Feature(
    "scores",
    register,
    menu=(
        MenuEntry(70, "score", N_("Your wins, points and times here")),
        MenuEntry(71, "top", N_("Leaderboard")),
    ),
)
