"""The duels' parts of a player's profile (``/me``, the Mini App's Profile:
:mod:`bot.play.profiles`): their duel rating and rank, and their rank on this season's duel
board (as /rating tells it), or how far they are from it."""

from __future__ import annotations

from bot.context import BotContext
from bot.games.duel.parts import RATINGS
from bot.play.registry import ProfilePart
from bot.rules.duel.rated_season import (
    SEASON_MIN_OPPONENTS,
    SEASON_MIN_RATED,
    season_rank,
    season_rated,
)
from bot.rules.seasons.calendar import season_of
from bot.state import UserData

POSITION = 1
"""Where the duel rating stands: first, under the player's name (/me's fastest hand is 2)."""
RANK_POSITION = 5
"""Where the season's rank stands: before the other games' parts (the daily puzzle's is 10)."""


def profile(context: BotContext, user_id: int, data: UserData) -> tuple[ProfilePart, ...]:
    """The duels' parts: the rating, then the season's rank (standing apart)."""
    return rating_part(context, user_id), season_part(context, user_id)


def rating_part(context: BotContext, user_id: int) -> ProfilePart:
    """The player's duel rating as told, and as drawn on the card's star (``""``: none)."""
    _ = context._
    ratings = RATINGS.get(context.bot_data.global_data)
    player = ratings.players.get(user_id)
    if player is None or not player.rated:
        return ProfilePart(POSITION, (_("⚔️ Duel rating: no rated duels yet"),), (("star", ""),))
    shown = f"{player.shown.points} ± {player.shown.plus_minus}"
    rank = ratings.rank(user_id)
    if rank is None:
        line = _("⚔️ Duel rating: {rating}").format(rating=shown)
    else:
        line = _("⚔️ Duel rating: {rating}, rank {rank} of {count}").format(
            rating=shown, rank=rank, count=ratings.ranked()
        )
    return ProfilePart(POSITION, (line,), (("star", shown),))


def season_part(context: BotContext, user_id: int) -> ProfilePart:
    """This season's place on the duel board (as /rating tells it), or how far from it."""
    _ = context._
    season = season_of(context.bot_data.local_now())
    ratings = RATINGS.get(context.bot_data.global_data)
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
