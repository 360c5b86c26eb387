"""Other games' timed attempts on the ladder: a listener of game results
(:mod:`bot.play.result_listeners`) that records each one that counts, as the ladder's own are.
Which results it takes, and why, is docs/design-ladder.md's *The ladder on Telegram*."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.context import BotContext
from bot.games.ladder import levels, play
from bot.games.ladder.parts import LADDER_RATINGS
from bot.rules.daily.puzzle import DAILY_GAME
from bot.rules.duel.race import DUEL_GAME
from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import Change, Ladder
from bot.rules.ladder.training import level_of, prior_of, rates_player
from bot.rules.results import GameResult, HandPlayed, Missed, Outpaced, Solved
from bot.rules.rounds import ROUND_GAME
from bot.rules.rush.result import RUSH_GAME

logger = logging.getLogger(__name__)

TIMED = (ROUND_GAME, DAILY_GAME, RUSH_GAME, DUEL_GAME)
"""The games whose attempts are timed from a hand's delivery: a round or a Rush run (in
private, one player's; in a group, a race), a duel's hand (a race), the daily puzzle's first
attempt.  A race's win comes with its others' censored results (:class:`Outpaced`): alone,
the fastest of several would rate every hand easy."""


def _attempt(result: GameResult) -> tuple[tuple[int, ...], int, float | None, bool]:
    """The hand, target, time (None: missed) and whether hinted of a result the ladder
    takes; an empty hand for any other."""
    if not result.counts or result.game not in TIMED:
        return (), 0, None, False
    if isinstance(result, Solved):
        return result.hand, result.target, result.seconds, result.hinted
    if isinstance(result, HandPlayed):
        return result.hand, result.target, result.seconds, False
    if isinstance(result, Missed):
        return result.hand, result.target, None, False
    return (), 0, None, False


def _level(context: BotContext, hand: tuple[int, ...], target: int) -> int | None:
    """The model's level of a hand in the level table of its card count and target (the
    one its deal used): None for a hand of no level there (no solution, or not in the
    table), level 3 while that table is not in memory."""
    if not hand:
        return None
    if rates_player(hand, target):
        return level_of(hand)
    table = context.bot_data.solving.known_levels(len(hand), target)
    if table is None:
        return 3
    return table.levels.get(tuple(sorted(hand))) or None


def heard(context: BotContext, chat_id: int | None, results: Sequence[GameResult]) -> list[str]:
    """Record each result the ladder takes (the player's puzzle rating, and the hand's once
    the player is established), saved at once; nothing is added to the game's message.  A
    race's censored results count only beside a win that counts here (or a time-up)."""
    ladder = LADDER_RATINGS.get(context.bot_data.global_data)
    rows: dict[tuple[str, object], object] = {}
    moved: list[str] = []
    refused = False
    for result in results:
        if isinstance(result, Outpaced):
            continue
        hand, target, seconds, hinted = _attempt(result)
        level = _level(context, hand, target)
        if level is None:  # a hand of no level: not rated
            refused |= isinstance(result, Solved | HandPlayed)
            continue
        change = play.attempt(
            context,
            result.player,
            hand,
            target,
            seconds,
            prior=prior_of(hand, level),
            hinted=hinted,
            rates_player=rates_player(hand, target),
        )
        refused |= seconds is not None and not change.counted
        _kept(ladder, rows, moved, result.player, hand, target, change)
    if not refused:
        _outpaced(context, rows, moved, results)
    write_now = context.bot_data.write_now
    if rows and write_now is not None and not write_now(rows):
        logger.warning("The ladder's ratings from other games are not saved yet")
    levels.tell(context.bot_data, moved)
    return []


def _outpaced(
    context: BotContext,
    rows: dict[tuple[str, object], object],
    moved: list[str],
    results: Sequence[GameResult],
) -> None:
    """A race's censored results, by hand and time (one race a publication)."""
    ladder = LADDER_RATINGS.get(context.bot_data.global_data)
    races: dict[tuple[tuple[int, ...], int, float], list[int]] = {}
    for result in results:
        if isinstance(result, Outpaced) and result.counts and result.game in TIMED:
            race = (result.hand, result.target, result.seconds)
            races.setdefault(race, []).append(result.player)
    for (hand, target, seconds), players in races.items():
        level = _level(context, hand, target)
        if level is None:
            continue
        changes = ladder.outpaced(
            players,
            hand,
            target,
            seconds,
            prior=prior_of(hand, level),
            rates_player=rates_player(hand, target),
        )
        for user_id, change in changes.items():
            _kept(ladder, rows, moved, user_id, hand, target, change)


def _kept(
    ladder: Ladder,
    rows: dict[tuple[str, object], object],
    moved: list[str],
    user_id: int,
    hand: tuple[int, ...],
    target: int,
    change: Change,
) -> None:
    """The rows an attempt changed, to save; the hand's key if its rating moved."""
    if change.counted:
        rows["ladder-player", (user_id,)] = ladder.players[user_id]
    key = hand_key(hand, target)
    if change.hand_moved:
        rows["ladder-hand", (key,)] = ladder.hands[key]
        moved.append(key)
