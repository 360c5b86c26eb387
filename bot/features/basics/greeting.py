"""/start (and the deep links it hands to their feature) and the greeting of a group the
bot is added to: a frame of their own around the games' invitations, a line each."""

from __future__ import annotations

import html
import logging

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.play import visibility
from bot.play.miniapp import label_menu_button
from bot.play.registry import Invitation
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)


def invitations(context: BotContext, private: bool) -> list[str]:
    """The games' lines of a greeting, in private or in a group (each game's own sentence,
    :attr:`bot.play.registry.Game.invitation`), where they stand."""
    declared = [game.invitation for game in context.bot_data.games if game.invitation]
    lines = (each.private if private else each.group for each in sorted(declared, key=_place))
    return [context._(text) for text in lines if text is not None]


def _place(invitation: Invitation) -> int:
    return invitation.position


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
        head = _(
            "Hi {name}! I am Twenty-Four, the 24 game.\n"
            "Make 24 from four cards with + − × ÷ and brackets, each card used once."
        ).format(name=name)
        lines = [head, *invitations(context, private=True)]
        text = "\n".join([*lines, _("/help lists everything I can do.")])
    else:
        lines = [_("Hi! I am Twenty-Four."), *invitations(context, private=False)]
        text = "\n".join([*lines, _("Ask me /solve 3 3 8 8, or /help to see how to play here.")])
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
        lines = [
            context._("Hi everyone! I am Twenty-Four, the 24 game."),
            *invitations(context, private=False),
            context._("{how} /help for more.").format(how=how),
        ]
        context.send(change.chat.id, "\n".join(lines))
    elif is_in and promoted and not was_admin:
        context.send(change.chat.id, visibility.answers_line(context, change.chat.type))
    elif was_in and not is_in:
        logger.info("Removed from chat %s", change.chat.id)
