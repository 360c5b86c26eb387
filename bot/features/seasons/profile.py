"""The season's part of a player's profile (``/me``, the Mini App's Profile:
:mod:`bot.play.profiles`): their rank on this season's duel board, and their season
trophies, the latest first."""

from __future__ import annotations

from telegram.ext import Application

from bot.context import BotContext
from bot.features.seasons import closing
from bot.features.seasons.words import MEDALS, board_name
from bot.play.profiles import contribute
from bot.play.registry import ProfilePart
from bot.rules.seasons.calendar import season_of
from bot.rules.seasons.tables import (
    SEASON_MIN_OPPONENTS,
    SEASON_MIN_RATED,
    season_rank,
    season_rated,
)
from bot.state import UserData

RANK_POSITION = 5
"""Where the season's rank stands: before the games' parts (the daily puzzle's is 10)."""
TROPHIES_POSITION = 90
"""Where the season's trophies stand: after the games' parts."""
TROPHIES_SHOWN = 3
"""The latest trophies named (the caption stays within Telegram's 1,024 characters)."""


def rank_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart:
    """This season's place on the duel board (as /rating tells it), or how far from it."""
    _ = context._
    season = season_of(context.bot_data.local_now())
    ratings = closing.ratings(context)
    standing = season_rank(ratings, season, user_id)
    if standing is None:
        played = season_rated(ratings.players.get(user_id), season)
        if played >= SEASON_MIN_RATED:  # enough duels, against too few players
            line = _(
                "🗓 Season {season}: rated duels against {needed} different established players "
                "to be ranked"
            ).format(season=season, needed=SEASON_MIN_OPPONENTS)
        else:
            line = _(
                "🗓 Season {season}: {played} of {needed} rated duels against established players "
                "to be ranked"
            ).format(season=season, played=played, needed=SEASON_MIN_RATED)
        return ProfilePart(RANK_POSITION, (line,), (("medal", ""),))
    rank, count = standing
    line = _("🗓 Season {season}: rank {rank} of {count}").format(
        season=season, rank=rank, count=count
    )
    return ProfilePart(RANK_POSITION, (line,), (("medal", f"{rank}/{count}"),))


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
    """The season's parts of every profile."""
    contribute(application, rank_part)
    contribute(application, trophies_part)
