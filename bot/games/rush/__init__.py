"""Rush in the chat (``/rush``, ``/rush top``): a run's life (:mod:`~bot.games.rush.play`), its
words (:mod:`~bot.games.rush.words`) and the boards (:mod:`~bot.games.rush.top`); it claims
answers and takes ``/skip`` and ``/stop`` while a run is on.  Rules: :mod:`bot.rules.rush`
(docs/games.md, *Rush: the rules*; docs/design.md, *A game's life*)."""

from __future__ import annotations

from pathlib import Path

from telegram import Message
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, filters

from bot.context import BotContext, services
from bot.games.rush import page, play, refusals, review, top, words
from bot.games.rush.parts import RUSH_MESSAGES
from bot.games.rush.profile import profile_part
from bot.games.rush.words import ACHIEVEMENTS
from bot.i18n import N_, answer_in_english
from bot.play import game_life
from bot.play.answer_router import said_to_bot
from bot.play.registry import (
    Game,
    Handlers,
    Help,
    HelpLine,
    MenuEntry,
    PageView,
    SeasonBoardShown,
    Slot,
    TelegramGame,
)
from bot.rules.plain_text import after_mention, looks_like_answer
from bot.rules.rush.chat_run import RUSH_SEAT
from bot.rules.rush.run_season import RUN_BOARD
from bot.services.answer_routes import Route
from bot.typed_handlers import ChatContext, HandlerContext, MessageUpdate, for_messages

PRIORITY = 55
"""The chat's run: after the games that end on their own, before the round, which takes what
is said to the bot when nothing runs."""


async def rush_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/rush: start a run; /rush top: the best runs; /rush skip, /rush stop."""
    words = [word.lower() for word in context.args or []]
    if not words:
        await play.start(update, context)
    elif words == ["top"]:
        await top.top(update, context)
    elif words == ["stop"] or words == ["end"]:
        await play.stop(update, context)
    elif words == ["skip"]:
        await play.skip(update, context)
    else:
        context.reply(
            update, context._("Use /rush to start a run, or /rush top for the best runs.")
        )


class Rushing(filters.MessageFilter):
    """Messages in a chat whose Rush run is on: its /skip and /stop are the run's, not a
    round's (the rounds' handlers come later and take them otherwise)."""

    def __init__(self, application: Application) -> None:
        super().__init__(name="Rushing")
        self._chats = application.chat_data

    def filter(self, message: Message) -> bool:
        chat = self._chats.get(message.chat_id)  # no entry is made for a chat never seen
        return chat is not None and RUSH_SEAT.on(chat.table)


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the run's: while one is on, a reply to one of its
    pictures, anything said to the bot (``/a``, its name in a group), in private any text,
    in a group text that looks like an answer."""
    if not RUSH_SEAT.on(context.chat_data.table):
        return False
    message = update.effective_message
    replied = message.reply_to_message
    if replied is not None and replied.message_id in pictures(context):
        return True
    if said_to_bot(update, context) or update.effective_chat.type == ChatType.PRIVATE:
        return True
    text = message.text or ""
    return looks_like_answer(answer_in_english(after_mention(text, context.bot.username) or text))


def waiting(context: ChatContext) -> bool:
    """Whether the chat's run waits for an answer."""
    return RUSH_SEAT.on(context.chat_data.table)


def pictures(context: ChatContext) -> tuple[int, ...]:
    """The run's recent pictures, whose replies are its answers."""
    messages = RUSH_MESSAGES.of(context.chat_data)
    return () if messages is None else tuple(messages.hands)


def restore(application: Application) -> int:
    """After a restart, the clock of every run still on; returns how many."""
    return game_life.restore(application, play.RUSH)


def register(application: Application) -> None:
    """/rush, the run's /skip and /stop (and no /hint, /reveal) while one is on, and its
    answers."""
    rushing = filters.UpdateType.MESSAGES & Rushing(application)
    application.add_handler(CommandHandler("rush", for_messages(rush_command)))
    application.add_handler(CommandHandler("skip", for_messages(play.skip), filters=rushing))
    application.add_handler(CommandHandler("stop", for_messages(play.stop), filters=rushing))
    application.add_handler(
        CommandHandler(["hint", "reveal", "giveup"], for_messages(play.no_hints), filters=rushing)
    )
    services(application).answers.add(Route(PRIORITY, claims, play.judge, waiting, pictures))


def help_lines(context: BotContext) -> list[HelpLine]:
    """Rush's lines of /help (the Telegram game's with its short name)."""
    _ = context._
    lines = [
        HelpLine(
            Help.GAMES,
            30,
            _(
                "/rush: Rush, as many hands as you can solve against the clock: 120 seconds, +10 "
                "for each hand solved, −20 for a /skip; hands get harder as you score. In a group "
                "everyone races on the same hands. /rush top: the best runs"
            ),
        )
    ]
    if context.settings.game_short_name is not None:
        lines.append(
            HelpLine(
                Help.GAMES,
                70,
                _(
                    "🎮 /game: Rush as a Telegram game, in any chat: tap Play, beat the clock, and "
                    "your score goes on the message's high-score table (or share it: @{bot} rush)."
                ).format(bot=context.bot.username),
            )
        )
    return lines


MENU = (
    MenuEntry(50, "rush", N_("Rush: solve all you can against the clock (/rush top)")),
    MenuEntry(80, "game", N_("Rush as a Telegram game: tap to play, high scores in the chat")),
)
"""/rush among the games; /game after /solve."""

SEASON_BOARD = SeasonBoardShown(
    RUN_BOARD, words.season_heading, words.season_called, words.season_value
)
"""The season's Rush board: each player's best run of the season."""


PAGE_VIEW = PageView(Path(__file__).with_name("page"), "rush.js", style="rush.css", place=6)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


GAME = Game(
    "Rush",
    (
        # Before the hunts', Countdown's and the rounds': a run's /skip and /stop.
        Handlers(register),
        # Before /solve: its inline queries (@bot rush) would go to solve's catch-all.
        Handlers(page.register, Slot.BEFORE_SOLVE),
    ),
    restore=restore,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    opening=refusals.opening,
    kept=refusals.kept,
    help=help_lines,
    profile=profile_part,
    review=review.review,
    runs=review.RUNS,
    season_boards=(SEASON_BOARD,),
    shareable=page.shareable,
    telegram_game=TelegramGame(page.SHORT_NAME, "Rush", "Make 24 against the clock"),
    achievements=ACHIEVEMENTS,
    page_texts=words.PAGE_TEXTS,
    page_view=PAGE_VIEW,
)
