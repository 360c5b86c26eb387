"""The games' parts of a player's profile, as each game declares it on its ``Game``
(:class:`bot.play.registry.ProfilePart`): this feature names no game."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.registry import ProfilePart, games_of
from bot.rules.achievements import Family
from bot.state import UserData


def parts(context: BotContext, data: UserData) -> list[ProfilePart]:
    """Every game's part of ``data``'s profile, by position."""
    found = []
    for game in games_of(context.bot_data):
        part = game.profile(context, data) if game.profile is not None else None
        if part is not None:
            found.append(part)
    return sorted(found, key=lambda part: part.position)


def current(found: list[ProfilePart]) -> dict[Family, float]:
    """The players' values as they stand now that the games' parts give (the streak today)."""
    return {family: value for part in found for family, value in part.current}
