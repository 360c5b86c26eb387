"""Rush's part of a player's profile (``/me``: :mod:`bot.play.registry`, ``ProfilePart``):
their best run."""

from __future__ import annotations

from bot.context import BotContext
from bot.games.rush.parts import RUSH_RECORDS
from bot.play.registry import ProfilePart
from bot.state import UserData

POSITION = 20
"""Where it stands on the profile: after the daily puzzle's."""


def profile_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart:
    """The player's best run (its score), if they have one."""
    runs = RUSH_RECORDS.of(data)
    best = None if runs is None else runs.best
    if best is None:
        return ProfilePart(POSITION, (), (("arrows", ""),))
    line = context._("🏃 Best Rush run: {score}").format(score=best.score)
    return ProfilePart(POSITION, (line,), (("arrows", str(best.score)),))
