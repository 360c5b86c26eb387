"""/help: the games' and the features' lines, in sections, and how answers reach the bot."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.play import visibility
from bot.play.registry import Feature, Game, Help, HelpLine
from bot.services.limits import TEXT, in_messages

MARGIN = 2 * 32 + 64
"""Characters /help's messages leave under Telegram's limit: room for a bot's username of 32
characters, the longest Telegram allows, in both places /help names it, and for a line more."""


def _position(line: HelpLine) -> int:
    """Where a line of /help stands in its section."""
    return line.position


async def help_command(update: Update, context: BotContext) -> None:
    """Explain the commands, in short sections, and how answers reach the bot."""
    _ = context._
    lines = [HelpLine(Help.GAMES, 0, _("<b>More games</b>"))]
    declared: tuple[Game | Feature, ...] = (
        *context.bot_data.games,
        *context.bot_data.features,
    )
    for each in declared:
        if each.help is not None:
            lines.extend(each.help(context))
    # Each section is one message of the catalogue, headed in bold, a command to a line.
    parts = [
        _(
            "<b>Twenty-Four</b>: make 24 from the cards with + − × ÷ and brackets, "
            "each card used exactly once. J=11, Q=12, K=13, A=1."
        )
    ]
    for section in Help:
        shown = sorted((line for line in lines if line.section is section), key=_position)
        if shown:
            parts.append("\n".join(line.text for line in shown))
    # Last, after every command: how answers reach the bot (privacy mode in groups).
    chat_type = update.effective_chat.type if update.effective_chat else ChatType.PRIVATE
    if chat_type != ChatType.PRIVATE and visibility.sees_all(context, chat_type):
        parts.append(visibility.answers_line(context, chat_type))
    else:
        answering = _(
            "In groups I see only commands, replies to my messages and mentions "
            "(Telegram's privacy mode), so answer with /a, by replying to the cards, or by "
            "starting with my name: @{bot} (8-2)*4. In private, just type your answer, like "
            "(8-2)*4."
        ).format(bot=context.bot.username)
        if chat_type != ChatType.PRIVATE:
            answering += "\n" + visibility.answers_line(context, chat_type)
        parts.append(answering)
    # In languages that take more words, every section no longer fits one message of
    # Telegram's 4096 characters: the sections go in as few messages as they fit, with room
    # to spare for the longest username a bot may have (it is named twice), and as one reply:
    # all its messages, in order, or (to a user who floods the chat) none.
    context.reply_in_parts(update, in_messages(parts, limit=TEXT - MARGIN), key="help")
