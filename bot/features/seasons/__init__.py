"""Seasons (issue 40): ``/season`` (this one's boards), ``/season 2026-11`` (an ended
season's final tables), the season's end (:mod:`.closing`) and ``/groups top``
(:mod:`.groups_top`).  A season is a calendar month in the bot's time zone
(:mod:`bot.rules.seasons`)."""

from __future__ import annotations

from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler

from bot.context import BotContext
from bot.features.seasons import closing, groups_top, profile, season_boards
from bot.features.seasons.words import own_trophies, tables_text
from bot.i18n import N_
from bot.play.registry import Feature, Help, HelpLine, MenuEntry
from bot.play.result_listeners import listen
from bot.rules.seasons.calendar import parse_season
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

restore = closing.restore

TROPHIES_SHOWN = 12
"""A player's latest trophies listed under /season in private (the message stays short)."""


async def season_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/season: this season's boards (in private, with the player's trophies); /season
    2026-11: an ended season's final tables."""
    _ = context._
    closing.roll(context)
    data = context.bot_data.global_data
    seasons = data.seasons
    args = context.args or []
    wanted = parse_season(args[0]) if len(args) == 1 else None
    if args and wanted is None:
        context.reply(
            update,
            _("/season: this season's boards; /season 2026-11: the final tables of a season."),
        )
        return
    if wanted is None or wanted == seasons.current:
        ends = closing.ends(context)
        head = _("<b>🗓 Season {season}</b>, until {day} {time} ({zone})").format(
            season=seasons.current,
            day=ends.date().isoformat(),
            time=ends.strftime("%H:%M"),
            zone=context.bot_data.settings.timezone.key,
        )
        tables = seasons.tables(data.off_boards, season_boards.sources(context))
        text = tables_text(context, update, tables, head)
        trophies = context.user_data.trophies
        if update.effective_chat.type == ChatType.PRIVATE and trophies:
            text += "\n\n" + own_trophies(context, trophies[-TROPHIES_SHOWN:])
        context.reply(update, text, key="season")
        return
    if wanted > seasons.current:
        context.reply(
            update,
            _("Season {season} has not begun: /season shows this one.").format(season=wanted),
        )
        return
    kept = seasons.kept.get(wanted)
    if kept is None:
        context.reply(
            update,
            _("No tables are kept for season {season}: nobody was on its boards.").format(
                season=wanted
            ),
        )
        return
    head = _("<b>🏆 Season {season}: the final tables</b>").format(season=wanted)
    context.reply(update, tables_text(context, update, kept, head), key="season")


def register(application: Application) -> None:
    """/season and /groups; the season's boards hear the games' results; the season's
    rank and trophies on the profile."""
    application.add_handler(CommandHandler("season", for_messages(season_command)))
    groups_top.register(application)
    profile.register(application)
    listen(application, closing.hear)


def help_lines(context: BotContext) -> list[HelpLine]:
    """/season's and /groups' line of /help."""
    return [
        HelpLine(
            Help.GAMES,
            65,
            context._(
                "/season: this month's boards; at the month's end their first "
                "three win a trophy and ratings regain uncertainty; /season 2026-11: a past "
                "season's tables. /groups top: this week's groups, for groups their admins "
                "list in /settings"
            ),
        )
    ]


FEATURE = Feature(
    "seasons",
    register,
    menu=(
        MenuEntry(
            75, "season", N_("This month's season: its boards and trophies (/season 2026-11)")
        ),
        MenuEntry(76, "groups", N_("This week's busiest groups: /groups top")),
    ),
    help=help_lines,
)
