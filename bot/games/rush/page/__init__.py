"""Rush as a Telegram game: ``/game`` and inline mode send the game; its Play button opens the
Mini App's page in Rush mode (:data:`GAME_MODE`) on a signed token
(:mod:`bot.services.web.game_tokens`), the page's calls (:mod:`bot.play.game_page`, served
under ``/app/api/rush/``) deal, judge and keep the clock (:mod:`.runs`), and a run's score
goes to the message's high-score table (docs/miniapp.md, *Rush as a Telegram game*)."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Coroutine
from typing import Any
from uuid import uuid4

from telegram import (
    CallbackGame,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultGame,
    InputTextMessageContent,
    Update,
    User,
)
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, InlineQueryHandler

from bot.context import BotContext
from bot.games.rush.page.runs import RUN_AGE, RushPage
from bot.games.rush.words import PLAY, SHARE
from bot.i18n import N_
from bot.play.game_page import game_address, game_page, game_short_name, serve_game
from bot.play.miniapp import player_context
from bot.services.web import AppUser, GameMessage, sign_game_token
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

logger = logging.getLogger(__name__)

GAME_MODE = "rush"
"""The page's mode for the game (``?mode=rush``), and the name of its API's folder."""
SHORT_NAME = "rush"
"""The game's short name where it is made for the bot (the console's; on Telegram, the one
@BotFather was given: ``TWENTYFOUR_GAME_SHORT_NAME``)."""
SHARE_QUERY = "rush"
"""What the Share button types after the bot's name: the inline query that offers the game."""
INLINE_WORDS = r"(?i)^\s*(rush|game|play|游戏|极速|急速|挑战|极速挑战)\s*$"
"""Inline queries answered with the game (``@bot rush``), before /solve's catch-all."""
OFF = N_(
    "Rush as a Telegram game is not switched on for this bot yet. Its owner can create the "
    "game with @BotFather (/newgame) and set TWENTYFOUR_GAME_SHORT_NAME and "
    "TWENTYFOUR_WEBAPP_URL."
)


def game_keyboard(context: BotContext) -> InlineKeyboardMarkup:
    """A game message's buttons: Play first (Telegram requires it), then Share."""
    return InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(context._(PLAY), callback_game=CallbackGame())],
            [InlineKeyboardButton(context._(SHARE), switch_inline_query=SHARE_QUERY)],
        ]
    )


def game_result(context: BotContext, result_id: str = "game") -> InlineQueryResultGame | None:
    """The game as an inline result (shared into the chat it is chosen in), if it is set up."""
    name = game_short_name(context)
    if name is None:
        return None
    return InlineQueryResultGame(result_id, name, reply_markup=game_keyboard(context))


async def game_command(update: MessageUpdate, context: HandlerContext) -> None:
    """Send the Rush game (``sendGame``): anyone in the chat can press Play."""
    _ = context._
    short_name = game_short_name(context)
    if short_name is None:
        context.reply(update, _(OFF), key="game")
        return
    chat_id = update.effective_chat.id
    thread = update.effective_message.message_thread_id
    context.post(
        chat_id,
        lambda: context.bot.send_game(
            chat_id, short_name, reply_markup=game_keyboard(context), message_thread_id=thread
        ),
        user_id=update.effective_user.id,
        on_failed=lambda error: _refused(context, chat_id, short_name, error),
    )


def _refused(context: BotContext, chat_id: int, short_name: str, error: Exception) -> None:
    """Say why Telegram would not send the game (a short name @BotFather does not know
    for this bot, or games off in this chat), as what it is."""
    logger.warning("sendGame %s refused in %s: %s", short_name, chat_id, error)
    if isinstance(error, BadRequest):
        text = context._(
            "Telegram would not send the game “{name}”: {error}. Its owner should check the "
            "game's short name in @BotFather (/mygames)."
        ).format(name=html.escape(short_name), error=html.escape(error.message))
        context.send(chat_id, text, key="sorry")


async def shareable(context: BotContext) -> list[InlineQueryResult]:
    """What an empty inline query offers of Rush: the game to share, when it is set up."""
    result = game_result(context)
    return [] if result is None else [result]


async def inline_game(update: Update, context: BotContext) -> None:
    """Offer the game for ``@bot rush``: choosing it shares it into the chat."""
    query = update.inline_query
    if query is None:
        return
    result = game_result(context, f"game-{uuid4().hex[:12]}")
    if result is None:
        text = context._(OFF)
        off = InlineQueryResultArticle(
            id="game-off", title=text, input_message_content=InputTextMessageContent(text)
        )
        await query.answer([off], cache_time=60)
        return
    await query.answer([result], cache_time=300)


def make_play(page: RushPage) -> Callable[[Update, BotContext], Coroutine[Any, Any, None]]:
    """The handler of the Play button, for ``page``'s runs."""

    async def play(update: Update, context: BotContext) -> None:
        """Play pressed: open the page with a token for this player and this message."""
        query = update.callback_query
        if query is None:
            return
        where = game_page(context.application)
        if where is None or query.game_short_name != context.settings.game_short_name:
            await query.answer(context._("This game is not played here any more."))
            return
        if query.inline_message_id is not None:
            message = GameMessage(inline_message_id=query.inline_message_id)
        elif query.message is not None:
            message = GameMessage(query.message.chat.id, query.message.message_id)
        else:  # Telegram always names the message; an update that doesn't is not Play
            await query.answer()
            return
        user = query.from_user
        page.met(user.id, user.full_name, user.language_code)
        token = sign_game_token(context.bot.token, user.id, message, context.now(), mode=GAME_MODE)
        try:
            await query.answer(
                url=game_address(where, GAME_MODE, token, _page_language(context, user))
            )
        except TelegramError as error:
            logger.info("The game's address was refused: %s", error)

    return play


def _page_language(context: BotContext, user: User) -> str:
    """The page's language for ``user``: as its calls will speak (their private chat's, or
    their own), not the group's where Play was pressed."""
    player = AppUser(user.id, user.first_name, user.language_code)
    return player_context(context.application, player).language


def register(application: Application) -> None:
    """/game, the game in inline mode, its Play button and its page's calls."""
    page = RushPage(application)
    application.add_handler(CommandHandler("game", for_messages(game_command)))
    application.add_handler(InlineQueryHandler(inline_game, pattern=INLINE_WORDS))
    application.add_handler(CallbackQueryHandler(make_play(page), game_pattern=r".*"))
    calls = {
        "POST start": page.start,
        "POST answer": page.answer,
        "POST skip": page.skip,
        "GET state": page.state,
    }
    serve_game(application, GAME_MODE, calls, max_age=RUN_AGE)
