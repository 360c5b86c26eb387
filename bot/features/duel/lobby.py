"""Invitations to duels: ``/duel`` in a group (a reply to a member, or ``/duel @name``) with
Accept and Decline buttons only the invitee can use; ``/duel`` in private, shared into any
chat through inline mode or as a ``t.me/<bot>?start=duel_TOKEN`` link, taken up by whoever
opens it first; and the end of an invitation after two minutes, said where it was shown.
"""

from __future__ import annotations

import html
import logging

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Message,
    SwitchInlineQueryChosenChat,
    Update,
    User,
)
from telegram.constants import ChatType, MessageEntityType

from bot.chat import game_life
from bot.context import BotContext
from bot.game.duel import HAND_SECONDS, Refusal, Refused
from bot.game.duel_lobby import INVITATION_SECONDS, Invitation
from bot.services.outbox import Sent
from bot.services.timers import DUEL_INVITATION
from bot.state import InvitationMessage
from bot.typed_handlers import ButtonUpdate, HandlerContext, JobContext, MessageUpdate

from . import play, words

logger = logging.getLogger(__name__)

LINK_PREFIX = "duel_"
"""A shared invitation's start parameter: ``duel_TOKEN``."""
QUERY_PREFIX = "duel "
"""A shared invitation's inline query: ``duel TOKEN``."""
RESULT_PREFIX = "duel:"
"""The id of the inline result that shares an invitation: ``duel:TOKEN``."""


def link_of(context: BotContext, token: str) -> str:
    """The invitation's ``t.me`` link."""
    return f"https://t.me/{context.bot.username}?start={LINK_PREFIX}{token}"


MINUTES = round(INVITATION_SECONDS / 60)
"""How long an invitation is open, as it is said."""


def _invitee_of(update: MessageUpdate, context: HandlerContext) -> User | int | str | None:
    """Whom ``/duel`` invites: the author of the message it replies to, a user it mentions
    (a member seen here by username: their id; an unknown ``@name``: the name), or None."""
    message = update.effective_message
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None:
        return replied.from_user
    for entity in message.entities:
        if entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
            return entity.user
        if entity.type == MessageEntityType.MENTION:
            name = message.parse_entity(entity)[1:]
            if name.lower() == (context.bot.username or "").lower():
                return context.bot.id
            return context.chat_data.usernames.get(name.lower(), name)
    return None


def _bots(context: BotContext, *users: User | None) -> frozenset[int]:
    return frozenset({context.bot.id, *(u.id for u in users if u is not None and u.is_bot)})


def _group_busy(context: HandlerContext, chat_id: int) -> bool:
    """Whether a duel is played in this group already (one at a time: answers would mix)."""
    duels = context.bot_data.global_data.duels.duels.values()
    return any(d.chat_id == chat_id and not d.over for d in duels)


async def duel_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel: invite a member (in a group) or anyone (in private); /duel stop forfeits."""
    words_given = [w.lower() for w in context.args or []]
    if words_given[:1] in (["stop"], ["停止"], ["结束"]):
        await play.stop(update, context)
        return
    if update.effective_chat.type == ChatType.PRIVATE:
        await private_invitation(update, context)
        return
    await group_invitation(update, context)


async def group_invitation(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel in a group: an invitation to one member, with Accept and Decline buttons."""
    _ = context._
    chat_id = update.effective_chat.id
    inviter = update.effective_user
    found = _invitee_of(update, context)
    if found is None:
        context.reply(
            update,
            _(
                "Reply to a member's message with /duel, or write /duel @username, to invite "
                "them to a duel."
            ),
        )
        return
    if isinstance(found, str):
        context.reply(
            update,
            _(
                "I haven't seen @{name} here yet: reply to one of their messages with /duel "
                "instead."
            ).format(name=html.escape(found)),
        )
        return
    invitee_id = found if isinstance(found, int) else found.id
    if (
        invitee_id != inviter.id
        and invitee_id != context.bot.id
        and not (isinstance(found, User) and found.is_bot)
    ):
        if game_life.refused(update, context, _("A round is on: finish it (or /stop it) first.")):
            return
        if _group_busy(context, chat_id):
            context.reply(update, _("A duel is on here already: wait for its end."))
            return
    duels = context.bot_data.global_data.duels
    try:
        invitation = duels.invite(
            inviter.id,
            invitee_id,
            context.now(),
            context.bot_data.rng,
            bot_ids=_bots(context, found if isinstance(found, User) else None),
            chat_id=chat_id,
        )
    except Refused as refused:
        context.reply(update, words.refusal_text(refused.reason, context))
        return
    context.save_global()
    members = context.chat_data.members
    invitee_name = found.full_name if isinstance(found, User) else members.get(invitee_id, "?")
    shown = InvitationMessage(inviter=inviter.full_name, invitee=invitee_name)
    play.duel_chat(context.chat_data).invitations[invitation.token] = shown
    text = _(
        "⚔️ {inviter} invites {invitee} to a duel! {rules}\n{invitee}, do you accept? "
        "(The invitation is open for {minutes} minutes.)"
    ).format(
        inviter=html.escape(inviter.full_name),
        invitee=html.escape(invitee_name),
        rules=words.rules_text(context, HAND_SECONDS),
        minutes=MINUTES,
    )
    buttons = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(_("✅ Accept"), callback_data=f"duel:yes:{invitation.token}"),
                InlineKeyboardButton(_("❌ Decline"), callback_data=f"duel:no:{invitation.token}"),
            ]
        ]
    )

    def sent(message: Sent) -> None:
        if isinstance(message, Message):
            shown.message_id = message.message_id

    context.reply(update, text, reply_markup=buttons, on_sent=sent)
    expire_later(context, chat_id, invitation)


def expire_later(context: BotContext, chat_id: int, invitation: Invitation) -> None:
    delay = max(0.0, invitation.expires - context.now())
    context.bot_data.timers.run_once(
        invitation_up, delay, chat_id=chat_id, kind=DUEL_INVITATION, data=invitation.token
    )


async def private_invitation(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel in private: an invitation anyone may take up, shared through inline mode (a
    button that picks the chat) or as a link; whoever opens it first is the opponent."""
    _ = context._
    user = update.effective_user
    chat_id = update.effective_chat.id
    duels = context.bot_data.global_data.duels
    try:
        invitation = duels.invite(
            user.id, None, context.now(), context.bot_data.rng, bot_ids=_bots(context)
        )
    except Refused as refused:
        context.reply(update, words.refusal_text(refused.reason, context))
        return
    context.save_global()
    shown = InvitationMessage(inviter=user.full_name)
    play.duel_chat(context.chat_data).invitations[invitation.token] = shown
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

    def sent(message: Sent) -> None:
        if isinstance(message, Message):
            shown.message_id = message.message_id

    context.reply(update, text, reply_markup=buttons, on_sent=sent)
    expire_later(context, chat_id, invitation)


async def invitation_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """Accept or Decline under an invitation (Decline by its inviter withdraws it): only the
    invitee may answer it; anyone else gets an alert and nothing changes."""
    query = update.callback_query
    _prefix, action, token = query.data.split(":", 2)
    user = update.effective_user
    duels = context.bot_data.global_data.duels
    invitation = duels.invitations.get(token)
    shown = play.duel_chat(context.chat_data).invitations.get(token)
    now = context.now()
    if invitation is not None and user.id not in (invitation.inviter, invitation.invitee):
        name = shown.invitee if shown else "?"  # an alert is plain text
        await query.answer(
            context._("Only {name} can answer this invitation.").format(name=name), show_alert=True
        )
        return
    if action == "no":
        try:
            duels.decline(token, user.id, now)
        except Refused as refused:
            await query.answer(words.refusal_text(refused.reason, context), show_alert=True)
            return
        context.save_global()
        await query.answer()
        withdrawn = invitation is not None and user.id == invitation.inviter
        _close(context, update.effective_chat.id, token, "withdrawn" if withdrawn else "declined")
        return
    group = update.effective_chat.id
    if game_life.other_game(context) is not None or context.chat_data.table.game_on:
        await query.answer(context._("A game is on here: accept once it is over."), show_alert=True)
        return
    try:
        duel = duels.accept(token, user.id, now, bot_ids=_bots(context, user))
    except Refused as refused:
        await query.answer(words.refusal_text(refused.reason, context), show_alert=True)
        if refused.reason is Refusal.EXPIRED:
            _close(context, group, token, "expired")
        return
    context.save_global()
    await query.answer()
    _close(context, group, token, "accepted")
    members = context.chat_data.members
    names = {p: members.get(p, "?") for p in duel.players}
    names[user.id] = user.full_name
    if shown is not None:
        names[duel.players[0]] = shown.inviter
    play.begin(context, duel, names)


def _close(context: BotContext, chat_id: int, token: str, how: str) -> None:
    """The invitation ``token`` made in ``chat_id`` is over (``accepted``, ``declined``,
    ``withdrawn``, ``expired``, ``closed``): say so where it was shown, buttons gone."""
    chat = context.application.chat_data.get(chat_id)
    if chat is None or chat.duel is None:
        return
    shown = chat.duel.invitations.pop(token, None)
    if shown is None:
        return
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
            on_failed=_cosmetic,
        )
    if shown.inline_message_id is not None:
        inline_id = shown.inline_message_id
        local.post(
            chat_id,
            lambda: bot.edit_message_text(text, inline_message_id=inline_id),
            on_failed=_cosmetic,
        )


def _cosmetic(error: Exception) -> None:
    """An edit of an invitation that failed (deleted meanwhile): nothing depends on it."""
    logger.info("An invitation's message could not be edited: %s", error)


async def invitation_up(context: JobContext[str]) -> None:
    """Job: an invitation's two minutes are up: it closes, and says so where it was shown."""
    token = context.job.data
    duels = context.bot_data.global_data.duels
    invitation = duels.invitations.get(token)
    if invitation is not None and invitation.open_at(context.now()):
        return  # an early alarm: the restart's own sets another
    gone = [i.token for i in duels.drop_expired(context.now())]
    if gone:
        context.save_global()
    _close(context, context.job.chat_id, token, "expired" if invitation is not None else "closed")


async def inline_invitation(update: Update, context: BotContext) -> None:
    """``duel TOKEN`` in inline mode (the share button's query): the invitation as a
    message to send into the chat the player picked, with a button that takes it up."""
    query = update.inline_query
    if query is None:
        return
    _ = context._
    token = query.query[len(QUERY_PREFIX) :].strip()
    duels = context.bot_data.global_data.duels
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
    shown = chat.duel.invitations.get(token) if chat is not None and chat.duel else None
    if shown is not None:
        shown.inline_message_id = chosen.inline_message_id


async def opened_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start duel_TOKEN`` (a shared invitation's link or button): the first to open it
    other than its inviter becomes the opponent, and the duel begins in both private chats."""
    payload = (context.args or [""])[0]
    token = payload[len(LINK_PREFIX) :]
    user = update.effective_user
    duels = context.bot_data.global_data.duels
    invitation = duels.invitations.get(token)
    if invitation is not None and invitation.invitee is not None:
        context.reply(update, words.refusal_text(Refusal.NOT_FOUND, context))
        return
    try:
        duel = duels.accept(token, user.id, context.now(), bot_ids=_bots(context, user))
    except Refused as refused:
        if refused.reason is Refusal.SELF:
            text = context._("That is your own invitation: send it to a friend.")
        else:
            text = words.refusal_text(refused.reason, context)
        context.reply(update, text)
        if refused.reason is Refusal.EXPIRED and invitation is not None:
            _close(context, invitation.inviter, token, "expired")
        return
    context.save_global()
    inviter = duel.players[0]
    home = context.application.chat_data.get(inviter)
    shown = home.duel.invitations.get(token) if home is not None and home.duel else None
    if shown is not None:
        shown.invitee = user.full_name
    names = {inviter: shown.inviter if shown else "?", user.id: user.full_name}
    _close(context, inviter, token, "accepted")
    play.begin(context, duel, names)


async def start_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start duel`` (the button under a closed invitation): a new private invitation."""
    await private_invitation(update, context)
