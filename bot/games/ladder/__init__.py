"""The ladder (issue 41): ``/train`` in private deals hands near the player's puzzle rating
one after another and tells what each did to it; ``/train top`` is its board, ``/review``
deals the hands missed or solved slowest lately.  Parts: :mod:`~.play` (a training's life),
:mod:`~.top` (board, review), :mod:`~.heard` (other games' attempts), :mod:`~.words`."""

from __future__ import annotations

import logging
from pathlib import Path

from telegram import Message
from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, filters

from bot.context import BotContext, now_of, services
from bot.games.ladder import heard, levels, miniapp_api, play, refusals, top, words
from bot.games.ladder.parts import LADDER_RATINGS, TRAINING
from bot.games.ladder.profile import profile_part
from bot.i18n import N_
from bot.play import game_life, set_aside
from bot.play.registry import Game, Handlers, Help, HelpLine, Menu, MenuEntry, PageView
from bot.play.result_listeners import listen
from bot.rules.ladder.training import learned_level
from bot.services.answer_routes import Route
from bot.typed_handlers import (
    ButtonUpdate,
    ChatContext,
    HandlerContext,
    MessageUpdate,
    for_buttons,
    for_messages,
)

PRIORITY = 57
"""In private, a training hand on: after Rush, before the daily set aside and the round
(training and another game are never on together)."""

logger = logging.getLogger(__name__)


async def train_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/train: train at your level; /train stop, /train top."""
    words_given = [word.lower() for word in context.args or []]
    if not words_given:
        await start(update, context)
    elif words_given in (["stop"], ["end"]):
        await stop(update, context)
    elif words_given == ["top"]:
        top.board(update, context)
    elif words_given == ["skip"]:
        await skip(update, context)
    else:
        context.reply(update, words.usage(context))


async def start(update: MessageUpdate, context: HandlerContext) -> None:
    """/train in private: the first hand at the player's level."""
    if not play.in_private(update, context):
        return
    chat_id, user_id = update.effective_chat.id, update.effective_user.id
    training = play.training_of(context.chat_data)
    if training.live:
        context.reply(update, words.training_on(context, training.reviewing))
        return
    page = miniapp_api.training_of(context.application, user_id)
    hand = page.hand if page is not None else None
    if hand is not None and hand.live and not hand.overdue(context.now()):
        context.reply(update, words.on_the_page(context))  # one rated hand at a time
        return
    if game_life.refused(update, context):
        return
    training.review.clear()
    play.begin(context, training, user_id)
    set_aside.take_answers(context, chat_id)  # plain answers are the training's
    await play.deal_next(context, chat_id, user_id)


async def review_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/review: deal the hands to review; /review stop ends a review (or a training)."""
    words_given = [word.lower() for word in context.args or []]
    if not words_given:
        await top.review(update, context)
    elif words_given in (["stop"], ["end"]):
        await stop(update, context)
    else:
        context.reply(update, words.review_usage(context))


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/train stop (or /stop while training): end it."""
    chat_id = update.effective_chat.id
    text = play.stop(context, chat_id, update.effective_user.id)
    if text is None:
        context.reply(update, words.not_training(context))
        return
    context.reply(update, text, game=True)
    set_aside.remind(context, chat_id)


async def skip(update: MessageUpdate, context: HandlerContext) -> None:
    """/skip while training: the hand counts as a miss, and the next is dealt."""
    if not await play.skip(context, update.effective_chat.id, update.effective_user.id):
        context.reply(update, words.not_training(context))


async def skip_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """A hand's Skip button: as /skip, for that hand only (a press under an older one, or a
    forged number, changes nothing)."""
    query = update.callback_query
    training = TRAINING.of(context.chat_data)
    number = query.data.removeprefix(play.SKIP)
    if training is None or not training.live or number != str(training.number):
        await query.answer(context._("That hand is over."))
        return
    await query.answer()
    await play.skip(context, update.effective_chat.id, update.effective_user.id)


async def no_hints(update: MessageUpdate, context: HandlerContext) -> None:
    """/hint, /reveal or /giveup while training: no hints, and giving up is /skip."""
    context.reply(update, words.no_hints(context))


class Training(filters.MessageFilter):
    """Messages in a private chat whose training hand is on: its /skip and /stop are the
    training's, and other games wait (their handlers come later and take them otherwise)."""

    def __init__(self, application: Application) -> None:
        super().__init__(name="Training")
        self._chats = application.chat_data

    def filter(self, message: Message) -> bool:
        chat = self._chats.get(message.chat_id)  # no entry is made for a chat never seen
        return chat is not None and (training := TRAINING.of(chat)) is not None and training.live


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the training's: in private, while its hand is on."""
    training = TRAINING.of(context.chat_data)
    private = update.effective_chat.type == ChatType.PRIVATE
    return private and training is not None and training.live


def waiting(context: ChatContext) -> bool:
    """Whether the chat's training waits for an answer."""
    training = TRAINING.of(context.chat_data)
    return training is not None and training.live


def restore(application: Application) -> int:
    """After a restart, the alarm of every training hand still on, in a chat or on the
    Mini App's page (returns how many), and the levels learned from play for the deals.  A
    hand whose time ran out while the bot was down is closed void first (no rating change:
    docs/design-ladder.md, *The ladder*), so that /train deals anew."""
    now = now_of(application)
    for chat_id, chat in application.chat_data.items():
        training = TRAINING.of(chat)
        if training is not None and training.hand is not None and training.hand.overdue(now):
            training.hand.stop()
            training.review.clear()
            logger.info("Training hand of chat %s ran out while the bot was down: void", chat_id)
        if training is not None:
            play.keep_held(services(application), chat_id, training)
    levels.tell(services(application))
    return game_life.restore(application, play.LADDER) + miniapp_api.restore(application, now)


def register(application: Application) -> None:
    """/train, /review, the training's /skip and /stop (and no /hint) while a hand is on, its
    Skip button, its answers, the ``/start train`` link and other games' results."""
    training = filters.UpdateType.MESSAGES & Training(application)
    data = services(application)
    data.deep_links["train"] = for_messages(start)
    data.deep_links["review"] = for_messages(top.review)
    application.add_handler(CommandHandler("train", for_messages(train_command)))
    application.add_handler(CommandHandler("review", for_messages(review_command)))
    application.add_handler(CommandHandler("skip", for_messages(skip), filters=training))
    application.add_handler(CommandHandler("stop", for_messages(stop), filters=training))
    application.add_handler(
        CommandHandler(["hint", "reveal", "giveup"], for_messages(no_hints), filters=training)
    )
    application.add_handler(
        CallbackQueryHandler(for_buttons(skip_button), pattern=rf"^{play.SKIP}\d+$")
    )
    data.answers.add(Route(PRIORITY, claims, play.judge, waiting, play.pictures))
    listen(application, heard.heard)  # other games' timed attempts rate hands and players
    miniapp_api.register(application)  # the Mini App's Train mode


def help_lines(context: BotContext) -> list[HelpLine]:
    """The ladder's line of /help."""
    text = context._(
        "/train: the ladder, in private: hands at your puzzle rating one after another, each "
        "telling what it did to it (/skip counts as a miss). /train top: the board; /review: "
        "the hands you missed or solved slowly, again"
    )
    return [HelpLine(Help.GAMES, 35, text)]


MENU = (
    MenuEntry(
        98,
        "train",
        N_("Train at your level, hand after hand (/train top, /review)"),
        Menu.PRIVATE,
    ),
    MenuEntry(99, "review", N_("Your missed and slowest hands, dealt again"), Menu.PRIVATE),
)
"""/train and /review in private chats' menu, before /remind."""


PAGE_VIEW = PageView(Path(__file__).with_name("page"), "train.js", place=3)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


GAME = Game(
    "ladder",
    # Before the rounds': a training's /skip and /stop (the games of a slot register in
    # the order of bot.games.GAMES).
    (Handlers(register),),
    restore=restore,
    on=refusals.on,
    busy=refusals.busy,
    opening=refusals.opening,
    kept=refusals.kept,
    menu=MENU,
    help=help_lines,
    profile=profile_part,
    learned_level=lambda data, hand, target, level: learned_level(
        LADDER_RATINGS.get(data), hand, target, level
    ),
    page_texts=words.PAGE_TEXTS,
    page_view=PAGE_VIEW,
)
