"""A chat's table: its settings, its games by kind (:mod:`bot.rules.seats`), what they keep
beside them (:mod:`bot.rules.table_parts`: a match in progress, the rounds'), and the
scores."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.rules.chat_stats import ChatStats
from bot.rules.seats import Seated
from bot.rules.table_parts import Holding, holding

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
class Table:
    """Everything the game keeps for one chat: its settings, its games by kind (each kind a
    :class:`~bot.rules.seats.Seat` its rules declare), what they keep beside them (each a
    :class:`~bot.rules.table_parts.TablePart` its rules declare) and the scores."""

    settings: GameSettings = field(default_factory=GameSettings)
    games: dict[str, Seated] = field(default_factory=dict)
    """The chat's games by kind (a seat's name): the last of each, over or not."""
    previous: dict[str, Seated] = field(default_factory=dict)
    """The game before the last, of the kinds that keep it
    (:attr:`~bot.rules.seats.Seat.keeps_previous`)."""
    dealt: int = 0
    """How many games of every kind the chat was dealt: each takes the next number."""
    stats: ChatStats = field(default_factory=ChatStats)
    parts: dict[str, object] = field(default_factory=dict)
    """What the games keep beside them, by name (:class:`~bot.rules.table_parts.TablePart`:
    read and set through the part), saved beside the table's own fields."""

    @property
    def game_on(self) -> bool:
        """Whether a game of any kind is on."""
        return any(game.on for game in self.games.values())

    @property
    def held_by(self) -> Holding | None:
        """What holds the table, if anything does: a series of hands (the rounds' match,
        between its hands too) that a new game would break into."""
        return holding(self)

    @property
    def held(self) -> bool:
        """Whether the table is held (:attr:`held_by`): no other game starts in the chat
        until what holds it ends."""
        return holding(self) is not None

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
        of the player's times, as one at a person's pace is); a match's own standings are
        its rules' (:func:`bot.rules.rounds.record_win`)."""
        self.stats.record_win(user_id, name, points, seconds, day, timed=timed)

    def record_no_winner(self) -> None:
        """A hand of the chat's game ended unsolved (revealed, skipped or out of time)."""
        self.stats.record_no_winner()
