"""What other games do with a game's solve: the button a private solve offers under its
announcement (a challenge to send a friend: :attr:`bot.play.registry.Game.offer`), and the
end of a day's puzzle told to the games that play on it (a friend's challenge of that
puzzle: :attr:`~bot.play.registry.Game.puzzle_ended`)."""

from __future__ import annotations

import datetime as dt

from telegram import InlineKeyboardMarkup

from bot.context import BotContext


def offer_markup(
    context: BotContext,
    user_id: int,
    hand: tuple[int, ...],
    target: int,
    seconds: float,
    day: dt.date | None = None,
) -> InlineKeyboardMarkup | None:
    """The button under a solve of ``hand`` in ``seconds`` (``day``: a day's puzzle): the
    first game's that offers one (None: none does)."""
    for game in context.bot_data.games:
        if game.offer is not None:
            return game.offer(context, user_id, hand, target, seconds, day)
    return None


def puzzle_ended(
    context: BotContext,
    user_id: int,
    day: dt.date,
    seconds: float | None,
    *,
    too_fast: bool = False,
) -> str | None:
    """A player's attempt at ``day``'s puzzle ended: solved in ``seconds``, or given up
    (None).  A game that plays on it ends its play with it; the line to tell the player
    (None: no game played on it)."""
    for game in context.bot_data.games:
        if game.puzzle_ended is not None:
            line = game.puzzle_ended(context, user_id, day, seconds, too_fast)
            if line is not None:
                return line
    return None
