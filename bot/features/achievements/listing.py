"""/achievements: the achievements a player earned, and their progress towards each
family's next tier (as a reply to someone's message, or with a member's ``@name``: theirs)."""

from __future__ import annotations

import html

from telegram import Message, User
from telegram.constants import MessageEntityType

from bot.context import BotContext
from bot.features.achievements.words import progress, title
from bot.play.board_names import public_name
from bot.play.profiles import current, parts
from bot.rules.achievements import earned, every, upcoming
from bot.services.limits import TEXT, fit_list
from bot.state import UserData
from bot.typed_handlers import HandlerContext, MessageUpdate

NAME_SHOWN = 40
"""Characters of a name shown (longer ones are cut, with "…")."""


def replied_user(message: Message) -> User | None:
    """The author of the message ``message`` replies to, if it is a real reply (in a forum
    topic every message "replies" to the topic's first, a service message)."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None:
        return None
    return replied.from_user


def asked_about(update: MessageUpdate, context: HandlerContext) -> User | int | str:
    """Whom ``/me`` or ``/achievements`` asks about: the author of the message it replies to,
    a user it mentions (``@name``: a member seen in this group by that username, their id; a
    name not seen here, the name), else the asker."""
    message = update.effective_message
    replied = replied_user(message)
    if replied is not None:
        return replied
    for entity in message.entities:
        if entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
            return entity.user
    for word in context.args or []:
        if word.startswith("@") and len(word) > 1:
            name = word[1:]
            if name.lower() == (context.bot.username or "").lower():
                return context.bot.id
            return context.chat_data.usernames.get(name.lower(), name)
    return update.effective_user


def unknown_name(context: HandlerContext, name: str) -> str:
    """What ``/me @name`` or ``/achievements @name`` says of a username not seen here."""
    return context._(
        "I haven't seen @{name} in this chat (a bot cannot look a username up): reply to one "
        "of their messages with the command to see theirs. Alone, it shows yours."
    ).format(name=html.escape(name))


def name_here(context: HandlerContext, user: User | int) -> str:
    """How this chat names ``user`` (HTML, cut to :data:`NAME_SHOWN`)."""
    user_id = user if isinstance(user, int) else user.id
    name = context.chat_data.members.get(user_id)
    if name is None and isinstance(user, User):
        name = user.full_name
    if name is None:
        return public_name(context, user_id)
    return html.escape(name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…")


def listing(
    context: BotContext, user_id: int, data: UserData | None, name: str, own: bool = True
) -> str:
    """The text of /achievements for ``user_id`` (``data`` None: one the bot does not know;
    ``own``: the asker's own, else another player's)."""
    _ = context._
    mine = data.achievements if data is not None else None
    got = earned(mine)
    head = [
        _("<b>🎖️ Achievements of {name}</b>: {count} of {total}").format(
            name=name, count=len(got), total=len(every())
        )
    ]
    items = [title(a, context) for a in got]
    if not items:
        head.append(_("None yet: every game here earns them, as the next ones below show."))
    ahead = upcoming(mine, current(parts(context, user_id, data)) if data is not None else None)
    tail = [""]
    if ahead:
        tail.append(_("<b>Next</b>"))
        tail += [
            _("{achievement}: {progress}").format(
                achievement=title(a, context), progress=progress(a, value, context, own)
            )
            for a, value in ahead
        ]
    else:
        tail.append(_("Every achievement earned!"))
    return fit_list(
        head,
        items,
        tail,
        limit=TEXT,
        more=lambda count: context.ngettext(
            "… and {count} more", "… and {count} more", count
        ).format(count=count),
    )


async def achievements(update: MessageUpdate, context: HandlerContext) -> None:
    """A player's achievements and their progress (as a reply: the replied-to player's)."""
    viewer = update.effective_user
    who = asked_about(update, context)
    if isinstance(who, str):
        context.reply(update, unknown_name(context, who))
        return
    who_id = who if isinstance(who, int) else who.id
    if who_id == context.bot.id or (isinstance(who, User) and who.is_bot):
        context.reply(update, context._("Bots earn no achievements."))
        return
    data = context.application.user_data.get(who_id)
    own = who_id == viewer.id
    context.reply(update, listing(context, who_id, data, name_here(context, who), own))
