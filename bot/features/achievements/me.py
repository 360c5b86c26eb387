"""/me: a player's profile card, a picture (:mod:`bot.services.pictures.profile_card`) with its
words in the caption: their public name, fastest hand, each game's and feature's part (the
duel rating and rank, the season's rank, the daily streak...: :mod:`bot.play.profiles`),
trophies and achievements (as a reply to someone's message, or with a member's ``@name``:
theirs)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from telegram import User

from bot.context import BotContext
from bot.features.achievements.listing import asked_about, unknown_name
from bot.features.achievements.words import seconds_text
from bot.play.board_names import chosen_name, names_of, public_name
from bot.play.profiles import parts
from bot.play.registry import ProfilePart
from bot.rules.achievements import Achievement, Achievements, earned, every, families
from bot.rules.public_names import handle
from bot.services import pictures
from bot.services.limits import CAPTION, visible_length
from bot.state import UserData
from bot.typed_handlers import HandlerContext, MessageUpdate

if TYPE_CHECKING:
    from bot.services.pictures import Card, Tile

FASTEST_POSITION = 2
"""Where the fastest hand stands among the games' and features' parts: after the duel rating
(1), before the season's rank (5)."""


def _fastest(context: BotContext, fastest: float | None) -> ProfilePart:
    """The player's fastest hand, as told (none yet: no line) and as drawn on the card."""
    if fastest is None:
        return ProfilePart(FASTEST_POSITION, (), (("bolt", ""),))
    line = context._("⚡ Fastest hand: {time}").format(time=seconds_text(fastest, context))
    return ProfilePart(FASTEST_POSITION, (line,), (("bolt", f"{fastest:.1f} s"),))


def profile(context: BotContext, user_id: int, data: UserData | None) -> tuple[Card, str]:
    """The card of ``user_id`` (``data``: theirs, None if the bot keeps none) and its caption:
    their name, each game's part (as the game declares it: the duel rating first) and their
    fastest hand, their trophies and achievements."""
    _ = context._
    data = data or UserData()
    mine = data.achievements or Achievements()
    name = public_name(context, user_id)  # HTML
    chosen = chosen_name(context, user_id)
    own = handle(names_of(context).key, user_id)
    drawn = chosen or own  # drawn if a font draws it, else the handle (profile_card.title_of)
    lines = [f"<b>🪪 {name}</b>"]
    tiles: list[Tile] = []
    found = [*parts(context, user_id, data), _fastest(context, mine.fastest)]
    for part in sorted(found, key=lambda part: part.position):
        lines += part.lines
        tiles += [pictures.Tile(icon, value) for icon, value in part.tiles]
    lines.append(_("🏆 Trophies: {count}").format(count=len(mine.trophies())))
    got = {a.key for a in earned(mine)}
    lines.append(
        _("🎖️ Achievements: {count} of {total} (/achievements)").format(
            count=len(got), total=len(every())
        )
    )
    badges = tuple(
        pictures.Badge(
            len(family.goals), sum(Achievement(family, goal).key in got for goal in family.goals)
        )
        for family in families()
    )
    card = pictures.Card(drawn, tuple(tiles), len(mine.trophies()), badges, handle=own)
    return card, "\n".join(lines)


async def me(update: MessageUpdate, context: HandlerContext) -> None:
    """A player's profile card (as a reply: the replied-to player's)."""
    who = asked_about(update, context)
    if isinstance(who, str):
        context.reply(update, unknown_name(context, who))
        return
    who_id = who if isinstance(who, int) else who.id
    if who_id == context.bot.id or (isinstance(who, User) and who.is_bot):
        context.reply(update, context._("Bots have no profile."))
        return
    card, caption = profile(context, who_id, context.application.user_data.get(who_id))
    picture = await asyncio.to_thread(pictures.render_card, card)  # tens of ms: off the event loop
    message = update.effective_message
    if visible_length(caption) > CAPTION:  # a long translation: the text on its own
        context.post(message.chat_id, lambda: message.reply_photo(picture))
        context.reply(update, caption)
        return
    context.post(
        message.chat_id,
        lambda: message.reply_photo(picture, caption=caption),
        user_id=update.effective_user.id,
    )
