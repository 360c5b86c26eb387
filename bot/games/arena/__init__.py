"""Arenas (``/arena``): a group's tournament played by each player in private at their own
pace, on the same hands (the rules: :mod:`bot.rules.arena`; docs/playing-arenas.md).
Register it before the rounds: its ``/skip`` in private is the arena's while one is played.
"""

from __future__ import annotations

import datetime as dt
import html
from pathlib import Path

from telegram import Message
from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, filters

from bot.context import BotContext, services
from bot.games.arena import group, miniapp_api, moves, play, refusals, scheduled, words
from bot.games.arena.parts import ARENA_CHAT
from bot.games.arena.words import ACHIEVEMENTS
from bot.i18n import N_
from bot.play.registry import (
    Game,
    GroupShare,
    Handlers,
    Help,
    HelpLine,
    MenuEntry,
    PageView,
    SeasonBoardShown,
)
from bot.rules.arena.command import At, Now, Stop, Unreadable, Unschedule, read
from bot.rules.arena.podium_season import ARENAS_PLAYED, PODIUM_BOARD
from bot.services.answer_routes import Route
from bot.typed_handlers import HandlerContext, MessageUpdate, for_buttons, for_messages

__all__ = ["GAME", "PRIORITY", "register", "restore"]

PRIORITY = 27
"""In private, plain answers while the player plays an arena: after a friend's challenge
(a player's own clock, as the arena's), before every chat game (docs/design.md, "Where an
answer goes")."""


def _stop_in_private(context: HandlerContext, user_id: int) -> str:
    """``/arena stop`` in private: where and by whom an arena is stopped."""
    _ = context._
    found = play.playing(context, user_id)
    ours = None if found is None else group.group_part(context.application, found[0])
    if found is None or ours is None:
        return _(
            "An arena is stopped in its group: /arena stop there ends it at once when its "
            "starter or an admin sends it, and is a vote when a player does."
        )
    return _(
        "Arena #{number} is stopped in its group, {group}: /arena stop there ends it at once "
        "when its starter or an admin sends it, and is a vote when a player does. /skip here "
        "deals your next hand."
    ).format(number=found[1].number, group=html.escape(ours.title or _("the group")))


async def arena_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/arena [minutes] in a group: an arena; /arena stop ends it."""
    _ = context._
    request = read(context.args or [])
    if update.effective_chat.type == ChatType.PRIVATE:
        if isinstance(request, Stop):
            context.reply(update, _stop_in_private(context, update.effective_user.id))
            return
        context.reply(
            update,
            _("Arenas are held in groups: send /arena there, and join with its button."),
        )
        return
    match request:
        case Now(minutes=minutes):
            await group.arena_now(update, context, minutes)
        case Stop():
            await group.arena_stop(update, context)
        case At():
            await scheduled.arena_at(update, context, request)
        case Unschedule():
            await scheduled.unschedule(update, context)
        case Unreadable.TIME:
            context.reply(update, _("Give the time of day as HH:MM: /arena at 20:00 daily, say."))
        case Unreadable.MINUTES:
            context.reply(update, _("An arena lasts 3 to 60 minutes: /arena 10, say."))
        case _:
            context.reply(
                update,
                _(
                    "Use /arena for a 10-minute arena, /arena 30 for 30 minutes, /arena stop "
                    "to end it; admins: /arena at 20:00 daily (or weekly) to schedule them, "
                    "/arena unschedule."
                ),
            )


async def berserk_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/berserk while playing an arena: the next hands' time halved (again: off)."""
    _ = context._
    found = play.playing(context, update.effective_user.id)
    if found is None:
        context.reply(update, _("No arena is on for you."))
        return
    group_id, arena = found
    player = arena.entries[update.effective_user.id]
    arena.berserk(update.effective_user.id, not player.berserk_next)
    group.changed(context, group_id)
    if player.berserk_next:
        said = _("⚡ Berserk from your next hand: half the time, one point more if solved.")
    else:
        said = _("Full time again from your next hand.")
    context.reply(update, said)


class InArena(filters.MessageFilter):
    """Messages in a private chat whose player plays an arena: its /skip is the arena's."""

    def __init__(self, application: Application) -> None:
        super().__init__(name="InArena")
        self._application = application

    def filter(self, message: Message) -> bool:
        chat = self._application.chat_data.get(message.chat_id)
        mine = None if chat is None else ARENA_CHAT.of(chat)
        if message.chat.type != ChatType.PRIVATE or chat is None or mine is None:
            return False
        if chat.table.game_on or chat.table.held:
            return False  # another game of theirs, dealt meanwhile: its /skip
        playing = mine.playing
        ours = None if playing is None else group.group_part(self._application, playing)
        return ours is not None and ours.arena is not None and not ours.arena.ended


def restore(application: Application) -> int:
    """After a restart, every arena still on (see :func:`bot.games.arena.play.restore`)."""
    return play.restore(application) + scheduled.restore(application)


def register(application: Application) -> None:
    """/arena, /berserk, the arena's /skip in private, its button, its Join link and its
    answers."""
    in_arena = filters.UpdateType.MESSAGES & InArena(application)
    application.add_handler(CommandHandler("arena", for_messages(arena_command)))
    application.add_handler(CommandHandler("berserk", for_messages(berserk_command)))
    application.add_handler(CommandHandler("skip", for_messages(play.skip), filters=in_arena))
    application.add_handler(
        CallbackQueryHandler(for_buttons(play.berserk), pattern=rf"^{play.BERSERK}:[01]$")
    )
    data = services(application)
    data.deep_links[group.LINK_PREFIX] = for_messages(play.open_link)
    data.answers.add(Route(PRIORITY, play.claims, play.judge, play.waiting))
    miniapp_api.register(application)


def help_lines(context: BotContext) -> list[HelpLine]:
    """The arena's line of /help, among the games."""
    text = context._(
        "/arena: an arena, the group's tournament played in private at your own pace on the "
        "same hands; /arena 30 for 30 minutes, /arena stop; admins: /arena at 20:00 daily"
    )
    return [HelpLine(Help.GAMES, 36, text)]


def _played(context: BotContext, chat_id: int, day: dt.date) -> int:
    """A group's arenas played in the week of ``day`` (the listed groups keep them)."""
    return context.bot_data.global_data.groups.counts(ARENAS_PLAYED.name, day).get(chat_id, 0)


SEASON_BOARD = SeasonBoardShown(
    PODIUM_BOARD,
    words.season_heading,
    words.season_called,
    words.season_value,
    shown_empty=False,  # no arena played this season (or none exist yet)
)
"""The season's arena board, once an arena's podium is on it."""
GROUP_SHARE = GroupShare(20, _played, words.played_words)
"""A listed group's week on ``/groups top``: its arenas played (after its daily puzzles)."""

MENU = (MenuEntry(55, "arena", N_("Arena: a group's tournament, each at their own pace")),)
"""/arena after /rush, before /daily."""

PAGE_VIEW = PageView(Path(__file__).with_name("page"), "arena.js", place=5)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


GAME = Game(
    "Arena",
    # Before the rounds': the arena's /skip in private while one is played.
    (Handlers(register),),
    restore=restore,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    opening=refusals.opening,
    help=help_lines,
    moved=moves.moved,
    season_boards=(SEASON_BOARD,),
    group_share=GROUP_SHARE,
    achievements=ACHIEVEMENTS,
    page_view=PAGE_VIEW,
)
