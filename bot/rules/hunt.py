"""Solution Hunt: every distinct solution of one hand, found together, each scoring once
(docs/design-games.md, *Solution Hunt*; stopping early: :mod:`bot.rules.votes`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.achievements import Achievements, declare_counting, declare_family
from bot.rules.chat_stats import ChatStats, GamePoints
from bot.rules.live_game import TimedGame
from bot.rules.results import GameResult
from bot.rules.seats import Seat
from bot.rules.table import Table
from solver import Verdict, check, solution_of, solve
from solver.deal import listing_work

HUNT_GAME = "hunt"
"""Solution Hunt's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
MIN_SOLUTIONS = 3
"""A hunt's hand has at least this many distinct solutions."""
WORK = 300
"""A deal players wait for passes over a hand whose listing takes more than this work
(:func:`~solver.deal.listing_work`; for six cards from 1 to 13 about a fifth of the hands)."""
PASSED = 3
"""Candidates one such deal passes over at most."""
DEFAULT_SECONDS = 90
MIN_SECONDS = 10
MAX_SECONDS = 600


class Found(StrEnum):
    """What one answer did in a hunt."""

    NEW = "new"
    """A solution nobody had found: a point for its finder."""
    AGAIN = "again"
    """A solution found before (by anyone): no point."""
    WRONG = "wrong"
    """Not a solution (the verdict says why)."""
    OVER = "over"
    """The hunt had already ended."""


@dataclass(frozen=True, slots=True)
class Find:
    """Who found a solution first, and how they wrote it."""

    user_id: int
    name: str
    written: str
    seconds: float
    """Seconds into the hunt."""


@dataclass(frozen=True, slots=True)
class HuntAnswer:
    """What one answer did: ``found`` says which case; ``index`` is the solution's place in
    the hunt's list, ``order`` its place among the solutions found (1 for the first);
    ``find`` is the first find of it (the earlier one for :attr:`Found.AGAIN`)."""

    found: Found
    verdict: Verdict
    index: int | None = None
    order: int = 0
    find: Find | None = None
    left: int = 0


@dataclass(slots=True)
class Hunt(TimedGame):
    """One hunt in one chat.  ``solutions`` are every distinct solution, as the solver
    prints them; ``found`` maps each one found (by its index) to its first find."""

    number: int
    hand: tuple[int, ...]
    target: int
    started: float
    time_limit: float
    solutions: tuple[str, ...]
    found: dict[int, Find] = field(default_factory=dict)
    ended: bool = False
    starter: int | None = None
    """Who started the hunt (None: a hunt saved before hunts knew): they may stop it alone."""
    answered: list[int] = field(default_factory=list)
    """Who made a real attempt, right or wrong (players, whose votes count: see
    :func:`bot.rules.votes.is_attempt`)."""
    votes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Who asked to stop the hunt, not being allowed to alone (see :mod:`bot.rules.votes`)."""
    peeked: list[int] = field(default_factory=list)
    """Who was given solutions of its numbers while it was on (:mod:`bot.rules.spoilers`)."""

    @property
    def left(self) -> int:
        """Solutions nobody has found yet."""
        return len(self.solutions) - len(self.found)

    def answer(self, user_id: int, name: str, text: str, now: float) -> HuntAnswer:
        """Judge one answer: a new solution scores, one found before does not."""
        verdict = check(text, self.hand, self.target)
        if self.ended or now >= self.deadline:  # by the clock: the timer may be late
            return HuntAnswer(Found.OVER, verdict, left=self.left)
        self.attempt(user_id, verdict)
        if not verdict.ok or verdict.is_claim:
            return HuntAnswer(Found.WRONG, verdict, left=self.left)
        index = self._index_of(text)
        earlier = self.found.get(index)
        if earlier is not None:
            return HuntAnswer(Found.AGAIN, verdict, index, find=earlier, left=self.left)
        find = Find(user_id, name, text.strip(), max(0.0, now - self.started))
        self.found[index] = find
        if not self.left:
            self.ended = True
        return HuntAnswer(Found.NEW, verdict, index, len(self.found), find, self.left)

    def _index_of(self, text: str) -> int:
        pretty = solution_of(text, self.target).pretty
        return self.solutions.index(pretty)

    def standings(self) -> list[tuple[int, str, int]]:
        """(user id, name, solutions found) of every finder: most first, and of equal
        counts the one who reached it first."""
        counts: dict[int, tuple[str, int, float]] = {}
        for find in sorted(self.found.values(), key=lambda f: f.seconds):
            _name, count, _last = counts.get(find.user_id, (find.name, 0, 0.0))
            counts[find.user_id] = (find.name, count + 1, find.seconds)
        rows = sorted(counts.items(), key=lambda row: (-row[1][1], row[1][2]))
        return [(user_id, name, count) for user_id, (name, count, _last) in rows]

    def missed(self) -> list[str]:
        """The solutions nobody found, in the solver's order."""
        return [s for i, s in enumerate(self.solutions) if i not in self.found]


HUNT_SEAT: Seat[Hunt] = Seat("hunt", Hunt)
"""Where a chat's table keeps its Solution Hunts (the last one)."""


@dataclass(slots=True)
class HuntPoints(GamePoints):
    """A chat's Solution Hunt points (a point for each solution found first), apart from the
    rounds', and the best of each hand hunted there (its part of the chat's data:
    ``bot/games/hunt/parts.py``)."""

    best: dict[str, int] = field(default_factory=dict)
    """For each hand hunted here (``"2 4 8 10"``), the most of its solutions found in one hunt."""

    def record(
        self, stats: ChatStats, finds: list[tuple[int, str, int]], hand: str, total: int
    ) -> None:
        """Score a hunt: each finder's (user id, name, solutions found) adds to their hunt
        points, and the best share of the hand found in this chat is kept."""
        self.add(stats, finds)
        found = sum(count for _user, _name, count in finds)
        if total and found > self.best.get(hand, 0):
            self.best[hand] = found


def new_hunt(
    table: Table,
    hand: tuple[int, ...],
    solutions: tuple[str, ...],
    now: float,
    seconds: float,
    starter: int | None = None,
) -> Hunt:
    """Open a Solution Hunt in the chat for ``starter`` of a hand whose every distinct
    solution is listed."""
    target = table.settings.target
    return HUNT_SEAT.deal(
        table,
        lambda number: Hunt(number, hand, target, now, seconds, solutions, starter=starter),
    )


@dataclass(frozen=True, slots=True)
class HuntHand:
    """A hand found for a hunt: ``solutions`` are every distinct one, as the solver prints
    them; ``passed`` are the candidates drawn before it that were passed over as too long to
    list while players wait (see :func:`hunt_job`), in the order they were drawn."""

    hand: tuple[int, ...]
    solutions: tuple[str, ...]
    passed: tuple[tuple[int, ...], ...] = ()


def hunt_job(
    candidates: Sequence[tuple[int, ...]], target: int, work: int | None = None
) -> HuntHand | None:
    """Worker job: the first candidate hand with at least :data:`MIN_SOLUTIONS` distinct
    solutions, and every one of them as the solver prints it; None if no candidate has.

    With ``work`` (a deal players wait for) up to :data:`PASSED` candidates whose listing
    takes more than ``work`` (:func:`~solver.deal.listing_work`) are passed over unlisted, to
    be listed in the background and dealt later (a hunt hand is not accepted or refused by
    its work, only dealt sooner or later); they are listed here after all, in order, when
    no later candidate has enough solutions.
    """
    passed: list[tuple[int, ...]] = []
    for hand in candidates:
        if work is not None and len(passed) < PASSED and listing_work(hand, target) > work:
            passed.append(hand)
            continue
        found = _listed(hand, target)
        if found is not None:
            return HuntHand(hand, found, tuple(passed))
    for index, hand in enumerate(passed):
        found = _listed(hand, target)
        if found is not None:
            return HuntHand(hand, found, tuple(passed[index + 1 :]))
    return None


def _listed(hand: tuple[int, ...], target: int) -> tuple[str, ...] | None:
    """Every distinct solution of a hunt hand, or None if it has too few to hunt."""
    found = solve(hand, target)
    return tuple(s.pretty for s in found) if len(found) >= MIN_SOLUTIONS else None


@dataclass(frozen=True, slots=True, kw_only=True)
class HuntAlone(GameResult):
    """Every solution of a hunt found by one player alone."""

    game: str = HUNT_GAME
    solutions: int = 0


HUNTS_ALONE = declare_family("hunt", (1,), position=70)
"""Hunts whose every solution one player found alone."""


def _alone(achievements: Achievements, result: HuntAlone, now: float) -> None:
    achievements.add(HUNTS_ALONE)


declare_counting(HuntAlone, _alone)
