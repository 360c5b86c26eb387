"""A player's standing: whether they are *established*, the one notion the results that
leave a chat (an arena's trophy and podium, /groups top's arenas played) ask of a player,
so that accounts made for the purpose buy nothing.  A player is established on a day once
any game's play establishes them (``Game.establishes``): the daily puzzle solved at a
person's pace on 3 days before it (:mod:`bot.rules.daily.established`), or established in
duels (:meth:`bot.rules.duel.rating.PlayerRating.established`: five played-out duels against
five players, over a week).  Both cost days of play at a person's pace, which a throwaway
account does not have.  What it prevents and what it costs a newcomer:
docs/fair-play.md, *Established players*."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from bot.context import BotContext


def established(context: BotContext, player: int, day: dt.date) -> bool:
    """Whether ``player`` is established on ``day`` (by any game: see the module)."""
    return any(
        game.establishes(context, player, day)
        for game in context.bot_data.games
        if game.establishes is not None
    )


def established_of(context: BotContext, players: Iterable[int]) -> frozenset[int]:
    """The ``players`` established today."""
    today = context.today()
    return frozenset(player for player in players if established(context, player, today))
