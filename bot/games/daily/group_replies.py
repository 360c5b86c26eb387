"""Answers typed in a group as replies to the daily puzzle's post: they would spoil it for
the members who have not played yet, so the player is sent to their private chat and the
answer is taken down where the bot may delete messages. A player who has solved that
puzzle already is told so instead (their answer comes down all the same).

The reply never says whether the answer was right: that too would tell the group.
"""

from __future__ import annotations

import datetime as dt
import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatType
from telegram.error import TelegramError

from bot.context import BotContext
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD
from bot.i18n import answer_in_english
from bot.rules.plain_text import looks_like_answer
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)

TOLD_KEPT = 1000
"""Players remembered as sent to private, per group and post (the oldest are forgotten,
and told again should they reply again)."""


def noted(context: BotContext, chat_id: int, sent: object, day: dt.date) -> None:
    """Keep the id of a group's post of ``day``'s puzzle (and the one before, as yesterday's
    may still be answered after midnight), with the day each shows: replies to them are
    answers to that day's puzzle."""
    if not isinstance(sent, Message):
        return
    daily = DAILY_CHAT.get(context.application.chat_data[chat_id])
    daily.previous_message_id = daily.message_id
    daily.previous_day = daily.day
    daily.message_id = sent.message_id
    daily.day = day
    daily.told.clear()


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a group message is an answer replying to the chat's daily post."""
    if update.effective_chat.type == ChatType.PRIVATE:
        return False
    message = update.effective_message
    replied = message.reply_to_message
    daily = DAILY_CHAT.get(context.chat_data)
    if replied is None or replied.message_id not in (daily.message_id, daily.previous_message_id):
        return False
    return looks_like_answer(answer_in_english(message.text or ""))


async def answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Send the player to their private chat (once a post: a player replying again and
    again must not flood the group, nor spend its 20 messages a minute), and take their
    answer down."""
    _ = context._
    message = update.effective_message
    told = DAILY_CHAT.get(context.chat_data).told
    user_id = update.effective_user.id
    if user_id in told:
        context.application.create_task(_delete(message), update=update)
        return
    told.append(user_id)
    del told[:-TOLD_KEPT]

    def take_down(_sent: object) -> None:
        # Deleting a member's message needs the bot to be an admin allowed to delete; where
        # it is not, Telegram refuses with a Bad Request and the answer stays: the reply
        # above has already asked for privacy, which is all a member can be asked.
        context.application.create_task(_delete(message), update=update)

    if _solved(update, context):  # nothing to send to private: say why it comes down
        said = _(
            "🤫 You have solved this daily puzzle already. Answers stay in private, so "
            "nobody here is spoiled."
        )
        context.reply(update, said, on_sent=take_down)
        return
    link = f"https://t.me/{context.bot.username}?start=daily"
    button = InlineKeyboardMarkup([[InlineKeyboardButton(_("Solve it privately"), url=link)]])

    context.reply(
        update,
        _(
            "🤫 The daily puzzle is answered in private, so nobody here is spoiled: send "
            "your answer to me there."
        ),
        reply_markup=button,
        on_sent=take_down,
    )


def _solved(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether the player has solved the puzzle of the post replied to (two posts of one day
    show the same puzzle; the latest post may be yesterday's until today's is posted)."""
    return DAILY_RECORD.get(context.user_data).result(_day_of(update, context)) is not None


def _day_of(update: MessageUpdate, context: HandlerContext) -> dt.date:
    """The day whose puzzle the post replied to shows.  Records of earlier releases lack the
    days: their latest post is taken as today's, the one before as yesterday's."""
    daily = DAILY_CHAT.get(context.chat_data)
    replied = update.effective_message.reply_to_message
    if replied is not None and replied.message_id == daily.message_id:
        return daily.day or context.today()
    return daily.previous_day or context.today() - dt.timedelta(days=1)


async def _delete(message: Message) -> None:
    """Delete an answer in the group: cosmetic, so a refusal is only logged."""
    try:
        await message.delete()
    except TelegramError as error:
        logger.info("Could not take down a daily answer in chat %s: %s", message.chat_id, error)
