"""What the answer router gives a round: ``/a``, a message that starts with the bot's name, a
reply to the hand's picture, plain text in private and attempts in a group.  The round stands
last in the router's priority (docs/design.md, *Where an answer goes*)."""

from __future__ import annotations

from telegram.constants import ChatType

from bot.games.rounds.judging import for_previous, judge
from bot.games.rounds.parts import ROUND_MESSAGES
from bot.i18n import answer_in_english
from bot.play.answer_router import said_to_bot
from bot.rules.plain_text import after_mention, looks_like_answer
from bot.rules.rounds import ROUND_SEAT
from bot.services.answer_routes import Route
from bot.typed_handlers import ChatContext, HandlerContext, MessageUpdate

PRIORITY = 60
"""Last: what is said to the bot and no game claims is the round's."""


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the round's: said to the bot (``/a``, or its name in a
    group), a reply to the hand's picture, or while a round is on, any text in private and
    text that looks like an answer in a group."""
    if said_to_bot(update, context):
        return True
    message = update.effective_message
    replied = message.reply_to_message
    if replied is not None and replied.message_id in picture(context):
        return True
    private = update.effective_chat.type == ChatType.PRIVATE
    table = context.chat_data.table
    game = ROUND_SEAT.of(table)
    if not ROUND_SEAT.on(table) or game is None:
        return False
    if private:
        return True
    text = message.text or ""
    said = after_mention(text, context.bot.username) or text
    # In a group that shows the bot every message, only an attempt with the hand's cards
    # (or the hand's just before, answered as the next came) is judged: chat is not.
    return looks_like_answer(answer_in_english(said), cards=game.hand) or for_previous(
        table, said, context.now()
    )


def waiting(context: ChatContext) -> bool:
    """Whether the chat's round waits for an answer."""
    return ROUND_SEAT.on(context.chat_data.table)


def picture(context: ChatContext) -> tuple[int | None, ...]:
    """The hand's picture, whose replies are answers to the round, and the one before it
    (whose replies are late)."""
    rounds = ROUND_MESSAGES.of(context.chat_data)
    return () if rounds is None else (rounds.deal_message_id, rounds.previous_message_id)


ROUTE = Route(PRIORITY, claims, judge, waiting, picture)
"""The round's place in the answer router."""
