"""What every invitation to a duel shares: who counts as a bot, how it is shown, its expiry
after two minutes, and its end said where it was shown (buttons gone)."""

from __future__ import annotations

import html
import logging

from telegram import InlineKeyboardMarkup, Message, User

from bot.context import BotContext
from bot.games.duel.parts import DUEL_CHAT, DUELS, InvitationMessage
from bot.rules.duel.lobby import INVITATION_SECONDS, Invitation
from bot.services.outbox import Sent
from bot.typed_handlers import HandlerContext, JobContext, MessageUpdate

from . import play

DUEL_INVITATION = "duel-invitation"
"""An invitation to a duel expires (in the chat where it was made; its token is the data)."""

logger = logging.getLogger(__name__)

MINUTES = round(INVITATION_SECONDS / 60)
"""How long an invitation is open, as it is said."""


def bots(context: BotContext, *users: User | None) -> frozenset[int]:
    """The ids known to be bots: this bot, and any of ``users`` Telegram marks as one."""
    return frozenset({context.bot.id, *(u.id for u in users if u is not None and u.is_bot)})


def show(
    update: MessageUpdate,
    context: HandlerContext,
    invitation: Invitation,
    shown: InvitationMessage,
    text: str,
    buttons: InlineKeyboardMarkup,
) -> None:
    """Show an invitation just made, in reply to the command that made it: kept among the
    chat's invitations (with its message id once sent, to say there how it ended), and
    closed once its time is up."""
    chat_id = update.effective_chat.id
    play.duel_chat(context.chat_data).invitations[invitation.token] = shown

    def sent(message: Sent) -> None:
        if isinstance(message, Message):
            shown.message_id = message.message_id
            play.changed(context, chat_id)  # sent after the update was handled

    context.reply(update, text, reply_markup=buttons, on_sent=sent)
    expire_later(context, chat_id, invitation)


def expire_later(context: BotContext, chat_id: int, invitation: Invitation) -> None:
    """Close the invitation where it was made (``chat_id``) once its time is up (at once
    if it is up already: a restart's)."""
    delay = max(0.0, invitation.expires - context.now())
    context.bot_data.timers.run_once(
        invitation_up,
        delay,
        chat_id=chat_id,
        kind=DUEL_INVITATION,
        data=invitation.token,
        by_clock=True,
    )


def close(
    context: BotContext, chat_id: int, token: str, how: str, *, shared_invitee: str | None = None
) -> None:
    """The invitation ``token`` made in ``chat_id`` is over (``accepted``, ``declined``,
    ``withdrawn``, ``expired``, ``closed``): say so where it was shown, buttons gone (the
    copy shared into another chat names the invitee ``shared_invitee``, if given: as that
    chat shows them)."""
    chat = context.application.chat_data.get(chat_id)
    part = None if chat is None else DUEL_CHAT.of(chat)
    if part is None:
        return
    shown = part.invitations.pop(token, None)
    if shown is None:
        return
    play.changed(context, chat_id)
    local = play.in_chat(context, chat_id)
    _ = local._
    texts = {
        "accepted": _("⚔️ {invitee} took up {inviter}'s duel."),
        "declined": _("{invitee} declined {inviter}'s duel."),
        "withdrawn": _("{inviter} withdrew the invitation to a duel."),
        "expired": _("⌛ {inviter}'s invitation to a duel has expired."),
        "closed": _("{inviter}'s invitation to a duel is closed."),
    }
    text = texts[how].format(inviter=html.escape(shown.inviter), invitee=html.escape(shown.invitee))
    bot = context.bot
    if shown.message_id is not None:
        message_id = shown.message_id
        local.post(
            chat_id,
            lambda: bot.edit_message_text(text, chat_id=chat_id, message_id=message_id),
            on_failed=cosmetic,
        )
    if shown.inline_message_id is not None:
        inline_id = shown.inline_message_id
        shared = text
        if shared_invitee is not None:
            shared = texts[how].format(
                inviter=html.escape(shown.inviter), invitee=html.escape(shared_invitee)
            )
        local.post(
            chat_id,
            lambda: bot.edit_message_text(shared, inline_message_id=inline_id),
            on_failed=cosmetic,
        )


def cosmetic(error: Exception) -> None:
    """An edit of an invitation that failed (deleted meanwhile): nothing depends on it."""
    logger.info("An invitation's message could not be edited: %s", error)


async def invitation_up(context: JobContext[str]) -> None:
    """Job: an invitation's two minutes are up: it closes, and says so where it was shown."""
    token = context.job.data
    duels = DUELS.get(context.bot_data.global_data)
    invitation = duels.invitations.get(token)
    if invitation is not None and invitation.open_at(context.now()):
        return  # the bot's clock says it is still open (never with a real clock)
    gone = [i.token for i in duels.drop_expired(context.now())]
    if gone:
        context.save_global()
    close(context, context.job.chat_id, token, "expired" if invitation is not None else "closed")
