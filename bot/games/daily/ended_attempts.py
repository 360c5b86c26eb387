"""Daily attempts that end without a result: one that closed (its day and grace ended) and one
given up with /giveup, /reveal or /stop in private.  Register it before the rounds' and the
daily puzzle's own handlers; its route is first in the answer router's priority
(docs/fair-play.md, *Spoilers, votes and the daily*; docs/design.md, *Where an answer goes*)."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, filters

from bot.context import BotContext, services
from bot.games.daily import aside
from bot.games.daily.archive import sharing_day
from bot.games.daily.parts import ANSWERS_TO, DAILY_CHAT, DAILY_RECORD
from bot.i18n import date_text, time_text
from bot.play.after_solve import puzzle_ended
from bot.play.set_aside import busy_text
from bot.rules.daily.attempts import closed_attempt, closes_at, give_up
from bot.rules.daily.puzzle import DailyRecord, NotInArchive, past_day, until_next
from bot.services.answer_routes import Route
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.state import CHATS_GAME, ChatData
from bot.texts import duration_text
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    MessageUpdate,
    for_buttons,
    for_messages,
)
from solver import daily as day_puzzle
from solver import daily_number

PRIORITY = 10
"""The answer router asks this first (see :class:`~bot.services.answer_routes.Route`): a private
answer to an attempt whose day has closed is told why it cannot count, whatever else runs."""

OPENING_GROUP = -2
"""The handler group of :func:`opening_another`: before the daily puzzle's (group 0)."""
SHOWN_SOLUTIONS = 10
"""Solutions listed when an attempt is given up (the rest are counted)."""


class _Private(filters.UpdateFilter):
    """Updates in a private chat whose chat and player data pass ``test`` (read from the
    application: a filter sees only the update)."""

    def __init__(
        self,
        application: Application,
        test: Callable[[Application, ChatData, DailyRecord, Update], bool],
    ) -> None:
        super().__init__(name="daily attempt")
        self.application = application
        self.test = test

    def filter(self, update: Update) -> bool:
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None or chat.type != ChatType.PRIVATE:
            return False
        chat_data = self.application.chat_data.get(chat.id)
        user_data = self.application.user_data.get(user.id)
        if chat_data is None or user_data is None:
            return False
        return self.test(self.application, chat_data, DAILY_RECORD.get(user_data), update)


def _on_attempt(
    application: Application, chat: ChatData, record: DailyRecord, update: Update
) -> bool:
    """The chat's answers go to a daily attempt whose clock runs, and no game of the chat
    (a round, a hunt, a Countdown game, a series that holds the table: a match between two
    rounds) could mean otherwise."""
    table = chat.table
    return (
        chat.answers_to == ANSWERS_TO
        and record.running() is not None
        and not table.game_on
        and not table.held
    )


def _gave_up_today(
    application: Application, chat: ChatData, record: DailyRecord, update: Update
) -> bool:
    """``/daily`` (``/start daily``, ``/daily #328``) from a player who gave today's puzzle
    up."""
    today = services(application).local_now().date()
    return _opening(update, today) == (today, False) and today.isoformat() in record.gave_up


def closed_text(context: BotContext, day: dt.date) -> str:
    """Kind words for an answer to an attempt that closed."""
    now = context.bot_data.local_now()
    return context._(
        "Sorry, Daily #{number} has closed: its day ended at midnight, and answers were "
        "taken until {time}. Its solutions are out now, so this one cannot count. "
        "Today's puzzle is Daily #{today}: /daily"
    ).format(
        number=daily_number(day),
        time=time_text(closes_at(day, now.tzinfo), context.language),
        today=daily_number(now.date()),
    )


def to_closed(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer goes to a daily attempt that has closed."""
    if update.effective_chat.type != ChatType.PRIVATE:
        return False
    chat = context.chat_data
    replied = update.effective_message.reply_to_message
    to_daily = replied is not None and replied.message_id in (
        DAILY_CHAT.get(chat).message_id,
        DAILY_CHAT.get(chat).previous_message_id,
    )
    waits = aside.waiting(context, update.effective_chat.id)
    if not to_daily and chat.answers_to != ANSWERS_TO and not waits:
        return False
    return (
        closed_attempt(DAILY_RECORD.get(context.user_data), context.bot_data.local_now())
        is not None
    )


async def closed_answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """An answer to an attempt that closed: it ends, and the player is told why."""
    record = DAILY_RECORD.get(context.user_data)
    day = closed_attempt(record, context.bot_data.local_now())
    if day is None:
        return
    record.attempt = None
    context.chat_data.answers_to = CHATS_GAME
    context.reply(update, closed_text(context, day))


async def solutions_of(context: BotContext, day: dt.date) -> tuple[int, str]:
    """How many distinct solutions a day's puzzle has (0 when they take too long to list),
    and them as HTML lines."""
    _ = context._
    solving = context.bot_data.solving
    try:
        facts = await solving.facts(day_puzzle(day), 24)
    except (WorkTimeout, WorkFailed, PoolBusy):
        return 0, _("(The solutions take too long to list.)")
    solutions = facts.solutions or ()
    lines = [f"<code>{html.escape(s)}</code>" for s in solutions[:SHOWN_SOLUTIONS]]
    if len(solutions) > SHOWN_SOLUTIONS:
        more = len(solutions) - SHOWN_SOLUTIONS
        lines.append(
            context.ngettext("… and {count} more", "… and {count} more", more).format(count=more)
        )
    return len(solutions), "\n".join(lines)


async def give_up_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """The button under "Give it up?" (a give-up said while the daily waited, set aside):
    give it up, if it is still that day's attempt and still waits."""
    query = update.callback_query
    day = DAILY_RECORD.get(context.user_data).running()
    chat_id = update.effective_chat.id
    if day is None or query.data != f"{aside.GIVE_UP}{day.isoformat()}":
        await query.answer(context._("That daily is not waiting any more."), show_alert=True)
        return
    if not aside.waiting(context, chat_id):  # a game began since: the daily stays aside
        await query.answer(
            context._("A game is on here: the daily stays set aside until it ends."),
            show_alert=True,
        )
        return
    await query.answer()
    await give_up_command(update, context)


async def give_up_command(update: MessageUpdate | ButtonUpdate, context: HandlerContext) -> None:
    """/giveup, /reveal or /stop while a daily attempt is open in private (or the button
    that gives up a daily waiting): give it up and show its solutions (a live day given up
    is a day missed)."""
    _ = context._
    record = DAILY_RECORD.get(context.user_data)
    now = context.bot_data.local_now()
    context.chat_data.answers_to = CHATS_GAME
    closed = closed_attempt(record, now)
    if closed is not None:
        record.attempt = None
        context.reply(update, closed_text(context, closed))
        return
    given = give_up(record, now)
    if given is None:  # nothing runs: said for the type checker, the filter saw to it
        return
    number = daily_number(given.day)
    # What ends an attempt is kept before it is told, as a result is.
    context.save_now(update.effective_chat.id, update.effective_user.id)
    challenged = puzzle_ended(context, update.effective_user.id, given.day, None)
    # A past puzzle opened before midnight may share three cards with the puzzle that came
    # at midnight (the archive never asks tomorrow's): its solutions wait for that one.
    kept = await sharing_day(context, given.day) if given.replay else None
    if kept is not None:
        told = _(
            "You gave up Daily #{number} ({day}, from the archive). Its solutions are kept "
            "back: it shares three cards with Daily #{other}, which you may still solve "
            "(/daily). /solve shows them once you have played that one."
        ).format(
            number=number, day=date_text(given.day, context.language), other=daily_number(kept)
        )
        context.reply(update, told if challenged is None else challenged + "\n" + told)
        aside.after_replay(context, update.effective_chat.id)
        return
    count, listed = await solutions_of(context, given.day)
    count = count or 2  # not listed: "solutions" (a puzzle always has one)
    ngettext = context.ngettext
    if given.replay:
        head = ngettext(
            "You gave up Daily #{number} ({day}, from the archive). Its solution:",
            "You gave up Daily #{number} ({day}, from the archive). Its solutions:",
            count,
        )
    elif given.day == now.date():
        head = ngettext(
            "You gave up today's puzzle, Daily #{number}: it counts as a day missed. Its solution:",
            "You gave up today's puzzle, Daily #{number}: it counts as a day missed. "
            "Its solutions:",
            count,
        )
    else:
        head = ngettext(
            "You gave up Daily #{number}: it counts as a day missed. Its solution:",
            "You gave up Daily #{number}: it counts as a day missed. Its solutions:",
            count,
        )
    head = head.format(number=number, day=date_text(given.day, context.language))
    if challenged is not None:  # the attempt was a friend's challenge too
        head = challenged + "\n" + head
    context.reply(update, head + "\n" + listed, game=True)
    if given.replay:
        aside.after_replay(context, update.effective_chat.id)


async def gave_up_today(update: MessageUpdate, context: HandlerContext) -> None:
    """/daily after giving today's puzzle up: no second try."""
    now = context.bot_data.local_now()
    context.reply(
        update,
        context._(
            "You gave up today's puzzle, Daily #{number}. The next one comes in {time}."
        ).format(
            number=daily_number(now.date()),
            time=duration_text(context, until_next(now)),
        ),
    )


def _opening(update: Update, today: dt.date) -> tuple[dt.date, bool] | None:
    """The puzzle an update opens in private, and whether from the archive: ``/daily``,
    ``/start daily``, ``/daily 2026-11-01`` or ``#300``, a button of ``/daily archive``
    (None: it opens none)."""
    query = update.callback_query
    if query is not None:  # the archive's buttons open past days only
        words = ["/daily", (query.data or "").removeprefix("daily:")]
        if words[1] == today.isoformat():
            return None
    else:
        message = update.effective_message
        words = (message.text or "").split() if message is not None else []
    command = words[0].split("@")[0].lower() if words else ""
    if (command, words[1:]) in (("/daily", []), ("/start", ["daily"])):
        return today, False
    if command != "/daily" or len(words) != 2:
        return None
    try:
        day = past_day(words[1], today)
    except NotInArchive:
        return None
    return day, day != today


def set_aside(record: DailyRecord, day: dt.date, replay: bool, now: dt.datetime) -> str | None:
    """What opening ``day``'s puzzle does to the attempt running (None: nothing to say):
    ``replay`` or ``today`` is set aside, its clock running on; ``yesterday`` (live, not
    closed) is dropped for good."""
    running = record.running()
    if running is None or closed_attempt(record, now) is not None:
        return None
    if replay:
        if day.isoformat() in record.results or day.isoformat() in record.replays:
            return None  # solved: nothing is opened
        if record.replaying:
            return None if running == day else "replay"
        return "today" if running == now.date() else "yesterday"
    if record.result(day) is not None or day.isoformat() in record.gave_up:
        return None
    return "replay" if record.replaying else None  # yesterday's stays open beside today's


async def opening_another(update: Update, context: BotContext) -> None:
    """Say so when opening a daily puzzle sets aside (or drops) the attempt running; the
    update goes on to the daily puzzle's handler."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None or chat.type != ChatType.PRIVATE or context.user_data is None:
        return
    now = context.bot_data.local_now()
    opened = _opening(update, now.date())
    record = DAILY_RECORD.get(context.user_data)
    if opened is None or busy_text(context, chat.id, "/daily") is not None:
        return  # nothing is opened: the daily puzzle's handler refuses it
    what = set_aside(record, *opened, now)
    running = record.running()
    if what is None or running is None:
        return
    if what in ("replay", "today"):
        text = aside.aside_text(context, record, running)
    else:
        text = context._("Daily #{number} from yesterday is dropped: it no longer counts.").format(
            number=daily_number(running)
        )
    context.send(chat.id, text)


def register(application: Application) -> None:
    """Give-ups and closed attempts, before the rounds' and the daily puzzle's handlers."""
    attempt = _Private(application, _on_attempt)
    application.add_handler(
        CommandHandler(["giveup", "reveal", "stop"], for_messages(give_up_command), filters=attempt)
    )
    application.add_handler(
        CommandHandler(
            ["daily", "start"],
            for_messages(gave_up_today),
            filters=_Private(application, _gave_up_today),
        )
    )
    application.add_handler(
        CallbackQueryHandler(
            for_buttons(give_up_button), pattern=rf"^{aside.GIVE_UP}\d{{4}}-\d{{2}}-\d{{2}}$"
        )
    )
    services(application).answers.add(Route(PRIORITY, to_closed, closed_answer))
    # Before every other group, and never the last word: the puzzle is opened as before.
    application.add_handler(
        CommandHandler(["daily", "start"], opening_another), group=OPENING_GROUP
    )
    application.add_handler(
        CallbackQueryHandler(opening_another, pattern=r"^daily:\d{4}-\d{2}-\d{2}$"),
        group=OPENING_GROUP,
    )
