"""/achievements: the achievements a player earned, and their progress towards each
family's next tier (as a reply to someone's message: theirs)."""

from __future__ import annotations

import html

from telegram import Message, User

from bot.context import BotContext
from bot.features.achievements.words import progress, title
from bot.play.profiles import current, parts
from bot.rules.achievements import ALL, earned, upcoming
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


def name_here(context: HandlerContext, user: User) -> str:
    """How this chat names ``user`` (HTML, cut to :data:`NAME_SHOWN`)."""
    name = context.chat_data.members.get(user.id) or user.full_name
    return html.escape(name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…")


def listing(context: BotContext, user_id: int, data: UserData | None, name: str) -> str:
    """The text of /achievements for ``user_id`` (``data`` None: one the bot does not know)."""
    _ = context._
    mine = data.achievements if data is not None else None
    got = earned(mine)
    head = [
        _("<b>🎖️ Achievements of {name}</b>: {count} of {total}").format(
            name=name, count=len(got), total=len(ALL)
        )
    ]
    items = [title(a, context) for a in got]
    if not items:
        head.append(_("None yet: solve hands, win duels, keep a daily streak."))
    ahead = upcoming(mine, current(parts(context, user_id, data)) if data is not None else None)
    tail = [""]
    if ahead:
        tail.append(_("<b>Next</b>"))
        tail += [
            _("{achievement}: {progress}").format(
                achievement=title(a, context), progress=progress(a, value, context)
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
    who = replied_user(update.effective_message) or viewer
    if who.is_bot:
        context.reply(update, context._("Bots earn no achievements."))
        return
    data = context.application.user_data.get(who.id)
    context.reply(update, listing(context, who.id, data, name_here(context, who)))
