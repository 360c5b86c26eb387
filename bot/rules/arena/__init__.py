"""Arenas: a tournament in a group, played by each player at their own pace in private
(the rules, no Telegram: :mod:`.tournament` the arena and its players, :mod:`.points` its
points, :mod:`.standings` who leads, :mod:`.schedule` arenas to come, :mod:`.command` what
``/arena`` is asked, :mod:`.start_vote` who may start one).  The reasoning is
docs/design-games.md's *Arenas*."""

from bot.rules.arena.schedule import ANNOUNCE_BEFORE, Repeat, Schedule
from bot.rules.arena.standings import (
    CONTESTED,
    Row,
    contested,
    counted,
    newcomers,
    podium,
    standings,
    top,
    winner,
)
from bot.rules.arena.tournament import (
    DEFAULT_MINUTES,
    HAND_SECONDS,
    MAX_MINUTES,
    MAX_PLAYERS,
    MIN_MINUTES,
    Arena,
    ArenaOutcome,
    Deal,
    Player,
    Refusal,
    level_of,
)

__all__ = [
    "ANNOUNCE_BEFORE",
    "CONTESTED",
    "DEFAULT_MINUTES",
    "HAND_SECONDS",
    "MAX_MINUTES",
    "MAX_PLAYERS",
    "MIN_MINUTES",
    "Arena",
    "ArenaOutcome",
    "Deal",
    "Player",
    "Refusal",
    "Repeat",
    "Row",
    "Schedule",
    "contested",
    "counted",
    "level_of",
    "newcomers",
    "podium",
    "standings",
    "top",
    "winner",
]
