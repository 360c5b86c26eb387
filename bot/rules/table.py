"""A chat's table: its settings, its games by kind (:mod:`bot.rules.seats`), a match in
progress, and the scores."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.rules.chat_stats import ChatStats
from bot.rules.seats import Seated

TIME_LIMITS = (0, 30, 60, 120, 300)
"""Time limits a chat may choose, in seconds (0: untimed)."""
UNTIMED_WORDS = frozenset({"untimed", "none", "nolimit", "off", "不计时", "不限", "不限时"})
"""What players may type for no time limit, in either language (lowercase, spaces left out:
"no limit"): the settings' word for it, and the ones players reach for."""
DECKS = ((1, 10), (1, 13))
CARD_COUNTS = (3, 4, 5, 6)
DIFFICULTIES = (None, "easy", "medium", "hard")
DIFFICULTY_WORDS = {
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "简单": "easy",
    "中等": "medium",
    "困难": "hard",
}
"""What players may type after /play for a difficulty, in either language."""
MAX_MATCH = 20


@dataclass(slots=True)
class GameSettings:
    """How a chat plays (changed by its admins with /settings)."""

    deck: tuple[int, int] = (1, 13)
    difficulty: str | None = None
    time_limit: int = 120
    target: int = 24
    cards: int = 4
    unsolvable: bool = False
    """Whether hands with no solution may be dealt ("no solution" then wins)."""
    times: dict[str, int] = field(default_factory=dict)
    """Seconds of a game started with no time of its own, by the game's name (a game's own
    setting of the chat: Countdown's is ``countdown``, 10 to 300); a game not listed here
    takes its own default."""


@dataclass(slots=True)
class Match:
    """Several hands of the chat's game in a row, with their own standings."""

    hands: int
    played: int = 0
    starter: int | None = None
    """Who started the match: they may stop it alone (see :mod:`bot.rules.votes`)."""
    points: dict[int, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """Whether every hand of the match has been played."""
        return self.played >= self.hands

    def standings(self) -> list[tuple[str, int]]:
        """(name, points), best first."""
        rows = [(self.names[u], p) for u, p in self.points.items()]
        return sorted(rows, key=lambda row: (-row[1], row[0]))

    def winners(self) -> tuple[list[str], int]:
        """The names of the match's winner (several in a tie) and their points; no names
        when nobody scored."""
        standings = self.standings()
        if not standings:
            return [], 0
        best = standings[0][1]
        return [name for name, points in standings if points == best], best


@dataclass(slots=True)
class Table:
    """Everything the game keeps for one chat: its settings, its games by kind (each kind a
    :class:`~bot.rules.seats.Seat` its rules declare), a match and the scores."""

    settings: GameSettings = field(default_factory=GameSettings)
    games: dict[str, Seated] = field(default_factory=dict)
    """The chat's games by kind (a seat's name): the last of each, over or not."""
    previous: dict[str, Seated] = field(default_factory=dict)
    """The game before the last, of the kinds that keep it
    (:attr:`~bot.rules.seats.Seat.keeps_previous`)."""
    dealt: int = 0
    """How many games of every kind the chat was dealt: each takes the next number."""
    match: Match | None = None
    stats: ChatStats = field(default_factory=ChatStats)

    @property
    def game_on(self) -> bool:
        """Whether a game of any kind is on."""
        return any(game.on for game in self.games.values())

    def start_match(self, hands: int, starter: int | None = None) -> Match:
        """Begin a match of ``hands`` hands (1 to :data:`MAX_MATCH`) for ``starter``."""
        self.match = Match(max(1, min(hands, MAX_MATCH)), starter=starter)
        return self.match

    def record_win(
        self,
        points: int,
        seconds: float,
        user_id: int,
        name: str,
        day: dt.date,
        *,
        timed: bool = True,
    ) -> None:
        """Score a hand of the chat's game just won, in ``seconds`` (``timed``: its time is one
        of the player's times, as one at a person's pace is)."""
        self.stats.record_win(user_id, name, points, seconds, day, timed=timed)
        if self.match is not None:
            self.match.played += 1
            self.match.points[user_id] = self.match.points.get(user_id, 0) + points
            self.match.names[user_id] = name

    def record_no_winner(self) -> None:
        """A hand of the chat's game ended unsolved (revealed, skipped or out of time)."""
        self.stats.record_no_winner()
        if self.match is not None:
            self.match.played += 1
