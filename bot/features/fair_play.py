"""Answers that score nothing: those of a player marked in a game for being given its hand's
solutions while it was live; its route comes before the games' own, so it takes their
answers first (docs/fair-play.md, *Spoilers, votes and the daily*: "No lurker's win")."""

from __future__ import annotations

from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import services
from bot.i18n import answer_in_english
from bot.play.registry import Feature, game_on
from bot.rules.plain_text import looks_like_answer
from bot.rules.spoilers import peeked
from bot.services.answer_routes import Route
from bot.typed_handlers import HandlerContext, MessageUpdate

PRIORITY = 30
"""In a group, the answers of a player given the live hand's solutions score nothing: before
every game that scores (the answer router's order: :class:`~bot.services.answer_routes.Route`)."""


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
    on = game_on(context.chat_data, context.bot_data)
    if on is not None and on.given is not None:
        said = on.given(context)  # a hunt's finds, a Countdown game's numbers
    else:
        said = context._(
            "You were given this hand's solutions while it was being played "
            "(/solve or inline mode): your answers to it score nothing."
        )
    context.reply(update, said, key=f"peeked:{update.effective_user.id}")


def register(application: Application) -> None:
    """The marked players' answers, taken before any game's (by the route's priority)."""
    services(application).answers.add(Route(PRIORITY, peeker, no_score))


FEATURE = Feature("fair play", register)
