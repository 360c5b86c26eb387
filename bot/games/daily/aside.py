"""The daily puzzle set aside by another game in a private chat, its clock running on, and
taken up again (:mod:`bot.play.set_aside` says it for every game: :data:`ASIDE`); given up
by a button only (:func:`offer_give_up`; docs/games.md, *What both do alike*)."""

from __future__ import annotations

import datetime as dt
from typing import cast

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.context import BotContext
from bot.play.registry import Aside
from bot.play.set_aside import free, remind
from bot.rules.daily.attempts import closed_attempt, take_up_today
from bot.rules.daily.puzzle import DailyRecord
from bot.state import CHATS_GAME
from bot.typed_handlers import HandlerContext, MessageUpdate
from solver import daily_number


def _record(context: BotContext, chat_id: int) -> DailyRecord | None:
    """The daily record of a private chat's player (its id is the player's)."""
    if chat_id <= 0:
        return None
    user = context.application.user_data.get(chat_id)
    return None if user is None else user.daily


def _counts(context: BotContext, record: DailyRecord | None) -> DailyRecord | None:
    """``record`` if its daily clock runs and still counts (an attempt whose day has
    closed waits for nothing)."""
    if record is None or record.running() is None:
        return None
    if closed_attempt(record, context.bot_data.local_now()) is not None:
        return None
    return record


def waiting(context: HandlerContext, chat_id: int) -> bool:
    """In a handler: whether the chat's plain answers go to its player's daily attempt
    though it was set aside: in private, its clock runs and no other game is on.  (An
    attempt whose day has closed counts too: its answer is told why it cannot count.)"""
    if chat_id <= 0 or context.user_data.daily.running() is None:
        return False
    return free(context, chat_id, context.chat_data)


def _number(record: DailyRecord) -> int:
    day = record.running()
    assert day is not None  # the callers saw it run
    return daily_number(day)


def aside_text(
    context: BotContext, record: DailyRecord, day: dt.date, *, by_game: bool = False
) -> str:
    """That the attempt at ``day``'s puzzle is set aside, its clock running on, and how to
    take it up again: the archive's replay, or today's (or yesterday's, still open); set
    aside ``by_game``, it takes answers again when that game ends (no /daily opens it
    meanwhile: :func:`bot.play.set_aside.busy_text`)."""
    number = daily_number(day)
    if by_game and record.replaying:
        text = context._(
            "Daily #{number} from the archive is set aside, its clock running on: it takes "
            "your answers again when this game ends."
        )
    elif by_game:
        text = context._(
            "Today's Daily #{number} is set aside, its clock running on: it takes your "
            "answers again when this game ends."
        )
    elif record.replaying:
        text = context._(
            "Daily #{number} from the archive is set aside, its clock running on: "
            "/daily #{number} takes it up again."
        )
    else:
        text = context._(
            "Today's Daily #{number} is set aside, its clock running on: /daily takes it up again."
        )
    return text.format(number=number)


def note(context: BotContext, chat_id: int) -> str | None:
    """A game starts in the chat: in private, while the player's daily clock runs, that
    the daily is set aside."""
    record = _counts(context, _record(context, chat_id))
    if record is None:
        return None
    day = record.running()
    assert day is not None
    return aside_text(context, record, day, by_game=True)


def reminder(context: BotContext, chat_id: int) -> str | None:
    """A game has ended in the chat: in private, while the player's daily clock runs, that
    the daily waits."""
    record = _counts(context, _record(context, chat_id))
    if record is None:
        return None
    number = _number(record)
    if record.replaying:
        text = context._(
            "Your Daily #{number} from the archive is waiting, its clock running: type your "
            "answer, or /daily #{number} to see it again."
        )
    else:
        text = context._(
            "Your Daily #{number} is waiting, its clock running: type your answer, or /daily "
            "to see it again."
        )
    return text.format(number=number)


GIVE_UP = "giveup:"
"""The callback data of the button that gives up a daily waiting (and its day, ISO)."""


def offer_give_up(update: MessageUpdate, context: HandlerContext) -> bool:
    """A give-up (/giveup, /reveal, /stop) with no game on while the daily waits: ask, with
    a button that gives it up (never by chance: a live day given up is a day missed, and the
    /giveup may have been meant for a game that has just ended).  False when no daily waits
    (nothing was said)."""
    chat_id = update.effective_chat.id
    record = _counts(context, context.user_data.daily)
    if record is None or not waiting(context, chat_id):
        return False
    day = record.running()
    assert day is not None  # it counts, so it runs
    number = daily_number(day)
    if record.replaying:
        text = context._(
            "Your Daily #{number} from the archive is the game waiting, its clock running. "
            "Give it up?"
        )
    else:
        text = context._(
            "Your Daily #{number} is the game waiting, its clock running. Give it up? It "
            "counts as a day missed."
        )
    label = context._("🏳 Give up Daily #{number}").format(number=number)
    button = InlineKeyboardButton(label, callback_data=f"{GIVE_UP}{day.isoformat()}")
    context.reply(update, text.format(number=number), reply_markup=InlineKeyboardMarkup([[button]]))
    return True


def after_replay(context: HandlerContext, chat_id: int) -> None:
    """A puzzle from the archive has ended (its end told): today's live attempt it set
    aside takes answers again, and the player is reminded of it once.  Its answers go
    through the set-aside route (``answers_to`` stays ``CHATS_GAME``), so a second /giveup only
    says how to give it up on purpose."""
    if take_up_today(context.user_data.daily, context.bot_data.local_now()) is None:
        return
    context.chat_data.answers_to = CHATS_GAME
    remind(context, chat_id)


def _waiting(context: BotContext, chat_id: int) -> bool:
    return waiting(cast("HandlerContext", context), chat_id)  # asked in a handler


def _give_up(update: Update, context: BotContext) -> bool:
    return offer_give_up(cast("MessageUpdate", update), cast("HandlerContext", context))


ASIDE = Aside(note, reminder, _waiting, _give_up)
"""The daily attempt, set aside by another game in private (asked in handlers: a user's
update in a chat)."""
