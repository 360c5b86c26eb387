"""A chat's game: its settings, the current round, a match in progress, and the scores."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.rules.chat_stats import ChatStats
from bot.rules.countdown import DEFAULT_SECONDS as DEFAULT_COUNTDOWN_SECONDS
from bot.rules.countdown import Countdown
from bot.rules.hands import HandFacts
from bot.rules.hunt import Hunt
from bot.rules.rounds import Outcome, Phase, Round
from bot.rules.rush.chat_run import ChatRush
from bot.rules.rush.run import Deal

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
    countdown_time: int = DEFAULT_COUNTDOWN_SECONDS
    """Seconds of a Countdown game started with no time of its own (10 to 300)."""


@dataclass(slots=True)
class Match:
    """Several rounds in a row, with their own standings."""

    rounds: int
    played: int = 0
    starter: int | None = None
    """Who started the match: they may stop it alone (see :mod:`bot.rules.votes`)."""
    points: dict[int, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """Whether every round of the match has been played."""
        return self.played >= self.rounds

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
    """Everything the game keeps for one chat."""

    settings: GameSettings = field(default_factory=GameSettings)
    round: Round | None = None
    rounds_dealt: int = 0
    match: Match | None = None
    stats: ChatStats = field(default_factory=ChatStats)
    hunt: Hunt | None = None
    """The chat's Solution Hunt (the last one; see :attr:`hunting`)."""
    countdown: Countdown | None = None
    """The chat's Countdown game (the last one; see :attr:`counting`)."""
    rush: ChatRush | None = None
    """The chat's Rush run (the last one; see :attr:`rushing`)."""
    previous: Round | None = None
    """The round before :attr:`round` (over): an answer to it that comes once the next one is
    dealt is late, not a wrong answer to the new hand."""

    @property
    def playing(self) -> bool:
        """Whether a round is waiting for answers."""
        return self.round is not None and self.round.phase is Phase.PLAYING

    @property
    def hunting(self) -> bool:
        """Whether a Solution Hunt is on."""
        return self.hunt is not None and not self.hunt.ended

    @property
    def counting(self) -> bool:
        """Whether a Countdown game is on."""
        return self.countdown is not None and not self.countdown.ended

    @property
    def rushing(self) -> bool:
        """Whether a Rush run is on."""
        return self.rush is not None and not self.rush.run.ended

    @property
    def game_on(self) -> bool:
        """Whether a round, a hunt, a Countdown game or a Rush run is on."""
        return self.playing or self.hunting or self.counting or self.rushing

    def new_rush(
        self, starter: int, name: str, now: float, deal: Deal, *, shared: bool
    ) -> ChatRush:
        """Start a Rush run for ``starter`` (a group's shared run when ``shared``), its first
        hand dealt with ``deal``."""
        self.rounds_dealt += 1
        self.rush = ChatRush.start(self.rounds_dealt, starter, name, now, deal, shared=shared)
        return self.rush

    def new_countdown(
        self,
        numbers: tuple[int, ...],
        target: int,
        solver_best: tuple[str | None, tuple[int, str] | None, tuple[int, str] | None],
        now: float,
        seconds: float,
        starter: int | None = None,
    ) -> Countdown:
        """Open a Countdown game for ``starter``, with the solver's best answer (see
        :func:`bot.rules.countdown.countdown_job`)."""
        self.rounds_dealt += 1
        exact, below, above = solver_best
        self.countdown = Countdown(
            self.rounds_dealt, numbers, target, now, seconds, exact, below, above, starter=starter
        )
        return self.countdown

    def new_hunt(
        self,
        hand: tuple[int, ...],
        solutions: tuple[str, ...],
        now: float,
        seconds: float,
        starter: int | None = None,
    ) -> Hunt:
        """Open a Solution Hunt for ``starter`` of a hand whose every distinct solution is
        listed."""
        self.rounds_dealt += 1
        self.hunt = Hunt(
            self.rounds_dealt,
            hand,
            self.settings.target,
            now,
            seconds,
            solutions,
            starter=starter,
        )
        return self.hunt

    def start_match(self, rounds: int, starter: int | None = None) -> Match:
        """Begin a match of ``rounds`` rounds (1 to :data:`MAX_MATCH`) for ``starter``."""
        self.match = Match(max(1, min(rounds, MAX_MATCH)), starter=starter)
        return self.match

    def new_round(
        self, facts: HandFacts, level: int | None, now: float, starter: int | None = None
    ) -> Round:
        """Open the next round with a hand found for the chat's settings, dealt for
        ``starter`` (a match's rounds are its starter's)."""
        self.rounds_dealt += 1
        limit = self.settings.time_limit or None
        if self.match is not None and self.match.starter is not None:
            starter = self.match.starter
        unsolvable = self.settings.unsolvable
        self.previous = self.round
        self.round = Round.deal(
            self.rounds_dealt, facts, level, now, limit, starter, unsolvable=unsolvable
        )
        return self.round

    @property
    def may_be_unsolvable(self) -> bool:
        """Whether the chat's round was dealt where hands may have no solution (then a "no
        solution" claim is staked on: wrong, it puts its player out).  It goes by the
        chat's setting when the round was dealt, not by a change meanwhile (an admin's
        switch mid-round must not turn a free guess into a loss, or the other way); a round
        saved before rounds kept it goes by the setting now."""
        game = self.round
        if game is not None and game.unsolvable is not None:
            return game.unsolvable
        return self.settings.unsolvable

    def record_win(self, outcome: Outcome, user_id: int, name: str, day: dt.date) -> None:
        """Score the round just won."""
        self.stats.record_win(user_id, name, outcome.points, outcome.seconds, day)
        if self.match is not None:
            self.match.played += 1
            self.match.points[user_id] = self.match.points.get(user_id, 0) + outcome.points
            self.match.names[user_id] = name

    def record_no_winner(self) -> None:
        """The round ended unsolved (revealed, skipped or out of time)."""
        self.stats.record_no_winner()
        if self.match is not None:
            self.match.played += 1
