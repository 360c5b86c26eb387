"""Achievements: goals in tiers (a daily streak of 7, 30, 100 and 365 days; 10, 100 and 1,000
hands solved...), each earned once, counted from the games' results
(:mod:`bot.rules.results`) by :func:`earn`.  A result the fair-play rules refuse counts for
nothing (docs/design-games.md, *Achievements*)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.results import (
    CountdownExact,
    DailySolved,
    DuelWon,
    GameResult,
    HuntAlone,
    Podium,
    RushScore,
    Solved,
    Trophy,
)


class Family(StrEnum):
    """What a family of achievements counts; its tiers are its :data:`GOALS`."""

    STREAK = "streak"
    """The daily puzzle solved so many days in a row."""
    HANDS = "hands"
    """Hands solved: rounds won, daily puzzles, duels' hands, Rush hands."""
    FAST = "fast"
    """A hand solved in under so many seconds (at or above its floor)."""
    DUELS = "duels"
    """Duels won (rated, played out)."""
    RUSH = "rush"
    """A Rush run's score."""
    EXACT = "exact"
    """Countdown games' targets reached exactly."""
    HUNT = "hunt"
    """Hunts whose every solution one player found alone."""
    PODIUM = "podium"
    """Arenas ended among the first three."""
    ARENA = "arena"
    """Arenas won."""
    SEASON = "season"
    """Seasons' trophies."""


GOALS: dict[Family, tuple[int, ...]] = {
    Family.STREAK: (7, 30, 100, 365),
    Family.HANDS: (10, 100, 1000),
    Family.FAST: (10, 5, 3),
    Family.DUELS: (1, 10, 50),
    Family.RUSH: (20, 30, 40),
    Family.EXACT: (1, 10),
    Family.HUNT: (1,),
    Family.PODIUM: (1,),
    Family.ARENA: (1,),
    Family.SEASON: (1,),
}
"""Each family's tiers, easiest first (seconds for :attr:`Family.FAST`, fewer is harder)."""


@dataclass(frozen=True, slots=True)
class Achievement:
    """One tier of a family: its goal, and its place among the family's tiers (1 first)."""

    family: Family
    goal: int

    @property
    def key(self) -> str:
        """Its saved name, as ``streak_7``."""
        return f"{self.family}_{self.goal}"

    @property
    def tier(self) -> int:
        return GOALS[self.family].index(self.goal) + 1

    def reached(self, value: float | None) -> bool:
        """Whether a player's ``value`` for its family reaches it."""
        if value is None:
            return False
        return value < self.goal if self.family is Family.FAST else value >= self.goal


ALL: tuple[Achievement, ...] = tuple(
    Achievement(family, goal) for family, goals in GOALS.items() for goal in goals
)
"""Every achievement, by family and tier."""
BY_KEY: dict[str, Achievement] = {a.key: a for a in ALL}


@dataclass(slots=True)
class Prize:
    """A trophy won: an arena's podium or a season's, its place and when (the bot's clock)."""

    kind: str
    """``arena`` or ``season``."""
    place: int
    at: float
    season: str = ""


@dataclass(slots=True)
class Achievements:
    """A player's achievements: what counts towards them, and when each was earned (saved
    with the user: ``UserData.achievements``)."""

    earned: dict[str, float] = field(default_factory=dict)
    """Achievement key → when it was earned (the bot's clock)."""
    counts: dict[str, int] = field(default_factory=dict)
    """Family → the player's value: a count, or the best (streak, Rush score)."""
    fastest: float | None = None
    """The fastest hand solved that counts, in seconds."""
    prizes: list[Prize] = field(default_factory=list)
    """Trophies won, oldest first."""

    def value(self, family: Family) -> float | None:
        """The player's value for ``family`` (the fastest solve for :attr:`Family.FAST`)."""
        if family is Family.FAST:
            return self.fastest
        return self.counts.get(family, 0)

    def trophies(self) -> list[Prize]:
        """The trophies among the prizes: an arena's winner's and a season board's first three
        (an arena's second and third places are podiums, not trophies)."""
        return [prize for prize in self.prizes if prize.kind != "arena" or prize.place == 1]

    def has(self, achievement: Achievement) -> bool:
        return achievement.key in self.earned

    def _add(self, family: Family, count: int = 1) -> None:
        self.counts[family] = self.counts.get(family, 0) + count

    def _best(self, family: Family, value: int) -> None:
        self.counts[family] = max(self.counts.get(family, 0), value)

    def _solved(self, seconds: float | None) -> None:
        if seconds is not None and (self.fastest is None or seconds < self.fastest):
            self.fastest = seconds


def earn(achievements: Achievements, result: GameResult, now: float) -> list[Achievement]:
    """Count ``result`` (nothing if it does not count) and return the achievements it earns
    for the first time (each kept as earned ``now``), easiest first."""
    if not result.counts or not result.achievable:
        return []
    match result:
        case DailySolved():
            achievements._add(Family.HANDS)
            achievements._best(Family.STREAK, result.streak)
            achievements._solved(result.seconds)
        case Solved():
            achievements._add(Family.HANDS)
            if not result.hinted:  # a hint gave part of it away: a hand solved, not fast
                achievements._solved(result.seconds)
        case DuelWon():
            achievements._add(Family.DUELS)
        case CountdownExact():
            achievements._add(Family.EXACT)
        case HuntAlone():
            achievements._add(Family.HUNT)
        case RushScore():
            achievements._add(Family.HANDS, result.score)
            achievements._best(Family.RUSH, result.score)
            if result.score:
                achievements._solved(result.best_time)
        case Podium():
            if 1 <= result.place <= 3:
                achievements._add(Family.PODIUM)
                achievements.prizes.append(Prize("arena", result.place, now))
            if result.place == 1:
                achievements._add(Family.ARENA)
        case Trophy():
            achievements._add(Family.SEASON)
            achievements.prizes.append(Prize("season", result.place, now, result.season))
    new = [a for a in ALL if not achievements.has(a) and a.reached(achievements.value(a.family))]
    for achievement in new:
        achievements.earned[achievement.key] = now
    return new


def earned(achievements: Achievements | None) -> list[Achievement]:
    """The achievements earned, by family and tier (keys no longer known are left out)."""
    if achievements is None:
        return []
    return [a for a in ALL if a.key in achievements.earned]


def upcoming(
    achievements: Achievements | None, current: Mapping[Family, float] | None = None
) -> list[tuple[Achievement, float | None]]:
    """Each family's next tier not earned, with the player's value towards it (``current``
    overrides a value: the daily streak as it stands today, not the best counted)."""
    achievements = achievements or Achievements()
    rows = []
    for family, goals in GOALS.items():
        for goal in goals:
            achievement = Achievement(family, goal)
            if not achievements.has(achievement):
                value = (current or {}).get(family, achievements.value(family))
                rows.append((achievement, value))
                break
    return rows
