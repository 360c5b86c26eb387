"""The parts of a player's profile (``/me``, the Mini App's Profile): each game's, as it
declares it on its ``Game`` (:class:`bot.play.registry.ProfilePart`), and each feature's,
which it adds with :func:`contribute` (the season's rank and trophies): the profile names
neither game nor feature."""

from __future__ import annotations

from telegram.ext import Application

from bot.context import BotContext, services
from bot.play.registry import Profiled, ProfilePart
from bot.rules.achievements import Family
from bot.state import UserData


def contribute(application: Application, part: Profiled) -> None:
    """Have a feature's ``part`` shown on every profile from now on."""
    services(application).profile_parts.append(part)


def parts(context: BotContext, user_id: int, data: UserData) -> list[ProfilePart]:
    """Every game's and feature's part of ``user_id``'s profile (``data``: theirs), by
    position."""
    found = []
    makers = [game.profile for game in context.bot_data.games if game.profile is not None]
    for make in makers + list(context.bot_data.profile_parts):
        made = make(context, user_id, data)
        if isinstance(made, ProfilePart):
            found.append(made)
        elif made is not None:
            found.extend(made)
    return sorted(found, key=lambda part: part.position)


def current(found: list[ProfilePart]) -> dict[Family, float]:
    """The players' values as they stand now that the parts give (the streak today)."""
    return {family: value for part in found for family, value in part.current}
