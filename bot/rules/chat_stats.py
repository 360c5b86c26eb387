"""Players' statistics in one chat: wins, points, times, streaks, and the leaderboards; the
points of a chat's other games (:class:`GamePoints`: a game's own part of the chat's data,
declared in its package, of its rules' type) are kept apart from the rounds', by each game."""

from __future__ import annotations

import datetime as dt
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

TIMES_KEPT = 200
"""Winning times kept per player (for the median); the best time is kept apart."""


def week_of(day: dt.date) -> str:
    """The ISO week a day belongs to, e.g. ``2026-W47`` (weeks start on Monday)."""
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


@dataclass(slots=True)
class PlayerStats:
    """One player's record in one chat."""

    name: str
    wins: int = 0
    points: int = 0
    best_time: float | None = None
    times: list[float] = field(default_factory=list)
    streak: int = 0
    """Rounds of this chat won in a row by this player."""
    best_streak: int = 0
    weekly_points: dict[str, int] = field(default_factory=dict)

    @property
    def median_time(self) -> float | None:
        """The median of the recent winning times."""
        return statistics.median(self.times) if self.times else None


@dataclass(slots=True)
class ChatStats:
    """Every player's record in a chat, updated as rounds end."""

    players: dict[int, PlayerStats] = field(default_factory=dict)
    """Everyone who played here, a round or another game (whose points are its own)."""

    def met(self, user_id: int, name: str) -> PlayerStats:
        """A player's record here (made if none), under the name they play by now: the name
        every board of the chat shows, the rounds' and the other games'."""
        player = self.players.setdefault(user_id, PlayerStats(name))
        player.name = name
        return player

    def record_win(
        self,
        user_id: int,
        name: str,
        points: int,
        seconds: float,
        day: dt.date,
        *,
        timed: bool = True,
    ) -> None:
        """Score a won round: the winner's streak grows, everyone else's ends; its time is
        kept (best and median) only when ``timed``: a win faster than a person's pace is no
        best time, as on ``/me`` (docs/fair-play.md, *A person's pace*)."""
        player = self.met(user_id, name)
        player.wins += 1
        player.points += points
        week = week_of(day)
        player.weekly_points[week] = player.weekly_points.get(week, 0) + points
        if timed:
            player.times = [*player.times, seconds][-TIMES_KEPT:]
            best = player.best_time
            player.best_time = seconds if best is None else min(best, seconds)
        for other_id, other in self.players.items():
            if other_id != user_id:
                other.streak = 0
        player.streak += 1
        player.best_streak = max(player.best_streak, player.streak)

    def record_no_winner(self) -> None:
        """A round ended with no winner: every streak ends."""
        for player in self.players.values():
            player.streak = 0

    def top(
        self, *, week: str | None = None, limit: int = 10
    ) -> list[tuple[int, PlayerStats, int]]:
        """(user id, stats, points) by points: all time, or in one ISO ``week``."""
        rows = [
            (user_id, player, player.points if week is None else player.weekly_points.get(week, 0))
            for user_id, player in self.players.items()
        ]
        rows = [row for row in rows if row[2] > 0]
        rows.sort(key=lambda row: (-row[2], -row[1].wins, row[1].name))
        return rows[:limit]


@dataclass(slots=True)
class GamePoints:
    """A game's points in a chat, apart from the rounds' (the type of a game's part of the
    chat's data, or the base of its rules' own: Solution Hunt's, Countdown's); who scored them
    is among the chat's players (:meth:`ChatStats.met`), by the name the boards show."""

    points: dict[int, int] = field(default_factory=dict)
    """Each player's points of the game here, by user id (none: no points)."""

    def add(self, stats: ChatStats, scores: Iterable[tuple[int, str, int]]) -> None:
        """Score a game: each player's (user id, name, points) adds to their points, and
        each is one of the chat's players, by that name."""
        for user_id, name, points in scores:
            stats.met(user_id, name)
            if points:
                self.points[user_id] = self.points.get(user_id, 0) + points

    def of(self, user_id: int) -> int:
        """A player's points of the game here."""
        return self.points.get(user_id, 0)

    def top(self, stats: ChatStats, limit: int = 10) -> list[tuple[int, PlayerStats, int]]:
        """(user id, stats, points of the game) by those points, for those who have any."""
        rows = [(u, p, points) for u, p in stats.players.items() if (points := self.of(u)) > 0]
        rows.sort(key=lambda row: (-row[2], row[1].name))
        return rows[:limit]
