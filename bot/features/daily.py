"""The daily puzzle: /daily in private (timed, one result a day) and in groups (no spoilers),
/daily top, and /subscribe for a daily post."""

from __future__ import annotations

import datetime as dt
import functools
import html
import logging
from collections.abc import Callable
from itertools import pairwise
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, WebAppInfo
from telegram.constants import ChatType
from telegram.error import Forbidden
from telegram.ext import Application, CallbackQueryHandler, CommandHandler

from bot.chat.admins import is_admin
from bot.chat.miniapp import AppReply, AppRequest, app_address, group_link, serve_app
from bot.context import BotContext, local_now, services, settings_of
from bot.game.attempts import closed, closes_at, may_answer, still_open
from bot.game.daily import (
    TIME_BUCKETS,
    DailyRecord,
    DailyResult,
    DailyStats,
    NotInArchive,
    Standing,
    clock_text,
    find_zone,
    next_puzzle_at,
    past_day,
    post_time,
    stats_of,
    until_next,
)
from bot.game.scoring import counts_as_miss
from bot.services.answer_routes import Priority, Route
from bot.services.bulk import BulkNotSent, spread_second
from bot.services.charts import bar_chart
from bot.services.limits import CAPTION, fit_list, visible_length
from bot.services.pictures import send_hand
from bot.services.timers import DAILY_POST, DAILY_REMINDER
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.state import AnswersTo
from bot.texts import duration_text, player_line, reason, share_line, subscription_text
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    JobContext,
    MessageUpdate,
    for_buttons,
    for_messages,
)
from solver import check, daily_number, solution_of

logger = logging.getLogger(__name__)

TOP = 10


async def puzzle_of(context: BotContext, day: dt.date | None = None) -> tuple[int, ...]:
    """The puzzle of a day, today by default (read from the level table the bot ships)."""
    return await context.bot_data.solving.daily_hand(day or context.today())


def _record(context: HandlerContext) -> DailyRecord:
    return context.user_data.daily


async def daily_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/daily: the puzzle in private, the puzzle and results in groups; /daily top."""
    word = context.args[0].lower() if context.args else ""
    if word == "top":
        await daily_top(update, context)
    elif word == "stats":
        await stats_command(update, context)
    elif word == "week":
        await week_command(update, context)
    elif word == "archive":
        await archive_command(update, context)
    elif word and (word.startswith("#") or word[:1].isdigit()):
        await replay_command(update, context, word)
    elif word:
        # A word /daily does not know starts no clock: say what /daily takes (without the
        # word, which may be 4,000 characters long).
        context.reply(
            update,
            context._(
                "/daily alone shows today's puzzle; it also takes top, stats, week, archive, "
                "a past day (/daily 2026-11-01) or its number (/daily #{number})."
            ).format(number=daily_number(context.today()) - 1),
        )
    elif update.effective_chat.type == ChatType.PRIVATE:
        await start_private(update, context)
    else:
        await show_in_group(update.effective_chat.id, context)


async def start_private(update: MessageUpdate, context: HandlerContext) -> None:
    """Show today's puzzle and start the player's clock, or the result if already solved."""
    _ = context._
    day = context.today()
    number = daily_number(day)
    record = _record(context)
    done = record.result(day)
    if done is not None:
        context.reply(
            update,
            _("You solved Daily #{number} already. Share it:").format(number=number)
            + "\n"
            + html.escape(share_of(context, record, day, done)),
        )
        return
    hand = await puzzle_of(context, day)
    record.start(day, context.now())
    context.chat_data.answers_to = AnswersTo.DAILY
    chat_id = update.effective_chat.id
    caption = _(
        "<b>Daily #{number}</b>: make 24 from <b>{hand}</b>\n"
        "Your clock is running. Type your answer, like (8-2)*4."
    ).format(number=number, hand=" ".join(map(str, hand)))
    markup = None
    url = context.settings.webapp_url
    if url is not None:
        # Web-app buttons work in private chats only (Telegram refuses them in groups).
        button = InlineKeyboardButton(
            _("🃏 Play by tapping"), web_app=WebAppInfo(app_address(url, "daily"))
        )
        markup = InlineKeyboardMarkup([[button]])
    _show_puzzle(context, chat_id, hand, caption, markup)


async def replay_command(update: MessageUpdate, context: HandlerContext, word: str) -> None:
    """/daily 2026-11-01, /daily #300: a past puzzle in private, with its own clock."""
    _ = context._
    if update.effective_chat.type != ChatType.PRIVATE:
        context.reply(update, _("Past puzzles are played in private: send me /daily archive."))
        return
    today = context.today()
    try:
        day = past_day(word, today)
    except NotInArchive as refused:
        context.reply(update, not_in_archive(context, refused))
        return
    if day == today:
        await start_private(update, context)
        return
    await start_replay(context, update.effective_chat.id, day)


def not_in_archive(context: BotContext, refused: NotInArchive) -> str:
    """Why a day asked for is not in the archive, and what is."""
    _ = context._
    today = daily_number(context.today())
    if refused.why == "to_come":
        return _("That puzzle is still to come: today's is Daily #{number} (/daily).").format(
            number=today
        )
    if refused.why == "before_first":
        return _("Daily #1 was on {day}: there is no earlier puzzle.").format(
            day=(context.today() - dt.timedelta(days=today - 1)).isoformat()
        )
    return _("Give a past day or number: /daily 2026-11-01 or /daily #{number}.").format(
        number=today - 1
    )


async def start_replay(context: HandlerContext, chat_id: int, day: dt.date) -> None:
    """Show a past day's puzzle and start its own clock, or its result if already played."""
    _ = context._
    number = daily_number(day)
    record = _record(context)
    if not record.start_replay(day, context.now()):
        done = record.played(day)
        assert done is not None
        context.send(
            chat_id,
            _("You solved Daily #{number} already: {time}.").format(
                number=number, time=clock_text(done.seconds)
            ),
        )
        return
    hand = await puzzle_of(context, day)
    context.chat_data.answers_to = AnswersTo.DAILY
    caption = _(
        "<b>Daily #{number}</b> ({day}, from the archive): make 24 from <b>{hand}</b>\n"
        "Its own clock is running; it counts for no streak."
    ).format(number=number, day=day.isoformat(), hand=" ".join(map(str, hand)))
    _show_puzzle(context, chat_id, hand, caption)


async def archive_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/daily archive: the last seven days with the player's result of each, missed first,
    each with a button to play it."""
    _ = context._
    if update.effective_chat.type != ChatType.PRIVATE:
        context.reply(update, _("Past puzzles are played in private: send me /daily archive."))
        return
    lines = [_("<b>The last seven days</b>")]
    buttons = []
    for day, result in _record(context).archive(context.today()):
        number = daily_number(day)
        state = _("missed") if result is None else "✅ " + clock_text(result.seconds)
        lines.append(
            _("#{number} {day}: {state}").format(number=number, day=day.isoformat(), state=state)
        )
        if result is None:
            label = _("▶ Play #{number}").format(number=number)
            buttons.append([InlineKeyboardButton(label, callback_data=f"daily:{day.isoformat()}")])
    markup = InlineKeyboardMarkup(buttons) if buttons else None
    context.reply(update, "\n".join(lines), reply_markup=markup)


async def archive_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """A button of /daily archive: play that day's puzzle."""
    query = update.callback_query
    today = context.today()
    try:
        # Callback data comes back from the client, and a client of one's own can send any:
        # only days of the archive, never today's (untimed practice before the live clock).
        day = past_day(query.data.removeprefix("daily:"), today)
        if day == today:
            raise NotInArchive("to_come")
    except NotInArchive as refused:
        await query.answer(not_in_archive(context, refused))
        return
    await query.answer()
    if update.effective_chat.type == ChatType.PRIVATE:
        await start_replay(context, update.effective_chat.id, day)


def _show_puzzle(
    context: HandlerContext,
    chat_id: int,
    hand: tuple[int, ...],
    caption: str,
    markup: InlineKeyboardMarkup | None = None,
) -> None:
    """Send a daily puzzle's picture in private; replies to it are answers to it."""
    chat = context.chat_data

    def shown(sent: object) -> None:
        if isinstance(sent, Message):
            # The picture before stays an answer's address: yesterday's may still be open.
            chat.daily.previous_message_id = chat.daily.message_id
            chat.daily.message_id = sent.message_id

    context.post(
        chat_id,
        lambda: send_hand(
            context.bot,
            chat_id,
            hand,
            context.bot_data.file_ids,
            caption=caption,
            reply_markup=markup,
        ),
        game=True,
        on_sent=shown,
    )


def for_daily(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer is meant for the daily puzzle rather than the chat's game
    (asked before it: see :class:`~bot.services.answer_routes.Priority`)."""
    if update.effective_chat.type != ChatType.PRIVATE:
        return False
    replied = update.effective_message.reply_to_message
    if replied is not None and replied.message_id in pictures(context):
        return True
    # A reply to another game's picture is that game's; to any other message (the bot's
    # "Not quite"), it is an answer as plain text is.
    return attempt_open(context) and not context.bot_data.answers.addressed(update, context)


def pictures(context: HandlerContext) -> tuple[int | None, int | None]:
    """The daily puzzle's pictures in this private chat, whose replies are its answers."""
    return (context.chat_data.daily.message_id, context.chat_data.daily.previous_message_id)


def attempt_open(context: HandlerContext) -> bool:
    """Whether plain answers in this private chat go to an attempt at the daily puzzle."""
    return context.chat_data.answers_to == AnswersTo.DAILY


async def answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the daily puzzle whose clock the player started, in private."""
    _ = context._
    record = _record(context)
    day = record.running()
    if day is None:
        # Only /daily in private starts a clock: an answer to a puzzle read elsewhere
        # (a group's post, inline mode) would be timed from nothing.
        context.chat_data.answers_to = AnswersTo.GAME
        solved = record.result(context.today()) is not None
        context.reply(
            update,
            _("You solved today's daily already: /play for more.")
            if solved
            else _("Your daily clock is not running: /daily shows the puzzle and starts it."),
        )
        return
    # Judged against the puzzle the player saw, even if midnight has passed since.
    verdict = check(text, await puzzle_of(context, day), 24)
    before = still_open(record, context.bot_data.local_now()) if not verdict.ok else None
    if before is not None:
        # Yesterday's puzzle, shown before midnight, and today's opened since: an answer
        # to yesterday's counts for it (a wrong one is a miss of today's).
        earlier = check(text, await puzzle_of(context, before), 24)
        if earlier.ok:
            day, verdict = before, earlier
    if not verdict.ok:
        if counts_as_miss(verdict):
            record.miss(day)
        context.reply(
            update, _("Not quite: {reason}.").format(reason=html.escape(reason(verdict, context)))
        )
        return
    number = daily_number(day)
    result = record.solve(day, context.now())
    if record.running() is None:  # today's clock may still run (yesterday's was solved)
        context.chat_data.answers_to = AnswersTo.GAME
    context.save_now(update.effective_chat.id, update.effective_user.id)
    if record.replaying:
        # The archive's: kept, but no streak, board or percentile.
        context.reply(
            update,
            _(
                "✅ Daily #{number} ({day}) solved in {time}. Archive results count for no streak."
            ).format(number=number, day=day.isoformat(), time=clock_text(result.seconds)),
            game=True,
        )
        return
    lines, _share = solved_lines(context, record, day, result)
    context.reply(update, "\n".join(lines), game=True)


def solved_lines(
    context: BotContext, record: DailyRecord, day: dt.date, result: DailyResult
) -> tuple[list[str], str]:
    """What a player is told (HTML lines) on solving a day's puzzle live, in the chat or in
    the Mini App: time, streak, the share line, everyone's day; and the share line itself
    (plain text).  The solve goes on the day's board here (once per result: the caller has
    just recorded it)."""
    _ = context._
    streak = record.streak_on(context.today())
    standing = context.bot_data.daily_board.add(day, result.seconds)
    number = daily_number(day)
    share = share_line(number, result, streak.current, context, standing.faster_than)
    lines = [
        _("✅ Solved in {time}! Streak: {streak} (best {best}). Share it:").format(
            time=clock_text(result.seconds), streak=streak.current, best=streak.best
        ),
        html.escape(share),
        everyones_day(context, standing),
        next_puzzle(context, day, record),
    ]
    frozen = record.frozen_before(day)
    if frozen:  # after the share line, which "Share it:" leads to
        lines.insert(2, freeze_used(context, frozen))
    return lines, share


def share_of(context: BotContext, record: DailyRecord, day: dt.date, result: DailyResult) -> str:
    """The share line of a result shown again: the streak and the standing as they are now
    (the standing while the board keeps the day), as the result first gave them."""
    streak = record.streak(context.today())
    standing = context.bot_data.daily_board.standing(day, result.seconds)
    return share_line(daily_number(day), result, streak, context, standing.faster_than)


def next_puzzle(context: BotContext, day: dt.date, record: DailyRecord) -> str:
    """When the next puzzle comes, after a result of ``day``; or that it came already (an
    attempt started before midnight and solved after it), and whether its clock runs."""
    today = context.today()
    if day < today and record.running() == today:
        return context._("Today's puzzle, Daily #{number}, is open too: its clock runs.").format(
            number=daily_number(today)
        )
    if day < today:
        return context._("Today's puzzle, Daily #{number}, is out: /daily").format(
            number=daily_number(today)
        )
    return context._("Next puzzle in {time}.").format(
        time=duration_text(context, until_next_puzzle(context))
    )


def until_next_puzzle(context: BotContext) -> dt.timedelta:
    return until_next(context.bot_data.local_now())


def everyones_day(context: BotContext, standing: Standing) -> str:
    """How many solved the day's puzzle, across all chats, and how the player's time ranks."""
    if standing.faster_than is None:
        # "today" would not be true of an attempt started before midnight and solved after.
        return context._("🌍 You are the first to solve this puzzle.")
    return context.ngettext(
        "🌍 {count} player solved it: you were faster than {percent}% of the others.",
        "🌍 {count} players solved it: you were faster than {percent}% of the others.",
        standing.solvers,
    ).format(count=standing.solvers, percent=standing.faster_than)


def freeze_used(context: BotContext, frozen: tuple[dt.date, ...]) -> str:
    """The line saying a streak freeze covered missed days."""
    return context.ngettext(
        "🧊 A streak freeze covered {days}: your streak lives on.",
        "🧊 Streak freezes covered {days}: your streak lives on.",
        len(frozen),
    ).format(days=context._(", ").join(day.isoformat() for day in frozen))


def _time_or_dash(seconds: float | None) -> str:
    return "–" if seconds is None else clock_text(seconds)


def stats_lines(context: BotContext, stats: DailyStats) -> list[str]:
    """The player's daily statistics, a line per fact."""
    _ = context._
    return [
        _("Days played: {played} · solved: {share}%").format(
            played=stats.played, share=round(100 * stats.solved_share)
        ),
        _("Streak: 🔥{current} (best {best}) · freezes held: 🧊{freezes}").format(
            current=stats.streak.current, best=stats.streak.best, freezes=stats.streak.freezes
        ),
        _("Best time: {best} · median: {median}").format(
            best=_time_or_dash(stats.best_time), median=_time_or_dash(stats.median_time)
        ),
        _("Misses per day: {misses:.1f}").format(misses=stats.misses_per_day),
    ]


def chart_labels() -> list[str]:
    """The solve-time chart's bars, each its range: ``<0:30``, ``0:30-1:00`` … ``10:00+``."""
    bounds = [clock_text(bound) for bound in TIME_BUCKETS]
    ranges = [f"{low}-{high}" for low, high in pairwise(bounds)]
    return ["<" + bounds[0], *ranges, bounds[-1] + "+"]


async def stats_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/stats (/daily stats): in private, the player's numbers and a chart of their solve
    times (today's bar highlighted); in a group, the asker's line only."""
    _ = context._
    stats = stats_of(_record(context), context.today())
    lines = stats_lines(context, stats)
    chat_id = update.effective_chat.id
    if update.effective_chat.type != ChatType.PRIVATE:
        name = html.escape(update.effective_user.full_name)
        link = f"https://t.me/{context.bot.username}?start=stats"
        button = InlineKeyboardMarkup([[InlineKeyboardButton(_("My chart"), url=link)]])
        context.reply(
            update,
            player_line(f"<b>{name}</b>", " · ".join(lines), context)
            + "\n"
            + _("Your chart is in our private chat."),
            reply_markup=button,
        )
        return
    caption = "\n".join([_("<b>Your daily puzzles</b>"), *lines])
    if not stats.solved:  # a chart of nothing but zeros says nothing
        context.reply(
            update,
            caption + "\n" + _("No solve times to chart yet: /daily starts today's puzzle."),
        )
        return
    # The chart's only words are in the caption: the picture's font has no Chinese (a title
    # drawn with it came out as empty boxes), and times and counts need no translation.
    caption += "\n" + (
        _("The chart: how many days you solved in each time, today's bar in orange.")
        if stats.today_bar is not None
        else _("The chart: how many days you solved in each time.")
    )
    picture = bar_chart(chart_labels(), stats.bars, stats.today_bar, unit="m:ss")
    if visible_length(caption) > CAPTION:  # a long translation: the text on its own
        context.post(chat_id, lambda: context.bot.send_photo(chat_id, picture))
        context.reply(update, caption)
        return
    context.post(
        chat_id,
        lambda: context.bot.send_photo(chat_id, picture, caption=caption),
        user_id=update.effective_user.id,
    )


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
        result = user_data.daily.result(day) if user_data else None
        if result is not None:
            rows.append((name, result.seconds))
    return sorted(rows, key=lambda row: row[1])


def _members_streaks(context: BotContext, chat_id: int, day: dt.date) -> list[tuple[str, int]]:
    """(name, current streak) of the chat's members with a streak, longest first."""
    chat_data = context.application.chat_data.get(chat_id)
    rows = []
    for user_id, name in (chat_data.members if chat_data else {}).items():
        user_data = context.application.user_data.get(user_id)
        streak = user_data.daily.streak(day) if user_data else 0
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
    context.post(
        chat_id,
        lambda: send_hand(
            context.bot,
            chat_id,
            hand,
            context.bot_data.file_ids,
            caption=caption,
            reply_markup=button,
        ),
        game=True,
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
    """/daily week: the chat's members ranked by days solved this week, then total time."""
    _ = context._
    context.chat_data.members[update.effective_user.id] = update.effective_user.full_name
    today = context.today()
    rows = []
    for user_id, name in context.chat_data.members.items():
        user_data = context.application.user_data.get(user_id)
        days, total = user_data.daily.week(today) if user_data else (0, 0.0)
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


async def subscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/subscribe HH:MM: post each day's puzzle here at that local time (admins in groups);
    /subscribe alone says whether it is (anyone may ask)."""
    _, zone = context._, context.settings.timezone.key
    if not context.args:
        context.reply(
            update, subscription_text(context.chat_data.daily.subscription, zone, context)
        )
        return
    if not await is_admin(update, context):
        context.reply(update, _("Only the group's admins can change settings."))
        return
    try:
        at = post_time(context.args[0])
    except ValueError:
        context.reply(update, _("Use /subscribe 09:00 (24-hour time)."))
        return
    context.chat_data.daily.subscription = at.strftime("%H:%M")
    if local_now(context.application).time() >= at:
        context.chat_data.daily.done = context.today()  # the first post is tomorrow's
    schedule_post(context.application, update.effective_chat.id, at)
    context.reply(update, subscription_text(context.chat_data.daily.subscription, zone, context))


async def unsubscribe(update: MessageUpdate, context: HandlerContext) -> None:
    """/unsubscribe: stop the daily post."""
    if not await is_admin(update, context):
        context.reply(update, context._("Only the group's admins can change settings."))
        return
    if context.chat_data.daily.subscription is None:
        context.reply(update, context._("This chat is not subscribed to the daily puzzle."))
        return
    context.chat_data.daily.subscription = None
    _cancel_post(context.application, update.effective_chat.id)
    context.reply(update, context._("Unsubscribed from the daily puzzle."))


def schedule_post(application: Application, chat_id: int, at: dt.time) -> None:
    """A daily job at ``at`` in the bot's time zone (replacing an earlier one)."""
    _cancel_post(application, chat_id)
    at = at.replace(second=spread_second(chat_id), tzinfo=settings_of(application).timezone)
    services(application).timers.run_daily(post_daily, at, chat_id=chat_id, kind=DAILY_POST)


def _cancel_post(application: Application, chat_id: int) -> None:
    services(application).timers.cancel(chat_id, DAILY_POST)


async def remind_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/remind 20:00 [Asia/Shanghai], /remind off: a private reminder on a day the puzzle is
    not yet solved; /remind alone says which is set."""
    _ = context._
    if update.effective_chat.type != ChatType.PRIVATE:
        context.reply(update, _("Reminders come in private: send me /remind 20:00 there."))
        return
    record = _record(context)
    args = context.args or []
    user_id = update.effective_user.id
    if len(args) == 1 and args[0].lower() == "off":
        record.remind_at = record.remind_zone = None
        context.bot_data.timers.cancel(user_id, DAILY_REMINDER)
        context.reply(update, _("No more reminders."))
        return
    usage = _(
        "Use /remind 20:00 (24-hour time), optionally with a time zone: "
        "/remind 20:00 Asia/Shanghai; /remind off."
    )
    if not args:
        context.reply(update, reminder_set(context, record) + "\n" + usage)
        return
    if len(args) > 2:
        context.reply(update, usage)
        return
    try:
        at = post_time(args[0])
    except ValueError:
        context.reply(update, usage)
        return
    if len(args) == 2:
        zone = find_zone(args[1])
        if zone is None:
            context.reply(
                update,
                _(
                    "I do not know the time zone {zone}: give its name as in "
                    "/remind 20:00 Asia/Shanghai, Europe/London or America/New_York."
                ).format(zone=html.escape(args[1][:64])),
            )
            return
        record.remind_zone = zone.key
    # Without a zone, the one the player gave before (if any) stays.
    record.remind_at = at.strftime("%H:%M")
    schedule_reminder(context.application, user_id, record)
    context.reply(update, reminder_set(context, record))


def reminder_zone(context: BotContext, record: DailyRecord) -> ZoneInfo:
    """The time zone of a player's reminder: theirs, or the bot's (also for a zone the
    time zone database no longer has)."""
    zone = find_zone(record.remind_zone) if record.remind_zone else None
    return zone or context.bot_data.settings.timezone


def reminder_set(context: BotContext, record: DailyRecord) -> str:
    """Which reminder a player has, and when the puzzle changes in its time zone."""
    _ = context._
    if record.remind_at is None:
        return _("You have no reminder.")
    zone = reminder_zone(context, record)
    change = next_puzzle_at(context.bot_data.local_now()).astimezone(zone)
    return _(
        "I will remind you at {time} ({zone}) on days you have not solved the puzzle yet. "
        "A new puzzle comes at {change} your time."
    ).format(time=record.remind_at, zone=zone.key, change=change.strftime("%H:%M"))


def schedule_reminder(application: Application, user_id: int, record: DailyRecord) -> None:
    """The player's daily reminder job (replacing an earlier one)."""
    timers = services(application).timers
    timers.cancel(user_id, DAILY_REMINDER)
    if record.remind_at is None:
        return
    zone = find_zone(record.remind_zone) if record.remind_zone else None
    zone = zone or settings_of(application).timezone
    at = post_time(record.remind_at).replace(second=spread_second(user_id), tzinfo=zone)
    timers.run_daily(send_reminder, at, chat_id=user_id, kind=DAILY_REMINDER)


def reminder_text(context: BotContext, record: DailyRecord) -> str:
    """A reminder of today's puzzle: how long is left, and when that is in the player's
    time zone (the puzzle changes at midnight in the bot's, which may not be theirs)."""
    _ = context._
    now = context.bot_data.local_now()
    today = now.date()
    streak = record.streak_on(today)
    change = next_puzzle_at(now)
    facts = {
        "number": daily_number(today),
        "streak": streak.current,
        "left": duration_text(context, until_next(now)),  # real time, across a DST change
        "time": change.astimezone(reminder_zone(context, record)).strftime("%H:%M"),
    }
    if not streak.current:
        text = _("⏰ Daily #{number} is waiting, for {left} more (until {time} your time): /daily")
    elif streak.freezes:
        text = _(
            "⏰ Daily #{number} is waiting: solve it within {left} (by {time} your time), "
            "or a streak freeze 🧊 is used to keep your 🔥{streak} streak. /daily"
        )
    else:
        text = _(
            "⏰ Daily #{number} is waiting: your 🔥{streak} streak ends in {left}, "
            "at {time} your time. /daily"
        )
    return text.format(**facts)


async def send_reminder(context: JobContext[None]) -> None:
    """Job: remind a player of today's puzzle, unless solved or reminded today already."""
    user_id = context.job.chat_id
    user_data = context.application.user_data.get(user_id)
    today = context.today()
    if user_data is None or not user_data.daily.reminder_due(today):
        return
    record = user_data.daily
    record.reminded = today.isoformat()
    application = context.application
    # A job's update of the data is saved for its chat only: this is the user's.
    application.mark_data_for_update_persistence(user_ids=user_id)
    text = reminder_text(context, record)

    def failed(error: Exception) -> None:
        if isinstance(error, Forbidden):
            # The player blocked the bot: the reminder is forgotten, also after a restart.
            logger.info("User %s unreachable; their daily reminder ends", user_id)
            record.remind_at = record.remind_zone = None
            services(application).timers.cancel(user_id, DAILY_REMINDER)
            application.mark_data_for_update_persistence(user_ids=user_id)

    reminder = functools.partial(context.bot.send_message, user_id, text)
    context.post(user_id, reminder, game=True, on_failed=failed, bulk=True)


def restore_reminders(application: Application) -> int:
    """After a restart, schedule every saved reminder again; returns how many."""
    count = 0
    for user_id, data in application.user_data.items():
        if data.daily.remind_at:
            schedule_reminder(application, user_id, data.daily)
            count += 1
    return count


def restore(application: Application) -> None:
    """At start-up: the subscriptions' posts, the reminders, and the board of the latest
    days' solve times."""
    restore_subscriptions(application)
    restore_reminders(application)
    rebuild_board(application)


def rebuild_board(application: Application) -> int:
    """Fill the board of solve times with every kept result of today and yesterday (a scan
    of every player, once, at start-up); returns how many."""
    board = services(application).daily_board
    today = local_now(application).date()
    days = [today - dt.timedelta(days=1), today]
    count = 0
    for user_data in application.user_data.values():
        for day in days:
            result = user_data.daily.result(day)
            if result is not None:
                board.add(day, result.seconds)
                count += 1
    return count


def restore_subscriptions(application: Application) -> int:
    """After a restart, schedule every saved subscription again; returns how many.

    A chat whose post time passed today while the bot was down gets today's post at once.
    """
    now = local_now(application)
    timers = services(application).timers
    count = 0
    for chat_id, data in application.chat_data.items():
        if data.daily.subscription:
            at = post_time(data.daily.subscription)
            schedule_post(application, chat_id, at)
            if now.time() >= at and data.daily.done != now.date():
                timers.run_once(post_daily, 0, chat_id=chat_id, kind=DAILY_POST)
            count += 1
    return count


async def post_daily(context: JobContext[None]) -> None:
    """Job: post today's puzzle, with yesterday's solutions and how the chat did."""
    _ = context._
    chat_id = context.job.chat_id
    yesterday = context.today() - dt.timedelta(days=1)
    solved = _members_results(context, chat_id, yesterday)
    try:
        facts = await context.bot_data.solving.facts(await puzzle_of(context, yesterday), 24)
        answers = " · ".join((facts.solutions or ())[:5])
    except (WorkTimeout, WorkFailed, PoolBusy):
        answers = ""
    extra = _("Yesterday (#{number}): {count} solved; solutions: {answers}")
    now = context.bot_data.local_now()
    if not closed(yesterday, now):  # attempts at it still take answers: no solutions yet
        answers = closes_at(yesterday, now.tzinfo).strftime("%H:%M")
        extra = _(
            "Yesterday (#{number}): {count} solved; /solve shows its solutions after {answers}."
        )
    extra = extra.format(
        number=daily_number(yesterday), count=len(solved), answers=html.escape(answers)
    )
    chat = context.chat_data
    today = context.today()

    def failed(error: Exception) -> None:
        if isinstance(error, Forbidden):
            # The bot was blocked or removed: this chat is unsubscribed.
            logger.info("Chat %s unreachable; its daily subscription ends", chat_id)
            chat.daily.subscription = None
            _cancel_post(context.application, chat_id)
        elif isinstance(error, BulkNotSent):  # the bot stopped first: posted at its restart
            chat.daily.done = None
            context.application.mark_data_for_update_persistence(chat_ids=chat_id)

    # Marked done at once, so that a restart before the post is sent does not post it twice
    # (a post lost to an outage is retried by the outbox for a minute).
    chat.daily.done = today
    await show_in_group(chat_id, context, extra=extra, on_failed=failed, bulk=True)


def _result_json(
    context: BotContext,
    record: DailyRecord,
    day: dt.date,
    result: DailyResult,
    told: tuple[list[str], str] | None = None,
) -> dict[str, object]:
    """A day's result as the Mini App shows it; with what the chat is ``told`` when just
    solved (:func:`solved_lines`): those lines but the share line, shown on its own (with
    its Copy button) between the ``lines`` that lead to it and those ``after`` it."""
    streak = record.streak_on(context.today())
    lines, share = told or ([], share_of(context, record, day, result))
    shown = html.escape(share)
    cut = lines.index(shown) if shown in lines else len(lines)
    return {
        "seconds": round(result.seconds, 1),
        "time": clock_text(result.seconds),
        "misses": result.misses,
        "streak": streak.current,
        "best": streak.best,
        "share": share,
        "lines": lines[:cut],
        "after": lines[cut + 1 :],
    }


def _app_record(context: BotContext) -> DailyRecord:
    assert context.user_data is not None  # a Mini App's context is made for its player
    return context.user_data.daily


def _app_day(context: BotContext, day: dt.date) -> dict[str, object]:
    """What the Mini App shows of a day's puzzle before its cards: never the hand."""
    return {
        "day": day.isoformat(),
        "number": daily_number(day),
        "language": context.language,
        "next_in": int(until_next_puzzle(context).total_seconds()),
    }


def _app_progress(context: BotContext, record: DailyRecord, day: dt.date) -> dict[str, object]:
    """The player's state for the day: ``new`` (never opened), ``playing`` (its clock runs,
    with the seconds ``elapsed`` and the misses so far) or ``solved`` (with the result)."""
    key = day.isoformat()
    done = record.result(day)
    if done is not None:
        return {"state": "solved", "result": _result_json(context, record, day, done)}
    if key not in record.started:
        return {"state": "new"}
    return {
        "state": "playing",
        "elapsed": round(max(0.0, context.now() - record.started[key]), 1),
        "misses": record.misses.get(key, 0),
    }


async def app_daily_state(request: AppRequest) -> AppReply:
    """``GET /app/api/daily/state``: the player's state for today without the hand, starting
    nothing: the page asks it first, so that opening the app (from the menu button, say, to
    practise) does not start the daily clock before the player chooses to see the cards."""
    context = request.context
    day = context.today()
    return 200, {**_app_day(context, day), **_app_progress(context, _app_record(context), day)}


async def app_daily(request: AppRequest) -> AppReply:
    """``GET /app/api/daily``: today's puzzle for the Mini App, whose opening starts the
    player's clock as /daily in private does (the same attempt: one clock, one result);
    or the result, if solved."""
    context = request.context
    record = _app_record(context)
    day = context.today()
    hand = await puzzle_of(context, day)
    record.start(day, context.now())  # nothing if solved; an earlier start stands
    return 200, {
        **_app_day(context, day),
        "hand": list(hand),
        **_app_progress(context, record, day),
    }


async def app_daily_answer(request: AppRequest) -> AppReply:
    """``POST /app/api/daily`` with ``{"day": "2026-11-01", "expression": "8/(3-8/3)"}``:
    the expression the player built by tapping, judged against that day's puzzle, timed from
    the clock the player started (in the app or with /daily in private)."""
    context = request.context
    record = _app_record(context)
    text, day_text = request.body.get("expression"), request.body.get("day")
    try:
        day = dt.date.fromisoformat(day_text) if isinstance(day_text, str) else None
    except ValueError:
        day = None
    if day is None or not isinstance(text, str):
        return 400, {"error": "bad_request"}
    if daily_number(day) < 1 or day > context.today():
        return 409, {"error": "not_started"}
    # Everything below runs without an await: a second answer sent at once (a double tap)
    # finds the first one's result, and is neither counted nor announced again.
    hand = await puzzle_of(context, day)
    done = record.result(day)
    if done is not None:  # one result a day: the first one stands
        return 200, {"state": "solved", "result": _result_json(context, record, day, done)}
    if not may_answer(record, day, context.bot_data.local_now()):
        # Only an opened puzzle has a clock (no time for a puzzle read elsewhere first), and
        # only the attempt still open counts, as in the chat (the running one until its day
        # closes, or yesterday's beside today's): see bot.game.attempts.
        return 409, {"error": "not_started"}
    verdict = check(text, hand, 24)
    if not verdict.ok:
        if counts_as_miss(verdict):
            record.miss(day)
        return 200, {"state": "playing", "reason": reason(verdict, context)}
    result, user_id = record.solve(day, context.now()), request.user.id
    context.save_user_now(user_id)  # saved before it is announced
    told = solved_lines(context, record, day, result)
    if user_id in context.application.chat_data:
        # The result in the private chat too (where it can be forwarded), if there is one:
        # a player who opened the app from a group's link may never have started the bot.
        context.send(user_id, "\n".join(told[0]), game=True)
    reply = _result_json(context, record, day, result, told)
    return 200, {"state": "solved", "result": reply, "expression": solution_of(text).pretty}


def register(application: Application) -> None:
    """/daily, the ``/start daily`` deep link, /subscribe and /unsubscribe, and the answers
    of a daily attempt in private."""
    # A deep link t.me/<bot>?start=daily arrives as "/start daily" in private.
    services(application).deep_links["daily"] = start_private
    services(application).deep_links["stats"] = stats_command
    application.add_handler(CommandHandler("daily", for_messages(daily_command)))
    application.add_handler(CommandHandler("stats", for_messages(stats_command)))
    application.add_handler(CommandHandler("remind", for_messages(remind_command)))
    application.add_handler(
        CallbackQueryHandler(for_buttons(archive_button), pattern=r"^daily:\d{4}-\d{2}-\d{2}$")
    )
    application.add_handler(CommandHandler("subscribe", for_messages(subscribe)))
    application.add_handler(CommandHandler("unsubscribe", for_messages(unsubscribe)))
    services(application).answers.add(
        Route(Priority.DAILY, for_daily, answer, attempt_open, pictures)
    )
    serve_app(application, "GET", "daily/state", app_daily_state)
    serve_app(application, "GET", "daily", app_daily)
    serve_app(application, "POST", "daily", app_daily_answer)
