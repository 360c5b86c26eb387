"""Invitations in a group: ``/duel`` as a reply to a member's message, or ``/duel @name``
for a member seen there, with Accept and Decline buttons only the invitee can use (anyone
else gets an alert, nothing changes; the inviter's Decline, or ``/duel stop`` before it is
taken, withdraws it); and ``/duel`` itself, which sends private chats to :mod:`.shared` and
``/duel stop`` (in a duel) to :mod:`.play`."""

from __future__ import annotations

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, User
from telegram.constants import ChatType, MessageEntityType

from bot.games.duel.parts import DUEL_CHAT, DUELS, InvitationMessage
from bot.play import game_life
from bot.rules.duel.lobby import Invitation
from bot.rules.duel.race import HAND_SECONDS, Refusal, Refused
from bot.state import ChatData
from bot.typed_handlers import ButtonUpdate, HandlerContext, MessageUpdate

from . import play, shared, words
from .invitations import MINUTES, bots, close, show


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
    # An @name Telegram marks no mention (shorter than a username's five characters, or a
    # sign it does not allow) still names someone: unresolved, it gets the reply that says so.
    for word in context.args or []:
        if word.startswith("@") and len(word) > 1:
            return context.chat_data.usernames.get(word[1:].lower(), word[1:])
    return None


async def duel_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel: invite a member (in a group) or anyone (in private); /duel stop forfeits."""
    words_given = [w.lower() for w in context.args or []]
    if words_given[:1] in (["stop"], ["停止"], ["结束"]):
        duels = DUELS.get(context.bot_data.global_data)
        if duels.duel_of(update.effective_user.id) is None and withdraw(update, context):
            return
        await play.stop(update, context)
        return
    if update.effective_chat.type == ChatType.PRIVATE:
        await shared.private_invitation(update, context)
        return
    await group_invitation(update, context)


def withdraw(update: MessageUpdate, context: HandlerContext) -> bool:
    """/duel stop by a player in no duel: their invitations still open that were shown in
    this chat (a group's, or a private one's link) are withdrawn, and say so where shown;
    whether there was one."""
    duels = DUELS.get(context.bot_data.global_data)
    user_id, chat_id, now = update.effective_user.id, update.effective_chat.id, context.now()
    mine = [
        invitation
        for invitation in list(duels.invitations.values())
        if invitation.inviter == user_id
        and (invitation.chat_id if invitation.chat_id is not None else user_id) == chat_id
        and invitation.open_at(now)
    ]
    if not mine:
        return False
    for invitation in mine:
        duels.decline(invitation.token, user_id, now)
    context.save_global()
    # One at most: a player has one invitation open at a time (Duels.invite).
    context.reply(update, context._("Your invitation to a duel is withdrawn."))
    for invitation in mine:  # each message says so, its buttons gone
        close(context, chat_id, invitation.token, "withdrawn")
    return True


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
    bot = invitee_id == context.bot.id or (isinstance(found, User) and found.is_bot)
    # (Inviting oneself or a bot is told so first.)  Another game, or a duel already
    # played here, refuses it: one at a time, or answers would mix.
    on = _("A round is on: finish it (or /stop it) first.")
    if invitee_id != inviter.id and not bot and game_life.refused(update, context, on):
        return
    duels = DUELS.get(context.bot_data.global_data)
    try:
        invitation = duels.invite(
            inviter.id,
            invitee_id,
            context.now(),
            context.bot_data.rng,
            bot_ids=bots(context, inviter, found if isinstance(found, User) else None),
            chat_id=chat_id,
        )
    except Refused as refused:
        context.reply(update, words.refusal_text(refused.reason, context))
        return
    context.save_global()
    members = context.chat_data.members
    invitee_name = found.full_name if isinstance(found, User) else members.get(invitee_id, "?")
    shown = InvitationMessage(inviter=inviter.full_name, invitee=invitee_name)
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
    show(update, context, invitation, shown, text, buttons)


def _invitee_name(context: HandlerContext, invitation: Invitation) -> str | None:
    """The invited player's name, as the invitation's message names them (in this chat, or
    in the group it was made in: a forged press may come from any chat) or this chat's
    members do; None for a shared invitation (it invites nobody by name) or a name unknown."""
    if invitation.invitee is None:
        return None
    chats: list[ChatData | None] = [context.chat_data]
    if invitation.chat_id is not None:
        chats.append(context.application.chat_data.get(invitation.chat_id))
    for chat in chats:
        part = None if chat is None else DUEL_CHAT.of(chat)
        invitations = part.invitations if part is not None else {}
        shown = invitations.get(invitation.token)
        if shown is not None and shown.invitee != "?":
            return shown.invitee
    return context.chat_data.members.get(invitation.invitee)


async def invitation_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """Accept or Decline under an invitation (Decline by its inviter withdraws it): only the
    invitee may answer it; anyone else gets an alert and nothing changes."""
    query = update.callback_query
    _prefix, action, token = query.data.split(":", 2)
    user = update.effective_user
    duels = DUELS.get(context.bot_data.global_data)
    invitation = duels.invitations.get(token)
    shown = play.duel_chat(context.chat_data).invitations.get(token)
    now = context.now()
    if invitation is not None and user.id not in (invitation.inviter, invitation.invitee):
        name = _invitee_name(context, invitation)  # an alert is plain text
        if name is None:
            refusal = context._("This invitation is not yours to answer.")
        else:
            refusal = context._("Only {name} can answer this invitation.").format(name=name)
        await query.answer(refusal, show_alert=True)
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
        close(context, update.effective_chat.id, token, "withdrawn" if withdrawn else "declined")
        return
    group = update.effective_chat.id
    if invitation is None or user.id == invitation.inviter:
        # Answered already (its duel may be the game on here) or the inviter's own: said as
        # what it is, not as "a game is on".
        why = Refusal.NOT_FOUND if invitation is None else Refusal.SELF
        await query.answer(words.refusal_text(why, context), show_alert=True)
        return
    if game_life.other_game(context) is not None or context.chat_data.table.game_on:
        await query.answer(context._("A game is on here: accept once it is over."), show_alert=True)
        return
    try:
        duel = duels.accept(token, user.id, now, bot_ids=bots(context, user))
    except Refused as refused:
        await query.answer(words.refusal_text(refused.reason, context), show_alert=True)
        if refused.reason is Refusal.EXPIRED:
            close(context, group, token, "expired")
        return
    context.save_global()
    await query.answer()
    close(context, group, token, "accepted")
    members = context.chat_data.members
    names = {p: members.get(p, "?") for p in duel.players}
    names[user.id] = user.full_name
    if shown is not None:
        names[duel.players[0]] = shown.inviter
    play.begin(context, duel, names)
