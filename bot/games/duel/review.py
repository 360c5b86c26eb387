"""The duels' section of the owner's fair-play review (``/admin fairplay``): the week's
duels with the fastest won hands, each hand's time and winner; and the players the owner
takes off the duel board and puts back (their ratings marked)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from bot.context import BotContext
from bot.games.duel.parts import DUELS, RATING_ROWS, RATINGS
from bot.play.registry import PlayerBoards
from bot.rules.duel.lobby import PastDuel, fastest_duels
from bot.rules.weeks import week_start

TIMES_SHOWN = 12
"""Hands listed for a duel (its first ones), so that the list fits a message."""


def _line(duel: PastDuel) -> str:
    first, second = duel.players
    hands = ", ".join(
        "–" if hand.winner is None else f"{hand.seconds:.1f} ({hand.winner})"
        for hand in duel.hands[:TIMES_SHOWN]
    )
    return f"{first} – {second}: {duel.score[0]}–{duel.score[1]} · {hands}"


def review(context: BotContext, today: dt.date) -> list[str]:
    """The week's duels with a hand won (since Monday, UTC), the fastest first."""
    _ = context._
    monday = dt.datetime.combine(week_start(today), dt.time(), dt.UTC).timestamp()
    duels = fastest_duels(DUELS.get(context.bot_data.global_data).history, monday)
    lines = [_("<b>Duels</b> (each hand's time and winner)")]
    return lines + (
        [f"{place}. {_line(d)}" for place, d in enumerate(duels, start=1)] or [_("None this week.")]
    )


def _holds(context: BotContext, user_id: int) -> bool:
    return user_id in RATINGS.get(context.bot_data.global_data).players


def _marked(off: bool) -> Callable[[BotContext, int], dict[str, list[Any]]]:
    """Mark a player's rating off the boards (``off``) or back on them: the row to save."""

    def mark(context: BotContext, user_id: int) -> dict[str, list[Any]]:
        rating = RATINGS.get(context.bot_data.global_data).players.get(user_id)
        if rating is None:
            return {}
        rating.off_boards = off
        return {RATING_ROWS.kind: [user_id]}

    return mark


PLAYERS = PlayerBoards(holds=_holds, take_off=_marked(True), put_back=_marked(False))
"""The duel board's players, as the owner takes one off (still rated, on no board)."""
