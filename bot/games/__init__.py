"""The games, a package each: its handlers, its answers, its words (its rules are in bot.rules).
Each declares itself once (its ``GAME``); :data:`GAMES` registers them, a line each."""

from __future__ import annotations

from bot.games import challenges, countdown, daily, duel, hunt, ladder, practice, rounds, rush
from bot.play.registry import Game

GAMES: tuple[Game, ...] = (
    daily.GAME,
    challenges.GAME,
    ladder.GAME,  # before the rounds: a training's /skip and /stop
    rush.GAME,
    hunt.GAME,
    countdown.GAME,
    rounds.GAME,
    duel.GAME,
    practice.GAME,
)
"""Every game.  Within each :class:`~bot.play.registry.Slot`, their handlers are registered
in this order (a Rush run's /skip and /stop, a solo hunt's or Countdown game's /stop and
/giveup, before the rounds'), and their restores run in it."""
