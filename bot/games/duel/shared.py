"""Shared invitations: ``/duel`` in private makes one that anyone may take up, sent into
any chat through inline mode (a ``switch_inline_query_chosen_chat`` button, answered with an
inline result) or as a ``t.me/<bot>?start=duel_TOKEN`` link; whoever opens it first is the
opponent, and both play in their private chats."""

from __future__ import annotations

import html

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    SwitchInlineQueryChosenChat,
    Update,
)

from bot.context import BotContext
from bot.games.duel.parts import DUEL_CHAT, DUELS, InvitationMessage
from bot.play import game_life
from bot.play.board_names import chosen_name
from bot.rules.duel.race import HAND_SECONDS, Refusal, Refused
from bot.typed_handlers import HandlerContext, MessageUpdate

from . import play, words
from .invitations import MINUTES, bots, close, show

LINK_PREFIX = "duel_"
"""A shared invitation's start parameter: ``duel_TOKEN``."""


QUERY_PREFIX = "duel "
"""A shared invitation's inline query: ``duel TOKEN``."""


RESULT_PREFIX = "duel:"
"""The id of the inline result that shares an invitation: ``duel:TOKEN``."""


def link_of(context: BotContext, token: str) -> str:
    """The invitation's ``t.me`` link."""
    return f"https://t.me/{context.bot.username}?start={LINK_PREFIX}{token}"


async def private_invitation(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel in private: an invitation anyone may take up, shared through inline mode (a
    button that picks the chat) or as a link; whoever opens it first is the opponent."""
    _ = context._
    user = update.effective_user
    if game_life.refused(update, context):
        return
    duels = DUELS.get(context.bot_data.global_data)
    try:
        invitation = duels.invite(
            user.id, None, context.now(), context.bot_data.rng, bot_ids=bots(context)
        )
    except Refused as refused:
        context.reply(update, words.refusal_text(refused.reason, context))
        return
    context.save_global()
    # The invitation's messages name its sender as any chat shows them (their Telegram
    # name); the opponent, in another private chat, sees the public name they chose, if any.
    shown = InvitationMessage(inviter=user.full_name)
    link = link_of(context, invitation.token)
    text = _(
        "⚔️ Your duel invitation is ready. Send it to a friend with the button, or give "
        "them this link: {link}\nWhoever opens it first within {minutes} minutes is your "
        "opponent; you both play here, each in your chat with me. {rules}"
    ).format(link=link, minutes=MINUTES, rules=words.rules_text(context, HAND_SECONDS))
    buttons = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    _("📨 Send the invitation"),
                    switch_inline_query_chosen_chat=SwitchInlineQueryChosenChat(
                        query=QUERY_PREFIX + invitation.token,
                        allow_user_chats=True,
                        allow_group_chats=True,
                    ),
                )
            ],
            [InlineKeyboardButton(_("❌ Withdraw"), callback_data=f"duel:no:{invitation.token}")],
        ]
    )
    show(update, context, invitation, shown, text, buttons)


async def inline_invitation(update: Update, context: BotContext) -> None:
    """``duel TOKEN`` in inline mode (the share button's query): the invitation as a
    message to send into the chat the player picked, with a button that takes it up."""
    query = update.inline_query
    if query is None:
        return
    _ = context._
    token = query.query[len(QUERY_PREFIX) :].strip()
    duels = DUELS.get(context.bot_data.global_data)
    invitation = duels.invitations.get(token)
    if (
        invitation is None
        or invitation.inviter != query.from_user.id
        or invitation.invitee is not None
        or not invitation.open_at(context.now())
    ):
        await query.answer(
            [],
            cache_time=0,
            is_personal=True,
            button=InlineQueryResultsButton(
                _("This invitation is closed: start a new duel"), start_parameter="duel"
            ),
        )
        return
    text = _(
        "⚔️ {inviter} invites you to a duel of 24! {rules}\nTap the button within {minutes} "
        "minutes to take it up: the first to tap plays."
    ).format(
        inviter=html.escape(query.from_user.full_name),
        rules=words.rules_text(context, HAND_SECONDS),
        minutes=MINUTES,
    )
    button = InlineKeyboardButton(_("⚔️ Take up the duel"), url=link_of(context, token))
    result = InlineQueryResultArticle(
        id=RESULT_PREFIX + token,
        title=_("Send your duel invitation"),
        description=_("The first to open it is your opponent"),
        input_message_content=InputTextMessageContent(text),
        reply_markup=InlineKeyboardMarkup([[button]]),
    )
    await query.answer([result], cache_time=0, is_personal=True)


async def invitation_shared(update: Update, context: BotContext) -> None:
    """The player sent the shared invitation into a chat: keep its inline message id, to
    say on it when it is taken up or expires."""
    chosen = update.chosen_inline_result
    if chosen is None or chosen.inline_message_id is None:
        return
    token = chosen.result_id[len(RESULT_PREFIX) :]
    chat = context.application.chat_data.get(chosen.from_user.id)
    part = None if chat is None else DUEL_CHAT.of(chat)
    shown = part.invitations.get(token) if part is not None else None
    if shown is not None:
        shown.inline_message_id = chosen.inline_message_id
        play.changed(context, chosen.from_user.id)  # an update with no chat: PTB marks none


async def opened_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start duel_TOKEN`` (a shared invitation's link or button): the first to open it
    other than its inviter becomes the opponent, and the duel begins in both private chats."""
    payload = (context.args or [""])[0]
    token = payload[len(LINK_PREFIX) :]
    user = update.effective_user
    duels = DUELS.get(context.bot_data.global_data)
    invitation = duels.invitations.get(token)
    if invitation is not None and invitation.invitee is not None:
        context.reply(update, words.refusal_text(Refusal.NOT_FOUND, context))
        return
    if invitation is not None and invitation.inviter == user.id:
        context.reply(update, context._("That is your own invitation: send it to a friend."))
        return
    inviter_chat = context.application.chat_data.get(invitation.inviter) if invitation else None
    if context.chat_data.table.game_on or (inviter_chat is not None and inviter_chat.table.game_on):
        # Both play in their private chats: neither may have another game on there.
        context.reply(
            update,
            context._(
                "A game is on in your chat or your opponent's: once it is over, open the "
                "link again."
            ),
        )
        return
    try:
        duel = duels.accept(token, user.id, context.now(), bot_ids=bots(context, user))
    except Refused as refused:
        context.reply(update, words.refusal_text(refused.reason, context))
        if refused.reason is Refusal.EXPIRED and invitation is not None:
            close(context, invitation.inviter, token, "expired")
        return
    context.save_global()
    inviter = duel.players[0]
    home = context.application.chat_data.get(inviter)
    part = None if home is None else DUEL_CHAT.of(home)
    shown = part.invitations.get(token) if part is not None else None
    # Each player's own chat names them as every board there does (by their own name), the
    # opponent by the public name they chose, if any; the invitation's messages in the
    # inviter's chat as the duel there will, the one shared into another chat as that
    # chat shows people (their Telegram names).
    invitee = chosen_name(context, user.id) or user.full_name
    inviter_name = shown.inviter if shown else "?"
    if shown is not None:
        shown.invitee = invitee
    names = {inviter: chosen_name(context, inviter) or inviter_name, user.id: invitee}
    close(context, inviter, token, "accepted", shared_invitee=user.full_name)
    play.begin(context, duel, names, own={inviter: inviter_name, user.id: user.full_name})


async def start_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start duel`` (the button under a closed invitation): a new private invitation."""
    await private_invitation(update, context)
