"""What reaches a round as an answer: ``/a`` and ``/answer``, a message that starts with the
bot's name (``@TwentyFourBot 8/(3-8/3)``, which Telegram delivers even with privacy mode on),
a reply to the hand's picture, plain text in private (or in a group, where the bot sees it,
text that looks like an answer), and a sticker or photo in private, which gets a reminder to
type.

Another feature may claim an answer first (the daily puzzle's attempt in private: see
:meth:`bot.context.BotData.route_answer`); the others go to the round's judge.
"""

from __future__ import annotations

from telegram.constants import ChatType

from bot.features.rounds.judging import judge
from bot.game.claims import after_mention, looks_like_answer
from bot.typed_handlers import HandlerContext, MessageUpdate


async def answer_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/a (or /answer) followed by an expression."""
    await _answer(update, context, " ".join(context.args or []))


async def _answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """An answer said to the bot (``/a``, or its name in a group): judged, or what to do."""
    if not text:
        table = context.chat_data.table
        if (
            table.playing
            or table.hunting
            or table.counting
            or context.chat_data.answers_to == "daily"
        ):
            context.reply(update, context._("Write your answer after /a, like /a (8-2)*4"))
        else:
            context.reply(update, context._("Nothing to answer: /play deals a hand."))
        return
    if await context.bot_data.route_answer(update, context, text):
        return  # another feature's answer (the daily puzzle's)
    await judge(update, context, text)


async def text_answer(update: MessageUpdate, context: HandlerContext) -> None:
    """Plain text: an answer when it is said to the bot by name in a group, replies to the
    deal, is sent in private, or looks like one."""
    message = update.effective_message
    text = message.text or ""
    replied = message.reply_to_message
    private = update.effective_chat.type == ChatType.PRIVATE
    said = after_mention(text, context.bot.username)
    if said is not None and not private:
        await _answer(update, context, said)  # "@TwentyFourBot 8/(3-8/3)": as /a
        return
    text = text if said is None else said
    to_the_deal = replied is not None and (
        replied.message_id == context.chat_data.rounds.deal_message_id
    )
    if await context.bot_data.route_answer(update, context, text):
        pass  # another feature's answer (the daily puzzle's)
    elif to_the_deal or (context.chat_data.table.playing and (private or looks_like_answer(text))):
        await judge(update, context, text)
    elif private:
        context.reply(update, context._("Send /play for a hand, or /solve 3 3 8 8."))


async def not_text(update: MessageUpdate, context: HandlerContext) -> None:
    """A sticker, photo or other non-text message in private: say how to answer."""
    if context.chat_data.table.playing or context.chat_data.answers_to == "daily":
        text = context._("Please type your answer as text, like (8-2)*4.")
    else:
        text = context._("Send /play for a hand, or /solve 3 3 8 8.")
    context.reply(update, text)
