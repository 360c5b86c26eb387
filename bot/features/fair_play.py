"""Answers that score nothing: those of a player marked in a game for being given its hand's
solutions while it was live; its route comes before the games' own, so it takes their
answers first (docs/fair-play.md, *Spoilers, votes and the daily*: "No lurker's win")."""

from __future__ import annotations

from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import services
from bot.i18n import answer_in_english
from bot.rules.claims import looks_like_answer
from bot.rules.spoilers import peeked
from bot.services.answer_routes import Priority, Route
from bot.typed_handlers import HandlerContext, MessageUpdate


def peeker(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer in a group comes from a player marked in the group's live
    game (chat about the game around it, where the bot sees every message, is not)."""
    if update.effective_chat.type == ChatType.PRIVATE:
        return False  # a private game is its player's own: their /solve of it is refused
    game = context.bot_data.live_hands.game(update.effective_chat.id)
    if game is None or not peeked(game, update.effective_user.id):
        return False
    text = update.effective_message.text or ""
    return text.startswith("/") or looks_like_answer(answer_in_english(text))


async def no_score(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Tell a marked player why their answer counts for nothing (once per game and player
    in the outbox at a time: a flood of answers gets one reply)."""
    _ = context._
    table = context.chat_data.table
    if table.counting:
        said = _(
            "You were given solutions of these numbers while this game was on "
            "(/solve or inline mode): your answers to it score nothing."
        )
    elif table.hunting:
        said = _(
            "You were given this hand's solutions while this hunt was on "
            "(/solve or inline mode): your finds score nothing."
        )
    else:
        said = _(
            "You were given this hand's solutions while it was being played "
            "(/solve or inline mode): your answers to it score nothing."
        )
    context.reply(update, said, key=f"peeked:{update.effective_user.id}")


def register(application: Application) -> None:
    """The marked players' answers, taken before any game's (by the route's priority)."""
    services(application).answers.add(Route(Priority.NO_SCORE, peeker, no_score))
