"""Players' statistics in one chat: wins, points, times, streaks, and the leaderboards."""

from __future__ import annotations

import datetime as dt
import statistics
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
    hunt_points: int = 0
    """Solutions found first in Solution Hunts (a point each), apart from rounds' points."""
    countdown_points: int = 0
    """Points of Countdown games (10, 7 or 5 by distance), apart from rounds' points."""

    @property
    def median_time(self) -> float | None:
        """The median of the recent winning times."""
        return statistics.median(self.times) if self.times else None


@dataclass(slots=True)
class ChatStats:
    """Every player's record in a chat, updated as rounds end."""

    players: dict[int, PlayerStats] = field(default_factory=dict)
    hunt_best: dict[str, int] = field(default_factory=dict)
    """For each hand hunted here (``"2 4 8 10"``), the most of its solutions found in one hunt."""

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
        player = self.players.setdefault(user_id, PlayerStats(name))
        player.name = name
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

    def record_hunt(self, finds: list[tuple[int, str, int]], hand: str, total: int) -> None:
        """Score a hunt: each finder's (user id, name, solutions found) adds to their hunt
        points, and the best share of the hand found in this chat is kept."""
        for user_id, name, count in finds:
            player = self.players.setdefault(user_id, PlayerStats(name))
            player.name = name
            player.hunt_points += count
        found = sum(count for _user, _name, count in finds)
        if total and found > self.hunt_best.get(hand, 0):
            self.hunt_best[hand] = found

    def record_countdown(self, scores: list[tuple[int, str, int]]) -> None:
        """Score a Countdown game: each player's (user id, name, points) adds to their
        Countdown points."""
        for user_id, name, points in scores:
            player = self.players.setdefault(user_id, PlayerStats(name))
            player.name = name
            player.countdown_points += points

    def countdown_top(self, limit: int = 10) -> list[tuple[int, PlayerStats, int]]:
        """(user id, stats, Countdown points) by those points, for those who have any."""
        rows = [
            (u, p, p.countdown_points) for u, p in self.players.items() if p.countdown_points > 0
        ]
        rows.sort(key=lambda row: (-row[2], row[1].name))
        return rows[:limit]

    def record_no_winner(self) -> None:
        """A round ended with no winner: every streak ends."""
        for player in self.players.values():
            player.streak = 0

    def hunt_top(self, limit: int = 10) -> list[tuple[int, PlayerStats, int]]:
        """(user id, stats, hunt points) by hunt points, for those who have any."""
        rows = [(u, p, p.hunt_points) for u, p in self.players.items() if p.hunt_points > 0]
        rows.sort(key=lambda row: (-row[2], row[1].name))
        return rows[:limit]

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
