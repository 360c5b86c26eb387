"""The daily puzzle on Telegram: /daily in private (timed, one result a day) and in groups (no
spoilers), /daily top, /subscribe, /remind, /stats and the Mini App's daily API, in one part
each (:mod:`~bot.games.daily.attempt`, ``archive``, ``group``, ``stats``, ``subscriptions``,
``reminders``, ``miniapp_api``), which import each other, never this module.  The rules are
:mod:`bot.rules.daily`'s (docs/design-games.md, *The daily puzzle*)."""

from __future__ import annotations

from pathlib import Path

from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, CommandHandler

from bot.context import BotContext, services
from bot.games.daily import aside, ended_attempts, group_replies, parts, spoiler_rules, words, work
from bot.games.daily.archive import archive_button, archive_command, replay_command
from bot.games.daily.attempt import (
    answer,
    attempt_open,
    for_daily,
    freeze_used,
    pictures,
    puzzle_of,
    rebuild_board,
    set_aside_claims,
    start_private,
)
from bot.games.daily.day_board import overview
from bot.games.daily.group import GROUP_SHARE, daily_top, show_in_group, week_command
from bot.games.daily.miniapp_api import app_daily, app_daily_answer, app_daily_state
from bot.games.daily.parts import ANSWERS_TO
from bot.games.daily.profile import profile_part
from bot.games.daily.reminders import remind_command, restore_reminders, send_reminder
from bot.games.daily.stats import chart_labels, stats_command
from bot.games.daily.subscriptions import (
    post_daily,
    restore_subscriptions,
    subscribe,
    unsubscribe,
)
from bot.games.daily.words import ACHIEVEMENTS, INVITATION
from bot.i18n import N_
from bot.play.miniapp import serve_app
from bot.play.registry import Game, Handlers, Help, HelpLine, Menu, MenuEntry, PageView, Slot
from bot.rules.daily.puzzle import HAND_SOURCE
from bot.services.answer_routes import Route
from bot.typed_handlers import HandlerContext, MessageUpdate, for_buttons, for_messages
from solver import daily_number

PRIORITY = 20
"""An answer to a daily attempt (in private a reply to its picture, or any plain answer while
one is open; in a group a reply to the daily post, sent to private): after a closed
attempt's, before every other game's."""
SET_ASIDE_PRIORITY = 58
"""In private, with no game on, an answer while an attempt another game set aside still runs
(:mod:`bot.games.daily.aside`): after every game that claims its own, before the round's."""

__all__ = [
    "GAME",
    "chart_labels",
    "daily_command",
    "freeze_used",
    "post_daily",
    "puzzle_of",
    "register",
    "restore",
    "send_reminder",
]


async def daily_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/daily: the puzzle in private, the puzzle and results in groups; /daily top."""
    word = context.args[0].lower() if context.args else ""
    if word == "top":
        await daily_top(update, context)
    elif word == "stats":
        await stats_command(update, context)
    elif word == "week":
        await week_command(update, context)
    elif word == "archive":
        await archive_command(update, context)
    elif word and (word.startswith("#") or word[:1].isdigit()):
        await replay_command(update, context, word)
    elif word:
        # A word /daily does not know starts no clock: say what /daily takes (without the
        # word, which may be 4,000 characters long).
        context.reply(
            update,
            context._(
                "/daily alone shows today's puzzle; it also takes top, stats, week, archive, "
                "a past day (/daily 2026-11-01) or its number (/daily #{number})."
            ).format(number=daily_number(context.today()) - 1),
        )
    elif update.effective_chat.type == ChatType.PRIVATE:
        await start_private(update, context)
    else:
        await show_in_group(update.effective_chat.id, context)


def restore(application: Application) -> None:
    """At start-up: the subscriptions' posts, the reminders, and the board of the latest
    days' solve times."""
    restore_subscriptions(application)
    restore_reminders(application)
    rebuild_board(application)


def _claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether an answer is the daily puzzle's: in private, to an attempt; in a group, a
    reply to the chat's daily post."""
    return for_daily(update, context) or group_replies.claims(update, context)


async def _judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge a private attempt's answer; send a group's reply to its daily post to private."""
    if update.effective_chat.type == ChatType.PRIVATE:
        await answer(update, context, text)
    else:
        await group_replies.answer(update, context, text)


def register(application: Application) -> None:
    """/daily, the ``/start daily`` deep link, /subscribe and /unsubscribe, and the answers
    of a daily attempt in private."""
    # A deep link t.me/<bot>?start=daily arrives as "/start daily" in private.
    services(application).deep_links["daily"] = for_messages(start_private)
    services(application).deep_links["stats"] = for_messages(stats_command)
    application.add_handler(CommandHandler("daily", for_messages(daily_command)))
    application.add_handler(CommandHandler("stats", for_messages(stats_command)))
    application.add_handler(CommandHandler("remind", for_messages(remind_command)))
    application.add_handler(
        CallbackQueryHandler(for_buttons(archive_button), pattern=r"^daily:\d{4}-\d{2}-\d{2}$")
    )
    application.add_handler(CommandHandler("subscribe", for_messages(subscribe)))
    application.add_handler(CommandHandler("unsubscribe", for_messages(unsubscribe)))
    route = Route(PRIORITY, _claims, _judge, attempt_open, pictures)
    services(application).answers.add(route)
    services(application).answers.add(Route(SET_ASIDE_PRIORITY, set_aside_claims, answer))
    serve_app(application, "GET", "daily/state", app_daily_state)
    serve_app(application, "GET", "daily", app_daily)
    serve_app(application, "POST", "daily", app_daily_answer)


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """The daily puzzle's section of /help."""
    _ = context._
    return (
        HelpLine(
            Help.OWN_CLOCK,
            10,
            _(
                "<b>The daily puzzle</b>\n"
                "/daily: today's puzzle, the same for everyone; /daily top: its fastest solvers "
                "and longest streaks\n"
                "/stats: your daily numbers and a chart of your times\n"
                "/daily archive: the last seven days, to play the ones you missed (/daily #300, "
                "/daily 2026-11-01); /daily week: this group's week\n"
                "/remind 20:00 [Asia/Shanghai]: a reminder in private\n"
                "/subscribe 09:00 [Asia/Shanghai]: the puzzle posted here every day; /unsubscribe: "
                "no more "
                "(admins in groups)\n"
                "Seven days solved in a row earn a streak freeze (two at most), used up by a "
                "missed day."
            ),
        ),
    )


MENU = (
    MenuEntry(60, "daily", N_("Today's puzzle (/daily top: today's fastest)")),
    MenuEntry(61, "stats", N_("Your daily puzzle statistics and chart")),
    MenuEntry(
        110,
        "subscribe",
        N_("Post the daily puzzle here every day: /subscribe 09:00"),
        Menu.ADMINS,
    ),
    MenuEntry(111, "unsubscribe", N_("Stop the daily post"), Menu.ADMINS),
    MenuEntry(100, "remind", N_("A daily reminder: /remind 20:00, /remind off"), Menu.PRIVATE),
    MenuEntry(
        110, "subscribe", N_("Get the daily puzzle every day: /subscribe 09:00"), Menu.PRIVATE
    ),
    MenuEntry(111, "unsubscribe", N_("Stop the daily post"), Menu.PRIVATE),
)
"""/daily and /stats among the games; a group's admins (and a private chat) subscribe."""


PAGE_VIEW = PageView(Path(__file__).with_name("page"), "daily.js", place=1)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


GAME = Game(
    "daily puzzle",
    (
        # First: a given-up or closed attempt's /stop, /giveup, /daily and /start.
        Handlers(ended_attempts.register, Slot.BEFORE_START),
        Handlers(register, Slot.LAST),
    ),
    restore=restore,
    menu=MENU,
    help=help_lines,
    invitation=INVITATION,
    profile=profile_part,
    work=work.set_up,
    answers_to=ANSWERS_TO,
    aside=aside.ASIDE,
    overview=overview,
    keeps=spoiler_rules.keeps,
    shareable=spoiler_rules.shareable,
    unrecorded=((HAND_SOURCE, spoiler_rules.unrecorded),),
    days=parts.DAYS,
    zone=parts.zone,
    establishes=parts.established,
    group_share=GROUP_SHARE,
    achievements=ACHIEVEMENTS,
    page_texts=words.PAGE_TEXTS,
    page_view=PAGE_VIEW,
)
