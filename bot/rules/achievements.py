"""Achievements: goals in tiers (a daily streak of 7, 30, 100 and 365 days; 10, 100 and 1,000
hands solved...), each earned once, counted from the games' results
(:mod:`bot.rules.results`) by :func:`earn`.  A result the fair-play rules refuse counts for
nothing (docs/design-games.md, *Achievements*).

A game's achievements are its own: its rules declare each family (:func:`declare_family`: its
saved name, tiers and place among the families) and how its results count
(:func:`declare_counting`); what every game's results count (hands solved, the fastest hand)
and the seasons' trophies are declared here.  The catalogue is complete once every game's
rules are imported: ``bot.games`` imports every game's package, which imports its rules (a
test of the rules alone imports the games' rules it counts)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.rules.results import SEASON, GameResult, Solved, Trophy

R = TypeVar("R", bound=GameResult)


@dataclass(frozen=True, slots=True)
class Family:
    """What a family of achievements counts, and its tiers (declared: :func:`declare_family`)."""

    name: str
    """Its saved name (``streak``): its achievements' keys, the counts' keys."""
    goals: tuple[int, ...]
    """Its tiers, easiest first (seconds for :data:`FAST`, fewer is harder)."""
    position: int
    """Where it stands among the families (the lowest first): the order of ``/achievements``
    and of the profile card's badges (docs/adding-a-game.md has the positions taken)."""


FAMILIES: dict[str, Family] = {}
"""Every family declared, by saved name (:func:`families`: in their order)."""


def declare_family(name: str, goals: tuple[int, ...], *, position: int) -> Family:
    """Declares a family of achievements (a game's, in its rules); the family.  A name or a
    position another family has is refused (declared again the same, it is the same)."""
    family = Family(name, goals, position)
    known = FAMILIES.get(name)
    if known is not None:
        if known != family:
            raise ValueError(f"another family of achievements is named {name!r}")
        return known
    if any(other.position == position for other in FAMILIES.values()):
        raise ValueError(f"position {position} is taken among the families of achievements")
    FAMILIES[name] = family
    return family


def families() -> list[Family]:
    """Every family declared, in their order."""
    return sorted(FAMILIES.values(), key=lambda family: family.position)


HANDS = declare_family("hands", (10, 100, 1000), position=20)
"""Hands solved: rounds won, daily puzzles, duels' hands, Rush hands."""
FAST = declare_family("fast", (10, 5, 3), position=30)
"""A hand solved in under so many seconds (at or above its floor)."""
SEASON_TROPHIES = declare_family("season", (1,), position=100)
"""Seasons' trophies (the last family)."""


@dataclass(frozen=True, slots=True)
class Achievement:
    """One tier of a family: its goal, and its place among the family's tiers (1 first)."""

    family: Family
    goal: int

    @property
    def key(self) -> str:
        """Its saved name, as ``streak_7``."""
        return f"{self.family.name}_{self.goal}"

    @property
    def tier(self) -> int:
        return self.family.goals.index(self.goal) + 1

    def reached(self, value: float | None) -> bool:
        """Whether a player's ``value`` for its family reaches it."""
        if value is None:
            return False
        return value < self.goal if self.family is FAST else value >= self.goal


def every() -> list[Achievement]:
    """Every achievement, by family and tier."""
    return [Achievement(family, goal) for family in families() for goal in family.goals]


@dataclass(slots=True)
class Prize:
    """A trophy won: an arena's podium or a season's, its place and when (the bot's clock)."""

    kind: str
    """The name of the game it is of (``arena``), or ``season``."""
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
        """The player's value for ``family`` (the fastest solve for :data:`FAST`)."""
        if family is FAST:
            return self.fastest
        return self.counts.get(family.name, 0)

    def trophies(self) -> list[Prize]:
        """The trophies among the prizes: a season board's first three, and the places of
        a kind its game declared trophies (:func:`declare_trophies`: an arena's winner's;
        its second and third places are podiums, not trophies)."""
        return [p for p in self.prizes if p.place <= TROPHY_PLACES.get(p.kind, p.place)]

    def has(self, achievement: Achievement) -> bool:
        return achievement.key in self.earned

    def add(self, family: Family, count: int = 1) -> None:
        """Count ``count`` more towards ``family``."""
        self.counts[family.name] = self.counts.get(family.name, 0) + count

    def best(self, family: Family, value: int) -> None:
        """Keep ``value`` for ``family`` if it is the player's best."""
        self.counts[family.name] = max(self.counts.get(family.name, 0), value)

    def solved(self, seconds: float | None) -> None:
        """A hand solved in ``seconds`` (None: not timed): kept if the fastest."""
        if seconds is not None and (self.fastest is None or seconds < self.fastest):
            self.fastest = seconds


TROPHY_PLACES: dict[str, int] = {}
"""A prize's kind → the places that are trophies (a kind not declared: every place)."""


def declare_trophies(kind: str, places: int) -> None:
    """Declares which places of a prize's ``kind`` (a game's name) are trophies: the first
    ``places``."""
    TROPHY_PLACES[kind] = places


Counting = Callable[[Achievements, Any, float], None]
"""How a result counts towards a player's achievements (theirs, the result, the bot's clock)."""
COUNTINGS: dict[tuple[type[GameResult], str | None], Counting] = {}
"""A kind of result (and a game's name, or None for any game's) → how it counts."""


def declare_counting(
    kind: type[R], counting: Callable[[Achievements, R, float], None], *, game: str | None = None
) -> None:
    """Declares how results of ``kind`` count (of ``game`` only, else of any game's, but
    where that game declared its own).  A result counts by its own kind's declaration, else
    by the nearest kind it extends (a daily puzzle solved: by its own, not a hand solved's)."""
    COUNTINGS[kind, game] = counting


def _counting_of(result: GameResult) -> Counting | None:
    for kind in type(result).__mro__:
        for game in (result.game, None):
            counting = COUNTINGS.get((kind, game))
            if counting is not None:
                return counting
    return None


def earn(achievements: Achievements, result: GameResult, now: float) -> list[Achievement]:
    """Count ``result`` (nothing if it does not count) and return the achievements it earns
    for the first time (each kept as earned ``now``), easiest first."""
    if not result.counts or not result.achievable:
        return []
    counting = _counting_of(result)
    if counting is not None:
        counting(achievements, result, now)
    new = [
        a for a in every() if not achievements.has(a) and a.reached(achievements.value(a.family))
    ]
    for achievement in new:
        achievements.earned[achievement.key] = now
    return new


def _solved(achievements: Achievements, result: Solved, now: float) -> None:
    achievements.add(HANDS)
    if not result.hinted:  # a hint gave part of it away: a hand solved, not fast
        achievements.solved(result.seconds)


def _trophy(achievements: Achievements, result: Trophy, now: float) -> None:
    achievements.add(SEASON_TROPHIES)
    achievements.prizes.append(Prize(SEASON, result.place, now, result.season))


declare_counting(Solved, _solved)
declare_counting(Trophy, _trophy)


def earned(achievements: Achievements | None) -> list[Achievement]:
    """The achievements earned, by family and tier (keys no longer known are left out)."""
    if achievements is None:
        return []
    return [a for a in every() if a.key in achievements.earned]


def upcoming(
    achievements: Achievements | None, current: Mapping[Family, float] | None = None
) -> list[tuple[Achievement, float | None]]:
    """Each family's next tier not earned, with the player's value towards it (``current``
    overrides a value: the daily streak as it stands today, not the best counted)."""
    achievements = achievements or Achievements()
    rows = []
    for family in families():
        for goal in family.goals:
            achievement = Achievement(family, goal)
            if not achievements.has(achievement):
                value = (current or {}).get(family, achievements.value(family))
                rows.append((achievement, value))
                break
    return rows
