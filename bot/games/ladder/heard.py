"""Other games' timed attempts on the ladder: a listener of game results
(:mod:`bot.play.result_listeners`) that records each one that counts, as the ladder's own are.
Which results it takes, and why, is docs/design-games.md's *The ladder on Telegram*."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.context import BotContext
from bot.games.ladder import levels
from bot.rules.hand_records import hand_key
from bot.rules.ladder.training import TARGET, level_of, prior_of
from bot.rules.pace import floor_of
from bot.rules.results import Game, GameResult, HandPlayed, Missed, Solved

logger = logging.getLogger(__name__)

ONE_PLAYER = (Game.ROUND, Game.DAILY, Game.RUSH)
"""The games whose attempts are one player's alone (a round or a Rush run in private, the
daily puzzle's first attempt): a race's time is the fastest of several, and its losers'
attempts are never told, so a duel's hands and a group's rounds would rate every hand easy."""


def _attempt(chat_id: int | None, result: GameResult) -> tuple[tuple[int, ...], float | None, bool]:
    """The hand, time (None: missed) and whether hinted of a result the ladder takes; an
    empty hand for any other."""
    if not result.counts or result.game not in ONE_PLAYER:
        return (), None, False
    if result.game is not Game.DAILY and (chat_id is None or chat_id < 0):
        return (), None, False
    if isinstance(result, Solved) and result.target == TARGET:
        return result.hand, result.seconds, result.hinted
    if isinstance(result, HandPlayed) and result.target == TARGET:
        return result.hand, result.seconds, False
    if isinstance(result, Missed) and result.target == TARGET:
        return result.hand, None, False
    return (), None, False


def heard(context: BotContext, chat_id: int | None, results: Sequence[GameResult]) -> list[str]:
    """Record each result the ladder takes (the player's puzzle rating, and the hand's once
    the player is established), saved at once; nothing is added to the game's message."""
    ladder = context.bot_data.global_data.ladder
    rows: dict[tuple[str, object], object] = {}
    moved: list[str] = []
    for result in results:
        hand, seconds, hinted = _attempt(chat_id, result)
        if level_of(hand) is None:  # not one of the ladder's hands
            continue
        change = ladder.record(
            result.player,
            hand,
            TARGET,
            seconds,
            day=context.today(),
            prior=prior_of(hand),
            floor=floor_of(hand, TARGET),
            hinted=hinted,
        )
        if change.counted:
            rows["ladder-player", (result.player,)] = ladder.players[result.player]
        key = hand_key(hand, TARGET)
        if change.hand_moved:
            rows["ladder-hand", (key,)] = ladder.hands[key]
            moved.append(key)
    write_now = context.bot_data.write_now
    if rows and write_now is not None and not write_now(rows):
        logger.warning("The ladder's ratings from other games are not saved yet")
    levels.tell(context.bot_data, moved)
    return []
