"""A duel's answers: which typed messages are the duel's (the answer router asks
:func:`claims`), and their judging: a player's answer to the live hand, an onlooker told
once that only the players' answers count."""

from __future__ import annotations

import html

from telegram.constants import ChatType

from bot.games.duel.parts import DUEL_CHAT
from bot.i18n import answer_in_english
from bot.rules.pace import floor_of
from bot.rules.plain_text import after_mention, looks_like_answer
from bot.texts import reason
from bot.typed_handlers import ChatContext, HandlerContext, MessageUpdate

from . import words
from .play import duel_in, hand_expired, hand_won


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the duel's: while one is played in the chat, a reply to its
    hand, ``/a`` or the bot's name, in private any text not meant for another game, in a
    group text that looks like an answer."""
    chat = context.chat_data
    if duel_in(context.bot_data, chat) is None:
        return False
    message = update.effective_message
    replied = message.reply_to_message
    if replied is not None and replied.message_id == DUEL_CHAT.get(chat).deal_message_id:
        return True
    if replied is not None and context.bot_data.answers.addressed(update, context):
        return False  # a reply to another game's message
    text = message.text or ""
    if text.startswith("/") or after_mention(text, context.bot.username) is not None:
        return True
    return update.effective_chat.type == ChatType.PRIVATE or looks_like_answer(
        answer_in_english(text)
    )


def waiting(context: ChatContext) -> bool:
    """Whether a duel played in the chat waits for answers."""
    duel = duel_in(context.bot_data, context.chat_data)
    return duel is not None and duel.live


def its_messages(context: ChatContext) -> tuple[int | None, ...]:
    """The current hand's picture, whose replies are the duel's answers."""
    chat = DUEL_CHAT.of(context.chat_data)
    return () if chat is None else (chat.deal_message_id,)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge a player's answer to the duel's hand; an onlooker is told once that only the
    two players' answers count."""
    _ = context._
    duel = duel_in(context.bot_data, context.chat_data)
    chat = DUEL_CHAT.of(context.chat_data)
    if duel is None or chat is None:
        return
    user = update.effective_user
    if user.id not in duel.players:
        if user.id not in chat.told:
            chat.told.append(user.id)
            first, second = (words.name_of(duel, p, chat.names) for p in duel.players)
            context.reply(
                update,
                _("This is a duel between {first} and {second}: only their answers count.").format(
                    first=first, second=second
                ),
            )
        return
    if duel.hand is None:
        context.reply(update, _("The next hand is on its way."))
        return
    answer = duel.answer(user.id, text, context.now())
    outcome = answer.outcome
    if outcome.expired:  # after the deadline, the alarm late: the hand's time-up, told now
        await hand_expired(context, duel)
    elif answer.hand is not None:
        hand_won(context, duel, answer.hand, text)
    elif outcome.too_fast:
        context.reply(update, words.too_fast_text(context, floor_of(duel.hand.hand)))
    elif outcome.too_late:  # right, a moment after the other player
        context.reply(update, _("Too late: the hand is over."))
    elif not duel.live:  # between two hands
        context.reply(update, _("The next hand is on its way."))
    elif outcome.out:
        context.reply(update, _("This hand has a solution: you are out of it."))
    elif not outcome.verdict.ok:
        context.reply(
            update,
            _("Not quite: {reason}.").format(reason=html.escape(reason(outcome.verdict, context))),
        )
