"""The duels' part of a player's profile (``/me``, the Mini App's Profile:
:mod:`bot.play.profiles`): their rank on this season's duel board (as /rating tells it), or
how far they are from it."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.registry import ProfilePart
from bot.rules.duel.rated_season import (
    SEASON_MIN_OPPONENTS,
    SEASON_MIN_RATED,
    season_rank,
    season_rated,
)
from bot.rules.seasons.calendar import season_of
from bot.state import UserData

RANK_POSITION = 5
"""Where the season's rank stands: before the other games' parts (the daily puzzle's is 10)."""


def profile_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart:
    """This season's place on the duel board (as /rating tells it), or how far from it."""
    _ = context._
    season = season_of(context.bot_data.local_now())
    ratings = context.bot_data.global_data.ratings
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
