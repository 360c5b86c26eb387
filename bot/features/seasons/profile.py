"""The season's part of a player's profile (``/me``, the Mini App's Profile:
:mod:`bot.play.profiles`): their season trophies, the latest first (their rank on this
season's duel board is the duels' part)."""

from __future__ import annotations

from telegram.ext import Application

from bot.context import BotContext
from bot.features.seasons.words import MEDALS, board_name
from bot.play.profiles import contribute
from bot.play.registry import ProfilePart
from bot.state import UserData

TROPHIES_POSITION = 90
"""Where the season's trophies stand: after the games' parts."""
TROPHIES_SHOWN = 3
"""The latest trophies named (the caption stays within Telegram's 1,024 characters)."""


def trophies_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart | None:
    """The player's season trophies, the latest first (none: no line)."""
    trophies = data.trophies
    if not trophies:
        return None
    items = [
        context._("{medal} {season}, {board}").format(
            medal=MEDALS.get(trophy.place, "🏆"),
            season=trophy.season,
            board=board_name(context, trophy.board),
        )
        for trophy in reversed(trophies[-TROPHIES_SHOWN:])
    ]
    more = len(trophies) - len(items)
    if more:
        items.append(
            context.ngettext("… and {count} more", "… and {count} more", more).format(count=more)
        )
    line = context._("🏅 Season trophies ({count}): {trophies}").format(
        count=len(trophies), trophies="; ".join(items)
    )
    return ProfilePart(TROPHIES_POSITION, (line,))


def register(application: Application) -> None:
    """The season's part of every profile."""
    contribute(application, trophies_part)
