"""The daily puzzle's part of a player's profile (``/me``: :mod:`bot.play.registry`,
``ProfilePart``): the streak and its best, the best time."""

from __future__ import annotations

from bot.context import BotContext
from bot.games.daily.parts import DAILY_RECORD
from bot.play.registry import ProfilePart
from bot.rules.daily.days import clock_text
from bot.rules.daily.puzzle import STREAK
from bot.state import UserData

POSITION = 10
"""Where it stands on the profile: first of the games' parts."""


def profile_part(context: BotContext, user_id: int, data: UserData) -> ProfilePart:
    """The player's streak as it stands today, its best, and their fastest daily (archive
    replays are kept apart and count for nothing here)."""
    _ = context._
    streak = DAILY_RECORD.get(data).streak_on(context.today())
    times = [result.seconds for result in DAILY_RECORD.get(data).results.values()]
    best = min(times) if times else None
    lines = [
        _("🔥 Daily streak: {current} (best {best})").format(
            current=streak.current, best=streak.best
        )
    ]
    if best is not None:
        lines.append(_("⏱ Best daily time: {time}").format(time=clock_text(best)))
    return ProfilePart(
        POSITION,
        tuple(lines),
        (
            ("flame", f"{streak.current} / {streak.best}" if streak.best else ""),
            ("clock", clock_text(best) if best is not None else ""),
        ),
        ((STREAK, streak.current),),
    )
