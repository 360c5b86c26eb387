"""A player's daily attempt in private: today's puzzle shown and its clock started, the
answers it claims, what a solve is told (time, streak, share line, everyone's day), and the
board of the latest days' solve times."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable

from babel.lists import format_list
from babel.numbers import format_percent
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, WebAppInfo
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext, local_now
from bot.games.daily import aside
from bot.games.daily.day_board import board_of
from bot.games.daily.parts import ANSWERS_TO, DAILY_CHAT, DAILY_RECORD
from bot.games.daily.words import share_line
from bot.i18n import date_text, locale_of
from bot.play import game_life, set_aside
from bot.play.after_solve import offer_markup, puzzle_ended
from bot.play.announce import tell_saved
from bot.play.hand_record_line import count_solve
from bot.play.miniapp import app_address
from bot.play.result_listeners import publish
from bot.rules.daily.attempts import still_open
from bot.rules.daily.puzzle import (
    HAND_SOURCE,
    DailyRecord,
    DailyResult,
    DailySolved,
    Standing,
    clock_text,
    until_next,
)
from bot.rules.pace import floor_of
from bot.rules.plain_text import is_chatter
from bot.rules.scoring import counts_as_miss
from bot.state import CHATS_GAME
from bot.texts import duration_text, reason
from bot.typed_handlers import (
    HandlerContext,
    MessageUpdate,
)
from solver import check, daily_number
from solver import daily as day_puzzle


async def puzzle_of(context: BotContext, day: dt.date | None = None) -> tuple[int, ...]:
    """The puzzle of a day, today by default (read from the level table the bot ships)."""
    return day_puzzle(day or context.today())


def _record(context: HandlerContext) -> DailyRecord:
    return DAILY_RECORD.get(context.user_data)


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
    busy = set_aside.busy_text(context, update.effective_chat.id, "/daily")
    if busy is not None:  # the daily would hide that game: its clock is not started
        context.reply(update, busy)
        return
    hand = await puzzle_of(context, day)
    since = context.now()
    opened = record.start(day, since)
    context.chat_data.answers_to = ANSWERS_TO
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

    def shown() -> None:
        if opened:  # the clock this opening started runs from when the puzzle is seen
            record.shown(day, since, context.now())

    sorry = context.sorry(chat_id)

    def lost(error: Exception) -> None:
        # Nobody saw the puzzle: no clock is left running for it (a game's clean end).
        if opened:
            record.unseen(day, since)
            if record.running() is None:
                context.chat_data.answers_to = CHATS_GAME
        sorry(error)

    _show_puzzle(context, chat_id, hand, caption, markup, shown, lost)


def _show_puzzle(
    context: HandlerContext,
    chat_id: int,
    hand: tuple[int, ...],
    caption: str,
    markup: InlineKeyboardMarkup | None = None,
    seen: Callable[[], object] | None = None,
    lost: Callable[[Exception], object] | None = None,
) -> None:
    """Send a daily puzzle's picture in private; replies to it are answers to it.  ``seen``:
    what to do once it is sent; ``lost``: if it cannot be sent at all (the apology by
    default)."""
    chat = context.chat_data

    def shown(sent: object) -> None:
        if isinstance(sent, Message):
            # The picture before stays an answer's address: yesterday's may still be open.
            DAILY_CHAT.get(chat).previous_message_id = DAILY_CHAT.get(chat).message_id
            DAILY_CHAT.get(chat).message_id = sent.message_id
        if seen is not None:
            seen()

    game_life.post_hand(
        context, chat_id, hand, caption, reply_markup=markup, on_sent=shown, on_failed=lost
    )


def for_daily(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer is meant for the daily puzzle rather than the chat's game
    (asked before it: see :data:`bot.games.daily.PRIORITY`)."""
    if update.effective_chat.type != ChatType.PRIVATE:
        return False
    replied = update.effective_message.reply_to_message
    if replied is not None and replied.message_id in pictures(context):
        return True
    # A reply to another game's picture is that game's; to any other message (the bot's
    # "Not quite"), it is an answer as plain text is.
    return attempt_open(context) and not context.bot_data.answers.addressed(update, context)


def set_aside_claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer goes to the daily attempt that another game set aside and
    that game has ended (asked after every game that claims its own answers, a late one to
    a Countdown game among them: see :mod:`bot.games.daily.aside`)."""
    if update.effective_chat.type != ChatType.PRIVATE:
        return False
    if not aside.waiting(context, update.effective_chat.id):
        return False
    return not context.bot_data.answers.addressed(update, context)


def pictures(context: HandlerContext) -> tuple[int | None, int | None]:
    """The daily puzzle's pictures in this private chat, whose replies are its answers."""
    daily = DAILY_CHAT.of(context.chat_data)
    return (None, None) if daily is None else (daily.message_id, daily.previous_message_id)


def attempt_open(context: HandlerContext) -> bool:
    """Whether plain answers in this private chat go to an attempt at the daily puzzle."""
    return context.chat_data.answers_to == ANSWERS_TO


async def answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the daily puzzle whose clock the player started, in private."""
    _ = context._
    # Another game was shown since the daily (it set the daily aside): a wrong answer is
    # told which puzzle judged it.
    named = not attempt_open(context)
    record = _record(context)
    day = record.running()
    if day is None:
        # Only /daily in private starts a clock: an answer to a puzzle read elsewhere
        # (a group's post, inline mode) would be timed from nothing.
        context.chat_data.answers_to = CHATS_GAME
        solved = record.result(context.today()) is not None
        context.reply(
            update,
            _("You solved today's daily already: /play for more.")
            if solved
            else _("Your daily clock is not running: /daily shows the puzzle and starts it."),
        )
        return
    # Judged against the puzzle the player saw, even if midnight has passed since.
    hand = await puzzle_of(context, day)
    verdict = check(text, hand, 24)
    before = still_open(record, context.bot_data.local_now()) if not verdict.ok else None
    if before is not None:
        # Yesterday's puzzle, shown before midnight, and today's opened since: an answer
        # to yesterday's counts for it (a wrong one is a miss of today's).
        earlier_hand = await puzzle_of(context, before)
        earlier = check(text, earlier_hand, 24)
        if earlier.ok:
            day, verdict, hand = before, earlier, earlier_hand
    if not verdict.ok:
        why = html.escape(reason(verdict, context))
        if counts_as_miss(verdict):
            record.miss(day)
            if named:
                said = _("Not quite, for your Daily #{number}: {reason}.")
            else:
                said = _("Not quite: {reason}.")
            context.reply(update, said.format(reason=why, number=daily_number(day)))
        elif is_chatter(text):  # "hi": not an answer at all, and no miss
            cards = " ".join(map(str, sorted(hand)))
            context.reply(
                update,
                _(
                    "Your Daily #{number} is on the clock: make 24 from {cards}, each card "
                    "once, like (8-2)*4."
                ).format(number=daily_number(day), cards=cards),
            )
        else:  # a typo, other numbers: told what is wrong, free
            if named:
                said = _("Not quite, for your Daily #{number}: {reason} (not counted as a miss).")
            else:
                said = _("Not quite: {reason} (not counted as a miss).")
            context.reply(update, said.format(reason=why, number=daily_number(day)))
        return
    number = daily_number(day)
    result = record.solve(day, context.now(), floor=floor_of(hand))
    if record.running() is None:  # today's clock may still run (yesterday's was solved)
        context.chat_data.answers_to = CHATS_GAME
    # A result must survive a crash: saved before it is announced (bot.services.saving).
    chat_id = update.effective_chat.id
    saved = context.save_now(chat_id, update.effective_user.id)
    if record.replaying:
        # The archive's: kept, but no streak, board or percentile.
        text = _(
            "✅ Daily #{number} ({day}) solved in {time}. Archive results count for no streak."
        ).format(
            number=number, day=date_text(day, context.language), time=clock_text(result.seconds)
        )
        tell_saved(context, chat_id, text, saved, update=update)
        aside.after_replay(context, chat_id)
        return
    # The live attempt, one a day, counts for the hand's record (a replay does not).
    user_id = update.effective_user.id
    line, hand_saved = count_solve(context, chat_id, hand, 24, user_id, result.seconds, HAND_SOURCE)
    lines, _share = solved_lines(context, record, day, result, line)
    challenged = puzzle_ended(context, user_id, day, result.seconds, too_fast=result.too_fast)
    if challenged is not None:  # the attempt was a friend's challenge too
        lines.append(challenged)
    news = solved_result(user_id, update.effective_user.full_name, record, day, result, hand)
    lines += publish(context, chat_id, [news])
    # A time no person makes is nobody's to beat: no challenge is offered from it.
    markup = (
        None if result.too_fast else offer_markup(context, user_id, hand, 24, result.seconds, day)
    )
    saved = saved and hand_saved
    tell_saved(context, chat_id, "\n".join(lines), saved, update=update, reply_markup=markup)


def solved_result(
    player: int,
    name: str,
    record: DailyRecord,
    day: dt.date,
    result: DailyResult,
    hand: tuple[int, ...] = (),
) -> DailySolved:
    """The day's puzzle solved, as a game's result (:mod:`bot.play.result_listeners`): beyond the
    player's own history it counts at a person's pace only."""
    streak, paced = record.streak(day), not result.too_fast
    return DailySolved(
        player=player,
        name=name,
        seconds=result.seconds,
        streak=streak,
        counts=paced,
        hand=tuple(sorted(hand)),
    )


def solved_lines(
    context: BotContext,
    record: DailyRecord,
    day: dt.date,
    result: DailyResult,
    hand_record: str | None = None,
) -> tuple[list[str], str]:
    """What a player is told (HTML lines) on solving a day's puzzle live, in the chat or in
    the Mini App: time, streak, the share line, everyone's day, the ``hand_record`` line
    (:mod:`bot.play.hand_record_line`) if any; and the share line itself (plain text).
    The solve goes on the day's board here (once per result: the caller has just recorded
    it)."""
    _ = context._
    streak = record.streak_on(context.today())
    board = board_of(context.application)
    # Faster than a person's pace: the player's history keeps it, the board does not.
    too_fast = result.too_fast
    standing = board.standing(day, result.seconds) if too_fast else board.add(day, result.seconds)
    number = daily_number(day)
    share = share_line(number, result, streak.current, context, standing.faster_than)
    lines = [
        _("✅ Solved in {time}! Streak: {streak} (best {best}). Share it:").format(
            time=clock_text(result.seconds), streak=streak.current, best=streak.best
        ),
        html.escape(share),
        *([too_fast_line(context, day)] if too_fast else [everyones_day(context, standing)]),
        *([hand_record] if hand_record else []),
        next_puzzle(context, day, record),
    ]
    frozen = record.frozen_before(day)
    if frozen:  # after the share line, which "Share it:" leads to
        lines.insert(2, freeze_used(context, frozen))
    return lines, share


def too_fast_line(context: BotContext, day: dt.date) -> str:
    """Why a daily solve faster than a person's pace is on no board."""
    return context._(
        "⚠️ That solve came faster than a person reads four cards and types an answer, so "
        "the time is yours (your streak and stats keep it), but on no board, and no "
        "challenge is made of it. A solve at a person's pace goes on the boards as usual."
    )


def share_of(context: BotContext, record: DailyRecord, day: dt.date, result: DailyResult) -> str:
    """The share line of a result shown again: the streak and the standing as they are now
    (the standing while the board keeps the day), as the result first gave them."""
    streak = record.streak(context.today())
    standing = board_of(context.application).standing(day, result.seconds)
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
    if not standing.faster_than:
        # "faster than 0% of the others" would be no news, and unkind.
        return context.ngettext(
            "🌍 {count} player solved it so far.",
            "🌍 {count} players solved it so far.",
            standing.solvers,
        ).format(count=standing.solvers)
    return context.ngettext(
        "🌍 {count} player solved it: you were faster than {share} of the others.",
        "🌍 {count} players solved it: you were faster than {share} of the others.",
        standing.solvers,
    ).format(
        count=standing.solvers,
        share=format_percent(standing.faster_than / 100, locale=locale_of(context.language)),
    )


def freeze_used(context: BotContext, frozen: tuple[dt.date, ...]) -> str:
    """The line saying a streak freeze covered missed days."""
    return context.ngettext(
        "🧊 A streak freeze covered {days}: your streak lives on.",
        "🧊 Streak freezes covered {days}: your streak lives on.",
        len(frozen),
    ).format(
        days=format_list(
            [date_text(day, context.language) for day in frozen], locale=locale_of(context.language)
        )
    )


def rebuild_board(application: Application) -> int:
    """Fill the board of solve times with every kept result of today and yesterday (a scan
    of every player, once, at start-up); returns how many."""
    board = board_of(application)
    today = local_now(application).date()
    days = [today - dt.timedelta(days=1), today]
    count = 0
    for user_data in application.user_data.values():
        record = DAILY_RECORD.of(user_data)
        if record is None:
            continue
        for day in days:
            result = record.result(day)
            if result is not None and not result.too_fast:
                board.add(day, result.seconds)
                count += 1
    return count
