"""/start (and the deep links it hands to their feature) and the greeting of a group the
bot is added to."""

from __future__ import annotations

import html
import logging

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.play import visibility
from bot.play.miniapp import label_menu_button
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)


async def start(update: MessageUpdate, context: HandlerContext) -> None:
    """Greet the user and say how to play; a deep link (``/start daily``) goes to the
    feature that registered it."""
    if update.effective_chat.type == ChatType.PRIVATE and len(context.args or []) == 1:
        payload = (context.args or [""])[0]
        # A link with a token of its own (duel_TOKEN) goes to the feature of its prefix.
        links = context.bot_data.deep_links
        opened = links.get(payload) or links.get(payload.split("_", 1)[0] + "_")
        if opened is not None:
            await opened(update, context)
            return
    _ = context._
    name = html.escape(update.effective_user.first_name)
    if update.effective_chat.type == ChatType.PRIVATE:
        text = _(
            "Hi {name}! I am Twenty-Four, the 24 game.\n"
            "Make 24 from four cards with + − × ÷ and brackets, each card used once.\n"
            "Send /play for a hand, /daily for today's puzzle, or /help for everything I can do."
        ).format(name=name)
    else:
        text = _(
            "Hi! I am Twenty-Four. /play deals a hand here: the first to make 24 wins. "
            "Ask me /solve 3 3 8 8, or /help to see how to play here."
        )
    context.reply(update, text, key="start")
    if update.effective_chat.type == ChatType.PRIVATE and context.language != "en":
        label_menu_button(context, update.effective_chat.id)


async def added_to_group(update: Update, context: BotContext) -> None:
    """Greet a group when someone adds the bot to it."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    was_in = change.old_chat_member.status in ("member", "administrator", "creator")
    is_in = change.new_chat_member.status in ("member", "administrator")
    promoted = change.new_chat_member.status == "administrator"
    was_admin = change.old_chat_member.status == "administrator"
    if context.chat_data is not None and is_in:
        # Telegram gives an admin bot every message of the group (privacy mode or not).
        context.chat_data.sees_all = promoted
    if is_in and not was_in:
        if visibility.sees_all(context, change.chat.type):
            how = context._("Just type your answer, like (8-2)*4.")
        else:
            how = (
                context._("Answer with /a followed by your expression, or reply to the cards.")
                + "\n"
                + visibility.answers_line(context, change.chat.type)
            )
        context.send(
            change.chat.id,
            context._(
                "Hi everyone! I am Twenty-Four, the 24 game. /play deals four cards: the "
                "first to make 24 wins. {how} /help for more."
            ).format(how=how),
        )
    elif is_in and promoted and not was_admin:
        context.send(change.chat.id, visibility.answers_line(context, change.chat.type))
    elif was_in and not is_in:
        logger.info("Removed from chat %s", change.chat.id)
