"""A player's days of the game played by each day's puzzle, and a chat's own time zone, as
the other games and the features ask them (:class:`bot.plug_ins.PuzzleDays`, ``Game.zone``:
the game that keeps them declares how; none declared, a player has no such days)."""

from __future__ import annotations

import datetime as dt

from bot.context import BotContext
from bot.plug_ins import PuzzleDays
from bot.state import ChatData, UserData

NO_DAYS = PuzzleDays(
    result=lambda _user, _day: None,
    given_up=lambda _user, _day: False,
    unplayed=lambda _user, _now: [],
    running=lambda _user: None,
)
"""A player's days where no game declares them: none."""


def days_of(context: BotContext) -> PuzzleDays:
    """The days of the first game that declares them (:attr:`bot.plug_ins.GameOf.days`)."""
    for game in context.bot_data.games:
        if game.days is not None:
            return game.days
    return NO_DAYS


def day_open(context: BotContext, user: UserData, day: dt.date) -> bool:
    """Whether the player may still score ``day``'s puzzle: neither solved nor given up."""
    found = days_of(context)
    return found.result(user, day) is None and not found.given_up(user, day)


def chat_zone(context: BotContext, chat: ChatData | None) -> str | None:
    """The time zone the chat gave a game (the first game's), if any."""
    if chat is None:
        return None
    for game in context.bot_data.games:
        zone = None if game.zone is None else game.zone(chat)
        if zone is not None:
            return zone
    return None
