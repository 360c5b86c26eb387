"""Past days' puzzles, played in private with their own clock: /daily archive (the last
seven days, each missed one with a button; days before the player's first are "not
played", not missed), /daily 2026-11-01 and /daily #300."""

from __future__ import annotations

import datetime as dt

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatType

from bot.context import BotContext
from bot.games.daily.attempt import _record, _show_puzzle, puzzle_of, start_private
from bot.games.daily.parts import ANSWERS_TO
from bot.i18n import date_text
from bot.play import set_aside
from bot.rules.daily.attempts import first_day, unspoiled_days
from bot.rules.daily.puzzle import (
    NotInArchive,
    clock_text,
    past_day,
)
from bot.rules.spoilers import shares
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    MessageUpdate,
)
from solver import daily as day_puzzle
from solver import daily_number


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
            day=date_text(context.today() - dt.timedelta(days=today - 1), context.language)
        )
    return _("Give a past day or number: /daily 2026-11-01 or /daily #{number}.").format(
        number=today - 1
    )


async def sharing_day(context: HandlerContext, day: dt.date) -> dt.date | None:
    """The daily puzzle the player may still score (today's, yesterday's while open:
    :func:`~bot.rules.daily.attempts.unspoiled_days`) that ``day``'s shares three cards
    with (the rule of /solve, :func:`~bot.rules.spoilers.shares`), None if none: its
    answer, or its solutions given up, would be most of that puzzle's answer (25 and 26 Nov
    2026: 5 5 7 8 and 3 5 7 8).  Tomorrow's is never asked: a refusal that named it would
    tell which past puzzles share its cards a day before it comes (and /solve of those
    cards answers anyone today)."""
    hand = day_puzzle(day)
    for other in unspoiled_days(_record(context), context.bot_data.local_now()):
        if other != day and shares(hand, day_puzzle(other)):
            return other
    return None


async def _spoiler_text(context: HandlerContext, day: dt.date) -> str | None:
    """Why ``day``'s puzzle is kept from the player for now (None: it is not): it shares
    three cards with a daily puzzle they may still score (:func:`sharing_day`)."""
    _ = context._
    other = await sharing_day(context, day)
    if other is None:
        return None
    number = daily_number(day)
    if other == context.today():
        return _(
            "Daily #{number} shares three cards with today's puzzle: play today's first (/daily)."
        ).format(number=number)
    return _(
        "Daily #{number} shares three cards with yesterday's puzzle, which you may still "
        "solve: play yesterday's first."
    ).format(number=number)


async def start_replay(context: HandlerContext, chat_id: int, day: dt.date) -> None:
    """Show a past day's puzzle and start its own clock, or its result if already played."""
    _ = context._
    number = daily_number(day)
    record = _record(context)
    busy = set_aside.busy_text(context, chat_id, f"/daily #{number}")
    if busy is None:
        busy = await _spoiler_text(context, day)
    if busy is not None and record.played(day) is None:  # its clock is not started
        context.send(chat_id, busy)
        return
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
    context.chat_data.answers_to = ANSWERS_TO
    caption = _(
        "<b>Daily #{number}</b> ({day}, from the archive): make 24 from <b>{hand}</b>\n"
        "Its own clock is running; it counts for no streak."
    ).format(number=number, day=date_text(day, context.language), hand=" ".join(map(str, hand)))
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
    first = first_day(_record(context))
    for day, result in _record(context).archive(context.today()):
        number = daily_number(day)
        if result is not None:
            state = "✅ " + clock_text(result.seconds)
        elif first is None or day < first:  # before the player's first day: not theirs to miss
            state = _("not played")
        else:
            state = _("missed")
        lines.append(
            _("#{number} {day}: {state}").format(
                number=number, day=date_text(day, context.language), state=state
            )
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
