"""/stats (/daily stats): a player's daily numbers, and in private the chart of their solve
times."""

from __future__ import annotations

import html
from itertools import pairwise

from babel.numbers import format_decimal, format_percent
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatType

from bot.context import BotContext
from bot.games.daily.attempt import _record
from bot.i18n import locale_of
from bot.rules.daily.puzzle import (
    TIME_BUCKETS,
    DailyStats,
    clock_text,
    stats_of,
    until_next,
)
from bot.services import pictures
from bot.services.limits import CAPTION, visible_length
from bot.texts import duration_text, player_line
from bot.typed_handlers import (
    HandlerContext,
    MessageUpdate,
)


def _time_or_dash(seconds: float | None) -> str:
    return "–" if seconds is None else clock_text(seconds)


def stats_lines(context: BotContext, stats: DailyStats) -> list[str]:
    """The player's daily statistics, a line per fact."""
    _ = context._
    return [
        _("Days played: {played} · solved: {share}").format(
            played=stats.played,
            share=format_percent(round(stats.solved_share, 2), locale=locale_of(context.language)),
        ),
        _("Streak: 🔥{current} (best {best}) · freezes held: 🧊{freezes}").format(
            current=stats.streak.current, best=stats.streak.best, freezes=stats.streak.freezes
        ),
        _("Best time: {best} · median: {median}").format(
            best=_time_or_dash(stats.best_time), median=_time_or_dash(stats.median_time)
        ),
        _("Misses per day: {misses}").format(
            misses=format_decimal(stats.misses_per_day, "0.0", locale=locale_of(context.language))
        ),
    ]


def chart_labels() -> list[str]:
    """The solve-time chart's bars, each its range: ``<0:30``, ``0:30-1:00`` … ``10:00+``."""
    bounds = [clock_text(bound) for bound in TIME_BUCKETS]
    ranges = [f"{low}-{high}" for low, high in pairwise(bounds)]
    return ["<" + bounds[0], *ranges, bounds[-1] + "+"]


def _nothing_to_chart(context: HandlerContext) -> str:
    """That there is no solve time to chart yet, and what the player can play now: today's
    puzzle, or, given up, the archive until the next one comes."""
    _ = context._
    now = context.bot_data.local_now()
    if now.date().isoformat() not in _record(context).gave_up:
        return _("No solve times to chart yet: /daily starts today's puzzle.")
    return _(
        "No solve times to chart yet: the next daily puzzle comes in {time}; past ones are in "
        "/daily archive."
    ).format(time=duration_text(context, until_next(now)))


async def stats_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/stats (/daily stats): in private, the player's numbers and a chart of their solve
    times (today's bar highlighted); in a group, the asker's line, with a link to the chart
    once there are solve times to chart."""
    _ = context._
    stats = stats_of(_record(context), context.today())
    lines = stats_lines(context, stats)
    chat_id = update.effective_chat.id
    if update.effective_chat.type != ChatType.PRIVATE:
        name = html.escape(update.effective_user.full_name)
        line = player_line(f"<b>{name}</b>", " · ".join(lines), context)
        if not stats.solved:  # no solve time yet: no chart to offer (private says so)
            context.reply(update, line)
            return
        link = f"https://t.me/{context.bot.username}?start=stats"
        button = InlineKeyboardMarkup([[InlineKeyboardButton(_("My chart"), url=link)]])
        context.reply(
            update,
            line + "\n" + _("Your chart is in our private chat."),
            reply_markup=button,
        )
        return
    caption = "\n".join([_("<b>Your daily puzzles</b>"), *lines])
    if not stats.solved:  # a chart of nothing but zeros says nothing
        context.reply(update, caption + "\n" + _nothing_to_chart(context))
        return
    # The chart's only words are in the caption: the picture's font has no Chinese (a title
    # drawn with it came out as empty boxes), and times and counts need no translation.
    # The count is said here in words (a title "n = 3" drawn on it was jargon).
    solves = sum(stats.bars)
    caption += "\n" + (
        context.ngettext(
            "The chart: your {count} solve by time, today's bar in orange.",
            "The chart: your {count} solves by time, today's bar in orange.",
            solves,
        )
        if stats.today_bar is not None
        else context.ngettext(
            "The chart: your {count} solve by time.",
            "The chart: your {count} solves by time.",
            solves,
        )
    ).format(count=solves)
    picture = pictures.bar_chart(chart_labels(), stats.bars, stats.today_bar, unit="m:ss")
    if visible_length(caption) > CAPTION:  # a long translation: the text on its own
        context.post(chat_id, lambda: context.bot.send_photo(chat_id, picture))
        context.reply(update, caption)
        return
    context.post(
        chat_id,
        lambda: context.bot.send_photo(chat_id, picture, caption=caption),
        user_id=update.effective_user.id,
    )
