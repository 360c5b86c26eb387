"""The duels' part of a player's profile (``/me``): their duel rating and rank."""

from __future__ import annotations

from bot.context import BotContext
from bot.games.duel.parts import RATINGS
from bot.play.registry import ProfilePart
from bot.state import UserData

POSITION = 1
"""Where the duel rating stands: first, under the player's name (/me's fastest hand is 2)."""


def profile(context: BotContext, user_id: int, _data: UserData) -> ProfilePart:
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
