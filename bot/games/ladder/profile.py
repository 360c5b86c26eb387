"""The ladder's part of a player's profile (``/me``: :mod:`bot.play.registry`,
``ProfilePart``): their puzzle rating, once they trained."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.context import BotContext
from bot.games.ladder.parts import LADDER_RATINGS
from bot.play.registry import ProfilePart
from bot.rules.ladder.puzzle_rating import BOARD_MIN_RESULTS
from bot.state import UserData

if TYPE_CHECKING:
    from PIL import ImageDraw  # an annotation only: Pillow loads when the card is drawn

POSITION = 30
"""Where it stands on the profile: after Rush's."""
WOOD = (150, 90, 50)


def ladder_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Its tile's icon on the profile card: a ladder, two rails and four rungs
    (:data:`bot.services.pictures.Drawing`)."""
    for dx in (-r * 0.5, r * 0.5):
        draw.line([cx + dx, cy - r, cx + dx, cy + r], fill=WOOD, width=5)
    for step in range(4):
        y = cy - r * 0.75 + step * r * 0.5
        draw.line([cx - r * 0.5, y, cx + r * 0.5, y], fill=WOOD, width=4)


def profile_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart:
    """The player's puzzle rating and hands counted (a dash before their first)."""
    player = LADDER_RATINGS.get(context.bot_data.global_data).players.get(user_id)
    if player is None or not player.results:
        line = context._("🪜 Puzzle rating: not yet (/train in private)")
        return ProfilePart(POSITION, (line,), ((ladder_icon, ""),))
    if player.results >= BOARD_MIN_RESULTS:
        line = context.ngettext(
            "🪜 Puzzle rating: {rating} ({count} hand)",
            "🪜 Puzzle rating: {rating} ({count} hands)",
            player.results,
        ).format(rating=player.shown, count=player.results)
    else:
        line = context._(
            "🪜 Puzzle rating: {rating} ({count} of {needed} hands to be ranked)"
        ).format(rating=player.shown, count=player.results, needed=BOARD_MIN_RESULTS)
    return ProfilePart(POSITION, (line,), ((ladder_icon, str(player.shown)),))
