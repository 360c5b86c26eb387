"""Rush: a time-attack run of hands against the server's clock; each hand a
:class:`~bot.rules.rounds.Round`, dealt by a given :data:`Deal` (never a worker), times the
caller's ``now``.  Each rule and what it prevents: docs/games.md, *Rush: the rules*, and
docs/fair-play.md (*Hands only their players see*, *A person's pace*)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.hands import HandFacts
from bot.rules.pace import LEVEL_FLOORS, PLAUSIBLE_MEDIAN, floor_of, implausible
from bot.rules.rounds import Outcome, Phase, Round
from bot.rules.rush.result import Runner as Runner
from bot.rules.rush.result import RunResult as RunResult
from bot.rules.votes import Action, Ballot, is_attempt, request
from solver import Verdict

START_SECONDS = 120.0
"""Seconds on a new run's clock."""
SOLVE_BONUS = 10.0
"""Seconds a solved hand adds to the clock (with one point)."""
SKIP_COST = 20.0
"""Seconds a skip takes from the clock."""
CLOCK_MOST = 180.0
"""The most seconds the clock holds: what a solve would add beyond it is not added."""
RUN_MOST = 600.0
"""Seconds of play after which a run ends, whatever is left on its clock."""
LEVEL_STEPS = (0, 3, 6, 10, 15)
"""The run's score from which each level is dealt: level 1 from 0 points, 2 from 3, 3 from
6, 4 from 10 and 5 from 15 on."""
TARGET = 24
CARDS = 4
DECK = (1, 13)
"""Rush is the default game: four cards from 1 to 13, to make 24 (its levels are rated
ahead of time, see :mod:`bot.rules.rated`)."""

REDEALS = 20
"""Draws made at most for a hand not yet dealt in the run, before one is dealt again."""

Deal = Callable[[int], HandFacts]
"""Returns a solvable hand of the level asked for (1 to 5)."""


def level_for(score: int) -> int:
    """The level of the hand dealt when the run's score is ``score``."""
    return sum(1 for step in LEVEL_STEPS if score >= step)


def best_at_pace(pace: float) -> int:
    """Hands a player solving every hand in ``pace`` seconds (no skip) solves in a run, by
    the rules alone: the clock's gains and costs, its ceiling and the run's most."""
    left, played, solved = START_SECONDS, 0.0, 0
    while played + pace < RUN_MOST and pace < left:
        played += pace
        left = min(left - pace + SOLVE_BONUS, CLOCK_MOST, RUN_MOST - played)
        solved += 1
    return solved


def best_at_floors(*, plausible: bool = False) -> int:
    """Hands a script solves in a run answering each hand at its floor (its level's:
    :data:`bot.rules.pace.LEVEL_FLOORS`), by the rules alone; ``plausible``: keeping its
    median at :data:`~bot.rules.pace.PLAUSIBLE_MEDIAN` (every other answer at that pace, so
    that the run stays on the boards whenever it ends)."""
    left, played, solved, fast = START_SECONDS, 0.0, 0, 0
    while True:
        pace = LEVEL_FLOORS[level_for(solved)]
        if plausible and fast + 1 > solved // 2:  # one more at the floor: the median falls
            pace = PLAUSIBLE_MEDIAN
        if played + pace >= RUN_MOST or pace >= left:
            return solved
        fast += pace < PLAUSIBLE_MEDIAN
        played += pace
        left = min(left - pace + SOLVE_BONUS, CLOCK_MOST, RUN_MOST - played)
        solved += 1


class Refusal(StrEnum):
    """Why an answer, a skip or a stop was not taken."""

    OVER = "over"
    """The run has ended (its clock ran out, or it was stopped)."""
    STALE = "stale"
    """The answer names a hand that is no longer the one being played."""
    NOT_STARTER = "not_starter"
    """Only its player may skip or stop a run of their own."""
    VOTED = "voted"
    """A shared run's skip or stop by someone who may not act alone: a vote (see the
    outcome's ``ballot``), which has not carried yet."""


class Void(StrEnum):
    """Why a right answer scored nothing (see the module)."""

    TOO_FAST = "too_fast"
    """It came faster than a person's pace: the hand goes on, and the player's run is off
    the boards."""
    GIVEN = "given"
    """The bot had solved the hand for someone while it was live (they may have had it from
    a player): no point, no time, and the next hand is dealt for a skip's cost."""


@dataclass(frozen=True)
class RushOutcome:
    """What an answer or a skip did."""

    refused: Refusal | None = None
    verdict: Verdict | None = None
    """The solver's verdict (None when refused before judging)."""
    solved: bool = False
    """The answer took the hand: a point, :data:`SOLVE_BONUS` seconds and the next hand."""
    seconds: float = 0.0
    """How long the hand took, when solved."""
    too_late: bool = False
    """A right answer to a hand someone else took first (a shared run)."""
    out: bool = False
    """The player is out of this hand (a wrong "no solution"): only a skip moves on."""
    ended: bool = False
    """The run is over (a skip took its last seconds, or it was stopped)."""
    ballot: Ballot | None = None
    """How the vote stands, for a skip or a stop asked by a player who may not act alone."""
    void: Void | None = None
    """Why a right answer scored nothing (None: it was not such an answer)."""
    bonus: float = 0.0
    """Seconds the solve added to the clock (less near its ceiling or the run's end)."""


@dataclass(slots=True)
class RushRun:
    """A run: its clock, its current hand and its players' points."""

    starter: int
    started: float
    deadline: float
    hand: Round
    shared: bool = False
    skips: int = 0
    runners: dict[int, Runner] = field(default_factory=dict)
    votes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Who asked for a skip or a stop they may not make alone (see :mod:`bot.rules.votes`)."""
    ended_at: float | None = None
    hand_shown: bool = False
    dealt: list[tuple[int, ...]] = field(default_factory=list)
    """The run's hands so far, in order."""
    given_back: float = 0.0
    """Seconds given back to the clock for pictures that waited to be sent (a chat's
    message limit: see :meth:`give_back`): not play."""

    @classmethod
    def start(
        cls, starter: int, name: str, now: float, deal: Deal, *, shared: bool = False
    ) -> RushRun:
        """A run for ``starter`` (a group's shared run when ``shared``), its first hand
        dealt and its clock started at ``now``."""
        first = Round.deal(1, deal(level_for(0)), level_for(0), now, None, starter)
        return cls(
            starter,
            now,
            now + START_SECONDS,
            first,
            shared,
            runners={starter: Runner(name)},
            dealt=[first.hand],
        )

    @property
    def score(self) -> int:
        """Hands solved in the run, by anyone."""
        return sum(runner.score for runner in self.runners.values())

    @property
    def players(self) -> set[int]:
        """Who started the run and who made a real attempt in it (their votes count: see
        :func:`~bot.rules.votes.is_attempt`)."""
        return set(self.runners)

    @property
    def ended(self) -> bool:
        """Whether the run has been seen to end (see :meth:`finish`)."""
        return self.ended_at is not None

    @property
    def last_call(self) -> float:
        """When the run ends whatever its clock holds: after :data:`RUN_MOST` seconds of
        play."""
        return self.started + RUN_MOST + self.given_back

    def give_back(self, seconds: float) -> None:
        """A hand's picture waited ``seconds`` to be sent: the clock gets them back, and the
        run's most moves on by as much (the wait was no play)."""
        self.given_back += seconds
        self.deadline += seconds

    def remaining(self, now: float) -> float:
        """Seconds left on the clock at ``now`` (0 once over)."""
        if self.ended_at is not None:
            return 0.0
        return max(0.0, self.deadline - now)

    def finish(self, now: float) -> bool:
        """End the run if its clock has run out at ``now``; True if this call ended it.  A
        run ends at its deadline, however late the server notices."""
        if self.ended_at is None and now >= self.deadline:
            self.ended_at = self.deadline
            self.hand.reveal()
            return True
        return False

    def _allowed(self, action: Action, user_id: int, admin: bool) -> RushOutcome | None:
        """None if ``user_id`` may skip or stop now, else the outcome that says why not."""
        if not self.shared:
            return None if user_id == self.starter else RushOutcome(Refusal.NOT_STARTER)
        ballot = request(self, action, user_id, admin=admin)
        return None if ballot.agreed else RushOutcome(Refusal.VOTED, ballot=ballot)

    def stop(self, user_id: int, now: float, *, admin: bool = False) -> RushOutcome:
        """``user_id`` (``admin``: one of the chat's admins) gives up the run at ``now``: it
        ends there, or the outcome says why not."""
        if self.finish(now) or self.ended_at is not None:
            return RushOutcome(Refusal.OVER)
        refused = self._allowed(Action.STOP, user_id, admin)
        if refused is not None:
            return refused
        self.ended_at = now
        self.hand.reveal()
        return RushOutcome(ended=True)

    def shown(self, now: float) -> None:
        """The current hand has reached the players: its time starts now, once (a picture
        may wait for the chat's message limit; asking again cannot shorten a hand's time)."""
        if not self.hand_shown and self.ended_at is None and now < self.deadline:
            self.hand.show(now)
            self.hand_shown = True

    def answer(
        self, user_id: int, name: str, text: str, now: float, deal: Deal, *, hand: int | None = None
    ) -> RushOutcome:
        """Judge ``text`` from ``user_id`` at ``now`` against the current hand (or refuse it
        if ``hand``, the number the player was shown, is no longer current).  The first right
        answer scores the hand; the next hand is then dealt with ``deal``."""
        if self.finish(now) or self.ended_at is not None:
            return RushOutcome(Refusal.OVER)
        if hand is not None and hand != self.hand.number:
            return RushOutcome(Refusal.STALE)
        # Timed from when it was shown (from its deal until then: nobody has seen it).
        outcome: Outcome = self.hand.answer(user_id, text, now, shown=self.hand.started)
        if not outcome.won and user_id not in self.runners and not is_attempt(outcome.verdict):
            # Text that is no attempt at the hand ("/a x") makes nobody a player: no vote.
            return RushOutcome(verdict=outcome.verdict, too_late=outcome.too_late, out=outcome.out)
        runner = self.runners.setdefault(user_id, Runner(name))
        runner.name = name
        if outcome.too_fast:
            runner.floor = runner.floor or floor_of(self.hand.hand)
            runner.too_fast = True
            return RushOutcome(verdict=outcome.verdict, void=Void.TOO_FAST)
        if not outcome.won:
            return RushOutcome(verdict=outcome.verdict, too_late=outcome.too_late, out=outcome.out)
        if self.hand.peeked:  # the bot solved it for someone while live: a skip's cost
            ended, seconds = self._pay_skip(now, deal), outcome.seconds  # no free skip
            return RushOutcome(
                verdict=outcome.verdict, void=Void.GIVEN, seconds=seconds, ended=ended
            )
        runner.score += 1
        runner.times.append(outcome.seconds)
        if runner.best_time is None or outcome.seconds < runner.best_time:
            runner.best_time = outcome.seconds
        before = self.deadline
        gain = min(SOLVE_BONUS, max(0.0, CLOCK_MOST - (self.deadline - now)))
        self.deadline = min(self.deadline + gain, self.last_call)
        self._next(now, deal)
        return RushOutcome(
            verdict=outcome.verdict,
            solved=True,
            seconds=outcome.seconds,
            bonus=max(0.0, self.deadline - before),
        )

    def skip(self, user_id: int, now: float, deal: Deal, *, admin: bool = False) -> RushOutcome:
        """Skip the current hand for ``user_id`` (``admin``: one of the chat's admins):
        :data:`SKIP_COST` seconds off the clock and the next hand (of the same level), or the
        end of the run if that was its last time."""
        if self.finish(now) or self.ended_at is not None:
            return RushOutcome(Refusal.OVER)
        refused = self._allowed(Action.SKIP, user_id, admin)
        if refused is not None:
            return refused
        return RushOutcome(ended=self._pay_skip(now, deal))

    def _pay_skip(self, now: float, deal: Deal) -> bool:
        """A skip's cost (:data:`SKIP_COST`) and the next hand: True if it ended the run."""
        self.skips += 1
        self.deadline -= SKIP_COST
        self.hand.reveal()
        if self.finish(now):
            return True
        self._next(now, deal)
        return False

    def _next(self, now: float, deal: Deal) -> None:
        level = level_for(self.score)
        for _ in range(REDEALS):
            facts = deal(level)
            if facts.hand not in self.dealt:
                break
        self.dealt.append(facts.hand)
        self.hand = Round.deal(self.hand.number + 1, facts, level, now, None, self.starter)
        self.hand_shown = False
        self.votes.pop(Action.SKIP, None)  # a skip vote is for the hand it was asked in

    @property
    def live(self) -> bool:
        """Whether the current hand waits for answers (its solutions are a secret)."""
        return self.ended_at is None and self.hand.phase is Phase.PLAYING

    def ranking(self) -> list[tuple[int, Runner]]:
        """The run's players, best first: most points, then the fastest hand, then who
        started; players who scored nothing come last."""

        def key(item: tuple[int, Runner]) -> tuple[int, float, bool, str]:
            user_id, runner = item
            fastest = runner.best_time if runner.best_time is not None else float("inf")
            return (-runner.score, fastest, user_id != self.starter, runner.name)

        return sorted(self.runners.items(), key=key)

    def result(self, user_id: int) -> RunResult | None:
        """``user_id``'s result of the ended run (None while it runs, or if they did not
        play in it)."""
        runner = self.runners.get(user_id)
        if self.ended_at is None or runner is None:
            return None
        place = 1 + sum(1 for other in self.runners.values() if other.score > runner.score)
        return RunResult(
            runner.score,
            runner.best_time,
            self.ended_at - self.started,
            self.hand.number,
            self.skips,
            self.shared,
            place,
            too_fast=runner.too_fast,
            lasted_most=self.ended_at >= self.last_call,
            hand_times=tuple(runner.times),
            floor=runner.floor,
            implausible=implausible(runner.times),
        )
