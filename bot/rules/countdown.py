"""Countdown, the numbers game of the TV show: six numbers, a target from 101 to 999, each
player's best answer, and the points and winner when the time is up (docs/games.md,
*Countdown*)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.achievements import Achievements, declare_counting, declare_family
from bot.rules.chat_stats import GamePoints
from bot.rules.live_game import TimedGame
from bot.rules.requests import declare_rules
from bot.rules.results import GameResult
from bot.rules.seats import Seat, Seats
from bot.rules.table import GameSettings
from solver import Code, Solution, Verdict, check, closest, is_claim

COUNTDOWN_GAME = "countdown"
"""Countdown's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
LARGE = (25, 50, 75, 100)
SMALL = tuple(n for n in range(1, 11) for _ in range(2))
"""The small numbers: two of each of 1 to 10."""
NUMBERS = 6
MIN_TARGET, MAX_TARGET = 101, 999
DEFAULT_SECONDS = 30
MIN_SECONDS = 10
MAX_SECONDS = 300
SECONDS_CHOICES = (20, 30, 60, 120)
TIME_SETTING = "countdown"
"""The key of Countdown's time among a chat's settings (:attr:`GameSettings.times`)."""
"""Times offered as buttons in /settings (any from :data:`MIN_SECONDS` to
:data:`MAX_SECONDS` may be typed)."""
SOLVE_RULES = declare_rules(
    "countdown",
    words=("countdown", "--countdown", "倒计时"),
    options={"countdown": True},
    reading={"countdown": True},
)
"""Countdown's rules for /solve: each number at most once, every intermediate result a
positive whole number (the words of a request that choose them; saved as ``countdown``)."""
POINTS = ((0, 10), (5, 7), (10, 5))
"""(greatest distance, points), closest first."""


@dataclass(slots=True)
class CountdownPoints(GamePoints):
    """A chat's Countdown points (10, 7 or 5 by distance), apart from the rounds' (its part
    of the chat's data: ``bot/games/countdown/parts.py``); a game is scored with
    :meth:`~bot.rules.chat_stats.GamePoints.add`."""


def draw(rng: random.Random, large: int | None = None) -> tuple[tuple[int, ...], int]:
    """Six numbers (``large`` of :data:`LARGE`, one or two at random if None; the rest
    small ones) in ascending order, and a target drawn uniformly from 101 to 999."""
    if large is None:
        large = rng.choice((1, 2))
    if not 0 <= large <= len(LARGE):
        raise ValueError(f"0 to {len(LARGE)} large numbers, not {large}")
    numbers = rng.sample(LARGE, large) + rng.sample(SMALL, NUMBERS - large)
    return tuple(sorted(numbers)), rng.randint(MIN_TARGET, MAX_TARGET)


def chat_time(settings: GameSettings) -> int:
    """Seconds of a Countdown game started in the chat with no time of its own."""
    return settings.times.get(TIME_SETTING, DEFAULT_SECONDS)


def set_chat_time(settings: GameSettings, seconds: int) -> None:
    """Set the chat's time of a Countdown game started with no time of its own."""
    settings.times[TIME_SETTING] = seconds


def points_for(distance: int) -> int:
    """Points for a best answer this far from the target."""
    for most, points in POINTS:
        if distance <= most:
            return points
    return 0


class Outcome(StrEnum):
    """What one answer did."""

    BEST = "best"
    """The player's best so far (their first, or closer than before)."""
    NOT_BETTER = "not better"
    """Right by the rules, but no closer than the player's best (which stands)."""
    WRONG = "wrong"
    """Not an answer by the rules (the verdict says why)."""
    OVER = "over"
    """The game had already ended."""


@dataclass(frozen=True, slots=True)
class Best:
    """A player's best answer: what they wrote, its value and distance to the target, and
    when (seconds into the game)."""

    user_id: int
    name: str
    written: str
    value: int
    distance: int
    seconds: float


@dataclass(frozen=True, slots=True)
class CountdownAnswer:
    """What one answer did; ``best`` is the player's best after it (None if they have none),
    ``value`` and ``distance`` those of this answer when it was right by the rules."""

    outcome: Outcome
    verdict: Verdict
    best: Best | None = None
    value: int | None = None
    distance: int | None = None


@dataclass(slots=True)
class Countdown(TimedGame):
    """One Countdown game in one chat.

    ``exact``, ``below`` and ``above`` are the solver's best answer, worked out when the
    game is dealt: an expression making the target, else the closest value on each side with
    an expression (``(value, expression)``; None when nothing is reachable on that side).
    """

    number: int
    numbers: tuple[int, ...]
    target: int
    started: float
    time_limit: float
    exact: str | None = None
    below: tuple[int, str] | None = None
    above: tuple[int, str] | None = None
    best: dict[int, Best] = field(default_factory=dict)
    ended: bool = False
    starter: int | None = None
    """Who started the game (None: a game saved before games knew): they may stop it alone."""
    answered: list[int] = field(default_factory=list)
    """Who made a real attempt, right or wrong (players, whose votes count: see
    :func:`bot.rules.votes.is_attempt`)."""
    votes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Who asked to stop the game, not being allowed to alone (see :mod:`bot.rules.votes`)."""
    peeked: list[int] = field(default_factory=list)
    """Who was given solutions of its numbers while it was on (:mod:`bot.rules.spoilers`)."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The numbers (a live game's numbers are kept from /solve)."""
        return self.numbers

    @property
    def best_distance(self) -> int | None:
        """How far the solver's best answer is from the target (None: nothing reachable)."""
        if self.exact is not None:
            return 0
        sides = [side for side in (self.below, self.above) if side is not None]
        return min((abs(value - self.target) for value, _expression in sides), default=None)

    def answer(self, user_id: int, name: str, text: str, now: float) -> CountdownAnswer:
        """Judge one answer; the player's best is kept unless this one is closer.

        A "no solution" claim is no answer here (the closest one counts), and is told apart
        without the solver: checking it against six numbers could take the solver tens of
        milliseconds, on the event loop, at each claim a player repeats.
        """
        if is_claim(text):
            exists = self.exact is not None
            verdict = Verdict(Code.NO_SOLUTION_WRONG if exists else Code.NO_SOLUTION_RIGHT)
        else:
            verdict = check(text, self.numbers, self.target, countdown=True)
        earlier = self.best.get(user_id)
        if self.ended or now >= self.deadline:
            return CountdownAnswer(Outcome.OVER, verdict, earlier)
        self.attempt(user_id, verdict)
        if verdict.code not in (Code.CORRECT, Code.WRONG_VALUE) or verdict.value is None:
            return CountdownAnswer(Outcome.WRONG, verdict, earlier)
        value = int(verdict.value)  # every step is whole: so is the value
        distance = abs(value - self.target)
        if earlier is not None and earlier.distance <= distance:
            return CountdownAnswer(Outcome.NOT_BETTER, verdict, earlier, value, distance)
        best = Best(user_id, name, text.strip(), value, distance, max(0.0, now - self.started))
        self.best[user_id] = best
        return CountdownAnswer(Outcome.BEST, verdict, best, value, distance)

    def standings(self) -> list[Best]:
        """Every player's best, closest first, and of equal distances the earlier."""
        return sorted(self.best.values(), key=lambda b: (b.distance, b.seconds))

    def winner(self) -> Best | None:
        """The closest best answer (of equal distances, the earlier), if it scores; None: no
        answer came within 10 of the target.  As on the show, being the least far off wins
        nothing: a player 900 away is no winner because the others were farther."""
        standings = self.standings()
        if not standings or not points_for(standings[0].distance):
            return None
        return standings[0]

    def scores(self) -> list[tuple[int, str, int]]:
        """(user id, name, points) of every player who scored, closest first."""
        rows = [(b.user_id, b.name, points_for(b.distance)) for b in self.standings()]
        return [row for row in rows if row[2]]

    def matched(self) -> bool:
        """Whether some player's best is as close as the solver's."""
        best = self.best_distance
        return best is not None and any(b.distance == best for b in self.best.values())


COUNTDOWN_SEAT: Seat[Countdown] = Seat("countdown", Countdown)
"""Where a chat's table keeps its Countdown games (the last one)."""


def new_countdown(
    table: Seats,
    numbers: tuple[int, ...],
    target: int,
    solver_best: tuple[str | None, tuple[int, str] | None, tuple[int, str] | None],
    now: float,
    seconds: float,
    starter: int | None = None,
) -> Countdown:
    """Open a Countdown game in the chat for ``starter``, with the solver's best answer (see
    :func:`countdown_job`)."""
    exact, below, above = solver_best
    return COUNTDOWN_SEAT.deal(
        table,
        lambda number: Countdown(
            number, numbers, target, now, seconds, exact, below, above, starter=starter
        ),
    )


def _witness(solution: Solution | None) -> tuple[int, str] | None:
    return None if solution is None else (int(solution.value), solution.pretty)


def countdown_job(
    numbers: tuple[int, ...], target: int
) -> tuple[str | None, tuple[int, str] | None, tuple[int, str] | None]:
    """Worker job: the solver's best answer under Countdown's rules, as :class:`Countdown`
    keeps it (``exact``, ``below``, ``above``)."""
    found = closest(numbers, target, countdown=True)
    if found.exact is not None:
        return found.exact.pretty, None, None
    return None, _witness(found.below), _witness(found.above)


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownExact(GameResult):
    """A Countdown game's target reached exactly."""

    game: str = COUNTDOWN_GAME


EXACT = declare_family("exact", (1, 10), position=60)
"""Countdown games' targets reached exactly."""


def _exact(achievements: Achievements, result: CountdownExact, now: float) -> None:
    achievements.add(EXACT)


declare_counting(CountdownExact, _exact)
