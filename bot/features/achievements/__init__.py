"""Achievements (issue 40): earned from the games' results once each, saved before told
(:mod:`.earning`), listed with the progress to the next tier by ``/achievements``
(:mod:`.listing`), and shown with the rest of a player's numbers on the profile card of
``/me`` (:mod:`.me`); the rules are :mod:`bot.rules.achievements`."""

from __future__ import annotations

from pathlib import Path

from telegram.ext import Application, CommandHandler

from bot.context import BotContext
from bot.features.achievements.earning import heard
from bot.features.achievements.listing import achievements
from bot.features.achievements.me import me
from bot.features.achievements.miniapp_api import register_page
from bot.features.achievements.words import PAGE_TEXTS
from bot.i18n import N_
from bot.play.registry import Feature, Help, HelpLine, MenuEntry, PageView
from bot.play.result_listeners import listen
from bot.typed_handlers import for_messages


def register(application: Application) -> None:
    """The listener of the games' results, /achievements, /me and the Mini App's profile."""
    listen(application, heard)
    application.add_handler(CommandHandler("achievements", for_messages(achievements)))
    application.add_handler(CommandHandler("me", for_messages(me)))
    register_page(application)


def help_lines(context: BotContext) -> list[HelpLine]:
    """/achievements' and /me's line of /help."""
    return [
        HelpLine(
            Help.GAMES,
            66,
            context._(
                "/achievements: what you earned and how far the next ones are; /me: your "
                "profile card (either as a reply to someone's message: theirs)"
            ),
        )
    ]


PAGE_VIEW = PageView(Path(__file__).with_name("page"), "profile.js", style="profile.css", place=4)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


FEATURE = Feature(
    "achievements",
    register,
    menu=(
        MenuEntry(77, "achievements", N_("Your achievements and the next ones")),
        MenuEntry(78, "me", N_("Your profile card")),
    ),
    help=help_lines,
    page_texts=PAGE_TEXTS,
    page_view=PAGE_VIEW,
)
