"""The daily puzzle in a chat: the puzzle and the members' results without spoilers, and
/daily top and /daily week among the chat's members."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatType

from bot.context import BotContext
from bot.games.daily import group_replies
from bot.games.daily.attempt import puzzle_of
from bot.games.daily.parts import DAILY_RECORD, record_of
from bot.i18n import Translator
from bot.play import game_life
from bot.play.miniapp import group_link
from bot.play.registry import GroupShare
from bot.rules.daily.established import member_week
from bot.rules.daily.puzzle import (
    clock_text,
)
from bot.services.limits import CAPTION, fit_list
from bot.texts import player_line
from bot.typed_handlers import (
    HandlerContext,
    MessageUpdate,
)
from solver import daily_number

TOP = 10


def more_players(context: BotContext, count: int) -> str:
    """The last line of a list of players cut short."""
    return context.ngettext(
        "… and {count} more player", "… and {count} more players", count
    ).format(count=count)


def _members_results(context: BotContext, chat_id: int, day: dt.date) -> list[tuple[str, float]]:
    """(name, seconds) of the group's members who solved the day's puzzle, fastest first."""
    chat_data = context.application.chat_data.get(chat_id)
    rows = []
    for user_id, name in (chat_data.members if chat_data else {}).items():
        user_data = context.application.user_data.get(user_id)
        result = DAILY_RECORD.get(user_data).result(day) if user_data else None
        if result is not None and not result.too_fast:  # too fast: the player's own only
            rows.append((name, result.seconds))
    return sorted(rows, key=lambda row: row[1])


def _members_streaks(context: BotContext, chat_id: int, day: dt.date) -> list[tuple[str, int]]:
    """(name, current streak) of the chat's members with a streak, longest first."""
    chat_data = context.application.chat_data.get(chat_id)
    rows = []
    for user_id, name in (chat_data.members if chat_data else {}).items():
        user_data = context.application.user_data.get(user_id)
        streak = DAILY_RECORD.get(user_data).streak(day) if user_data else 0
        if streak:
            rows.append((name, streak))
    return sorted(rows, key=lambda row: (-row[1], row[0]))


async def show_in_group(
    chat_id: int,
    context: BotContext,
    *,
    extra: str = "",
    on_failed: Callable[[Exception], object] | None = None,
    bulk: bool = False,
) -> None:
    """The day's puzzle in a chat, with a button to solve it in private, and the results."""
    _ = context._
    day = context.today()
    number = daily_number(day)
    hand = await puzzle_of(context, day)
    lines = [
        _("<b>Daily #{number}</b>: make 24 from <b>{hand}</b>").format(
            number=number, hand=" ".join(map(str, hand))
        ),
        _("Solve it in private, so nobody spoils it here."),
    ]
    results = _members_results(context, chat_id, day)
    if results:
        lines.append(_("Solved today:"))
    solvers = [
        player_line(html.escape(name), clock_text(sec), context) for name, sec in results[:TOP]
    ]
    button = None
    if chat_id < 0:
        # A group (Telegram gives groups negative ids, users positive; a subscribed post has
        # no update to ask): the deep link opens the private chat with /start daily.  Groups
        # take no web-app buttons: the Mini App opens from a t.me link to it instead.
        link = f"https://t.me/{context.bot.username}?start=daily"
        row = [InlineKeyboardButton(_("Solve it privately"), url=link)]
        app_link = group_link(context.settings, context.bot.username, "daily")
        if app_link is not None:
            row.append(InlineKeyboardButton(_("🃏 Play by tapping"), url=app_link))
        button = InlineKeyboardMarkup([row])
    else:
        lines[1] = _("/daily starts your clock.")
    # Ten names of 129 characters would not fit in a caption: as many as fit, then how many
    # more solved it.
    caption = fit_list(
        lines,
        solvers,
        [extra] if extra else [],
        limit=CAPTION,
        more=lambda count: more_players(context, count),
        total=len(results),
    )
    game_life.post_hand(
        context,
        chat_id,
        hand,
        caption,
        reply_markup=button,
        on_sent=(lambda sent: group_replies.noted(context, chat_id, sent, day))
        if chat_id < 0
        else None,
        on_failed=on_failed,
        bulk=bulk,
    )


async def daily_top(update: MessageUpdate, context: HandlerContext) -> None:
    """The fastest solvers today and the longest streaks, among this chat's members."""
    _ = context._
    day = context.today()
    chat = update.effective_chat
    if chat.type == ChatType.PRIVATE:
        context.chat_data.members[update.effective_user.id] = update.effective_user.full_name
    results = _members_results(context, chat.id, day)
    streaks = _members_streaks(context, chat.id, day)
    lines = [_("<b>Fastest today</b>")]
    lines += [
        player_line(html.escape(n), clock_text(s), context, i)
        for i, (n, s) in enumerate(results[:TOP], 1)
    ]
    if not results:
        lines.append(_("Nobody yet."))
    lines.append(_("<b>Longest streaks</b>"))
    lines += [
        player_line(html.escape(n), f"🔥{k}", context, i)
        for i, (n, k) in enumerate(streaks[:TOP], 1)
    ]
    if not streaks:
        lines.append(_("Nobody yet."))
    context.reply(update, "\n".join(lines))


async def week_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/daily week: the chat's members ranked by days solved this week, then total time (in
    private, where the only member is the player, it says whose board it is)."""
    _ = context._
    if update.effective_chat.type == ChatType.PRIVATE:
        context.reply(
            update,
            _(
                "/daily week is a group's board: its members ranked by daily puzzles solved "
                "this week. Send it in a group I am in; your own numbers are in /stats."
            ),
        )
        return
    context.chat_data.members[update.effective_user.id] = update.effective_user.full_name
    today = context.today()
    rows = []
    for user_id, name in context.chat_data.members.items():
        user_data = context.application.user_data.get(user_id)
        days, total = DAILY_RECORD.get(user_data).week(today) if user_data else (0, 0.0)
        if days:
            rows.append((name, days, total))
    rows.sort(key=lambda row: (-row[1], row[2], row[0]))
    lines = [_("<b>This week's daily puzzles</b>")]
    lines += [
        context.ngettext(
            "{rank}. {name}: {days} day, {time}", "{rank}. {name}: {days} days, {time}", days
        ).format(rank=rank, name=html.escape(name), days=days, time=clock_text(total))
        for rank, (name, days, total) in enumerate(rows[:TOP], 1)
    ]
    if not rows:
        lines.append(_("Nobody yet."))
    elif len(rows) > TOP:
        lines.append(more_players(context, len(rows) - TOP))
    context.reply(update, "\n".join(lines))


def _group_week(context: BotContext, chat_id: int, day: dt.date) -> int:
    """Daily puzzles the group's members solved in the week of ``day`` that count
    (:func:`~bot.rules.daily.established.member_week`)."""
    chat = context.application.chat_data.get(chat_id)
    if chat is None:
        return 0
    users = context.application.user_data
    return sum(
        member_week(record_of(users[member]), day) for member in chat.members if member in users
    )


def _solved_words(context: Translator, count: int) -> str:
    return context.ngettext(
        "{count} daily puzzle solved", "{count} daily puzzles solved", count
    ).format(count=count)


GROUP_SHARE = GroupShare(10, _group_week, _solved_words)
"""A listed group's week on ``/groups top``: its members' daily puzzles solved (first: the
groups rank by it)."""
