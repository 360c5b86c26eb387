"""The answer router: the one place a typed answer enters (``/a``, the bot's name first, plain
text, replies, edits; a sticker or photo in private gets a reminder to type), given to the
first game's route that claims it by priority, and what is left answered here
(docs/design.md, *Where an answer goes*)."""

from __future__ import annotations

from telegram.constants import ChatType, MessageEntityType
from telegram.ext import Application, CommandHandler, MessageHandler, filters

from bot.i18n import answer_in_english
from bot.rules.plain_text import after_mention
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages


def said_to_bot(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a message is said to the bot: a command (``/a``), or in a group a message
    that starts with the bot's name (private text is the bot's anyway)."""
    message = update.effective_message
    entities = message.entities
    if entities and entities[0].type == MessageEntityType.BOT_COMMAND and not entities[0].offset:
        return True
    private = update.effective_chat.type == ChatType.PRIVATE
    return not private and after_mention(message.text or "", context.bot.username) is not None


async def answer_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/a (or /answer) followed by an expression."""
    await _said(update, context, " ".join(context.args or []))


async def _said(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """An answer said to the bot (``/a``, or its name in a group): judged, or what to do."""
    router = context.bot_data.answers
    if not text:
        if router.waiting(context):
            context.reply(update, context._("Write your answer after /a, like /a (8-2)*4"))
        else:
            context.reply(update, context._("Nothing to answer: /play deals a hand."))
        return
    route = router.claimant(update, context)
    if route is not None:
        await route.judge(update, context, answer_in_english(text))
    else:  # the round claims what is said to the bot: only a bot without rounds comes here
        context.reply(update, context._("Nothing to answer: /play deals a hand."))


async def text_answer(update: MessageUpdate, context: HandlerContext) -> None:
    """Plain text: an answer when it is said to the bot by name in a group, or a game
    claims it (a reply to its picture, text in private, text that looks like an answer)."""
    text = update.effective_message.text or ""
    private = update.effective_chat.type == ChatType.PRIVATE
    said = after_mention(text, context.bot.username)
    if said is not None and not private:
        await _said(update, context, said)  # "@TwentyFourBot 8/(3-8/3)": as /a
        return
    route = context.bot_data.answers.claimant(update, context)
    if route is not None:
        await route.judge(update, context, answer_in_english(text if said is None else said))
    elif private:
        context.reply(update, context._("Send /play for a hand, or /solve 3 3 8 8."))


async def not_text(update: MessageUpdate, context: HandlerContext) -> None:
    """A sticker, photo or other non-text message in private: say how to answer."""
    if context.bot_data.answers.waiting(context):
        text = context._("Please type your answer as text, like (8-2)*4.")
    else:
        text = context._("Send /play for a hand, or /solve 3 3 8 8.")
    context.reply(update, text)


def register(application: Application) -> None:
    """/a, plain text and, in private, what is not text: to the game whose route claims it."""
    application.add_handler(CommandHandler(["a", "answer"], for_messages(answer_command)))
    application.add_handler(
        MessageHandler(filters.TEXT & ~filters.COMMAND, for_messages(text_answer))
    )
    application.add_handler(
        MessageHandler(
            filters.ChatType.PRIVATE & ~filters.TEXT & ~filters.StatusUpdate.ALL,
            for_messages(not_text),
        )
    )
