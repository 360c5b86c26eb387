"""One round: a dealt hand, answers racing in, hints, and how it ends; and a match, several
rounds in a row with their own standings (kept at the chat's table: :data:`MATCH`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.hand_records import declare_source
from bot.rules.hands import HandFacts
from bot.rules.pace import floor_of, too_fast
from bot.rules.scoring import counts_as_miss, elapsed, points
from bot.rules.seats import Seat
from bot.rules.table import Table
from bot.rules.table_parts import TablePart
from bot.rules.votes import is_attempt
from solver import Code, Verdict, check
from solver.hints import Hint

ROUND_GAME = "round"
"""A round's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
HAND_SOURCE = declare_source(ROUND_GAME)
"""A round's solves count for a hand's record."""

NO_SOLUTION_HINT = Hint(level=1, solution="")
"""The hint of a hand with no solution: that it has none (it names no solution)."""


class Phase(StrEnum):
    """Where a round stands."""

    PLAYING = "playing"
    WON = "won"
    REVEALED = "revealed"
    EXPIRED = "expired"


@dataclass(frozen=True)
class Outcome:
    """What one answer did: its verdict, and whether it won (with points and seconds)."""

    verdict: Verdict
    won: bool = False
    points: int = 0
    seconds: float = 0.0
    too_late: bool = False
    """A right answer that came when the round had already ended (a wrong one never is)."""
    out: bool = False
    """The player is out of the round: by a wrong "no solution" claim, this one or earlier."""
    expired: bool = False
    """The answer came at or after the deadline of a round still on: the round ended by its
    clock then, as its time-up would (which is the answer's to tell: its timer was late)."""
    too_fast: bool = False
    """A right answer that came faster than a person's pace after the hand reached its
    player (:mod:`bot.rules.pace`): it took nothing, and the round goes on."""


@dataclass(slots=True)
class Round:
    """A round of one chat.  ``number`` grows with each round, so a timer can tell whether
    the round it was set for is still the current one."""

    number: int
    hand: tuple[int, ...]
    target: int
    started: float
    time_limit: float | None = None
    level: int | None = None
    solvable: bool = True
    hints: int = 0
    phase: Phase = Phase.PLAYING
    winner: int | None = None
    wrong: dict[int, int] = field(default_factory=dict)
    """Wrong answers per user."""
    solutions: tuple[str, ...] | None = None
    """The first distinct solutions (None in rounds saved before rounds carried them)."""
    solution_count: int = 0
    # Not saved: objects of the solver (steps of fractions), worked out again from the hand
    # when first needed (needs_facts), and a running round is rare in a file.
    hint_list: tuple[Hint, ...] | None = field(default=None, metadata={"saved": False})
    """The hints of levels 1 to 3 (None: not worked out yet, see :meth:`learn`)."""
    starter: int | None = None
    """Who dealt the round, or started the match it belongs to (None: before rounds knew)."""
    votes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Who asked for each action they may not take alone (see :mod:`bot.rules.votes`)."""
    attempted: list[int] = field(default_factory=list)
    """Who made a real attempt (:func:`bot.rules.votes.is_attempt`): players, whose votes
    count."""
    peeked: list[int] = field(default_factory=list)
    """Who was given solutions of the hand while it was live (:mod:`bot.rules.spoilers`)."""
    out: list[int] = field(default_factory=list)
    """Who claimed "no solution" wrongly: their part in the round is over."""
    too_fast: list[int] = field(default_factory=list)
    """Who sent a right answer faster than a person's pace (see :meth:`answer`'s ``shown``)."""
    unsolvable: bool | None = None
    """Whether it was dealt where hands may have no solution (the chat's setting then: like
    its target, a change meanwhile is for the next round); None in rounds saved before
    rounds kept it, and in a duel's hands (see :func:`may_be_unsolvable`)."""
    free_hints: int = 0
    """Of :attr:`hints`, those given unasked (the half-time hint): they cost no points."""

    @classmethod
    def deal(
        cls,
        number: int,
        facts: HandFacts,
        level: int | None,
        now: float,
        time_limit: float | None = None,
        starter: int | None = None,
        *,
        unsolvable: bool | None = None,
    ) -> Round:
        """A new round for a hand whose facts were worked out (see :mod:`bot.rules.hands`),
        dealt for ``starter`` where hands may have no solution if ``unsolvable``."""
        return cls(
            number,
            facts.hand,
            facts.target,
            now,
            time_limit,
            level,
            facts.solvable,
            solutions=facts.solutions,
            solution_count=facts.count,
            hint_list=facts.hints,
            starter=starter,
            unsolvable=unsolvable,
        )

    @property
    def live(self) -> bool:
        """Whether the round is being played (its solutions are a secret)."""
        return self.phase is Phase.PLAYING

    @property
    def on(self) -> bool:
        """Whether the round is on at the chat's table: waiting for answers."""
        return self.phase is Phase.PLAYING

    @property
    def players(self) -> set[int]:
        """The round's players: who started it and who made a real attempt in it."""
        starter = set() if self.starter is None else {self.starter}
        return starter | set(self.attempted)

    def outpaced(self) -> tuple[int, ...]:
        """Who made a real attempt at the hand and had not solved it when it ended (by a
        win or its clock): neither its winner, nor anyone given its solutions while it was
        live, nor anyone whose right answer came under the pace floor.  A race's censored
        results (:class:`~bot.rules.results.Outpaced`); who only watched is not known to
        have seen it."""
        left = {self.winner, *self.peeked, *self.too_fast}
        return tuple(p for p in self.attempted if p not in left)

    @property
    def deadline(self) -> float | None:
        """When the time runs out, if the round is timed."""
        return None if self.time_limit is None else self.started + self.time_limit

    def overdue(self, now: float) -> bool:
        """Whether the round is still on at ``now`` though its time is up (its timer late)."""
        deadline = self.deadline
        return self.phase is Phase.PLAYING and deadline is not None and now >= deadline

    def answer(self, user_id: int, text: str, now: float, *, shown: float | None = None) -> Outcome:
        """Judge an answer; the first correct one wins the round, later ones are too late.
        A wrong "no solution" puts its player out of the round: none of their later answers
        count.  An answer at or after the deadline is too late even while the timer that
        ends the round has not fired (a busy event loop, a clock step, a restart): it ends
        the round by its clock (:attr:`Outcome.expired`), or a late timer would let a slow
        answer win with a time longer than the round's.

        ``shown``: when the hand reached this player, where a result leaves the chat (Rush,
        a duel): a right answer sooner after it than a person's pace
        (:func:`~bot.rules.pace.too_fast`) wins nothing, and the round goes on
        (:attr:`Outcome.too_fast`; the player is kept in :attr:`too_fast`)."""
        verdict = check(text, self.hand, self.target)
        if self.expire(self.number, now):
            return Outcome(verdict, too_late=verdict.ok, expired=True)
        if self.phase is not Phase.PLAYING:
            return Outcome(verdict, too_late=verdict.ok)
        if user_id in self.out:
            return Outcome(verdict, out=True)
        if verdict.code is Code.NO_SOLUTION_WRONG:
            # A claim that costs nothing when wrong would be worth making at every deal.
            self.out.append(user_id)
            self.wrong[user_id] = self.wrong.get(user_id, 0) + 1
            return Outcome(verdict, out=True)
        if user_id not in self.attempted and is_attempt(verdict):
            self.attempted.append(user_id)
        if not verdict.ok:
            if counts_as_miss(verdict):
                self.wrong[user_id] = self.wrong.get(user_id, 0) + 1
            return Outcome(verdict)
        if shown is not None and too_fast(now - shown, floor_of(self.hand, self.target)):
            if user_id not in self.too_fast:
                self.too_fast.append(user_id)
            return Outcome(verdict, too_fast=True)
        self._end(Phase.WON)
        self.winner = user_id
        return Outcome(verdict, won=True, points=self.worth, seconds=elapsed(self.started, now))

    @property
    def worth(self) -> int:
        """The points a win gives now, after the hints asked (the free ones cost none)."""
        return points(self.level, self.hints - self.free_hints, solvable=self.solvable)

    def show(self, now: float) -> None:
        """The hand has reached the players: its clock and time limit start now.

        A hand is drawn before its picture is sent, and the picture may wait for the chat's
        message limit; timing from the draw would cost the players that wait.
        """
        if self.phase is Phase.PLAYING:
            self.started = now

    @property
    def needs_facts(self) -> bool:
        """Whether the hand's solutions or hints are still to be worked out."""
        return self.solutions is None or (self.hint_list is None and self.phase is Phase.PLAYING)

    def learn(self, facts: HandFacts) -> None:
        """Take the solutions and hints worked out after the deal."""
        self.solutions, self.solution_count = facts.solutions, facts.count
        if self.phase is Phase.PLAYING:
            self.hint_list = facts.hints

    def _end(self, phase: Phase) -> None:
        self.phase = phase
        self.hint_list = ()  # hints help only while the round is played: not kept for ever

    def next_hint(self) -> Hint | None:
        """The next hint (each one lowers the round's points), or ``None`` when there is none:
        the round is over or all hints are out.  A hand with no solution has one hint, which
        says so (:data:`NO_SOLUTION_HINT`) at the same cost: a hint refused at once, for
        nothing, would tell an unsolvable hand from the others."""
        if self.phase is not Phase.PLAYING or self.hint_list is None:
            return None
        hints = self.hint_list if self.solvable else (NO_SOLUTION_HINT,)
        if self.hints >= len(hints):
            return None
        self.hints += 1
        return hints[self.hints - 1]

    def half_time_hint(self) -> Hint | None:
        """The hint given unasked at half time (:meth:`half_time_hint_due`): the next one,
        free (nobody chose to take it, so it costs the winner nothing), or ``None``."""
        found = self.next_hint()
        if found is not None:
            self.free_hints += 1
        return found

    def reveal(self) -> bool:
        """Give up: the round ends with no winner.  False if it had already ended."""
        if self.phase is not Phase.PLAYING:
            return False
        self._end(Phase.REVEALED)
        return True

    def stop(self) -> bool:
        """End the round now with no winner (:meth:`reveal`; its
        :class:`~bot.rules.live_game.LiveGame`: a hand nobody could see).  False if it had
        already ended."""
        return self.reveal()

    def expire(self, number: int, now: float) -> bool:
        """A timer for round ``number`` fired: end the round if it is this one and its time is
        up.  A stale timer (an older round's, or an early one) changes nothing."""
        deadline = self.deadline
        if number != self.number or self.phase is not Phase.PLAYING or deadline is None:
            return False
        if now < deadline:
            return False
        self._end(Phase.EXPIRED)
        return True

    def half_time_hint_due(self, number: int, now: float) -> bool:
        """Whether the automatic half-time hint should be given now for round ``number``."""
        if number != self.number or self.phase is not Phase.PLAYING or self.time_limit is None:
            return False
        return self.hints == 0 and now >= self.started + self.time_limit / 2


ROUND_SEAT: Seat[Round] = Seat("round", Round, keeps_previous=True)
"""Where a chat's table keeps its rounds: the current one and the one before."""


MAX_MATCH = 20
"""The most rounds a match has."""


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


MATCH: TablePart[Match] = TablePart("match", Match, holds=True)
"""Where a chat's table keeps its match (saved as ``match`` on the table, as before it was a
part): it holds the table from its start to its end, between its rounds too, so that no
other game, and no round of its but the next, is dealt meanwhile."""


def start_match(table: Table, hands: int, starter: int | None = None) -> Match:
    """Begin a match of ``hands`` hands (1 to :data:`MAX_MATCH`) for ``starter``."""
    return MATCH.put(table, Match(max(1, min(hands, MAX_MATCH)), starter=starter))


def record_win(
    table: Table,
    points: int,
    seconds: float,
    user_id: int,
    name: str,
    day: dt.date,
    *,
    timed: bool = True,
) -> None:
    """Score a round just won, in ``seconds`` (:meth:`Table.record_win`), and count it in
    the chat's match, if one is on."""
    table.record_win(points, seconds, user_id, name, day, timed=timed)
    match = MATCH.of(table)
    if match is not None:
        match.played += 1
        match.points[user_id] = match.points.get(user_id, 0) + points
        match.names[user_id] = name


def record_no_winner(table: Table) -> None:
    """A round ended unsolved (revealed, skipped or out of time): the chat's scores, and its
    match's count of rounds played, if one is on."""
    table.record_no_winner()
    match = MATCH.of(table)
    if match is not None:
        match.played += 1


def new_round(
    table: Table, facts: HandFacts, level: int | None, now: float, starter: int | None = None
) -> Round:
    """Open the chat's next round with a hand found for its settings, dealt for ``starter``
    (a match's rounds are its starter's)."""
    limit = table.settings.time_limit or None
    match = MATCH.of(table)
    if match is not None and match.starter is not None:
        starter = match.starter
    unsolvable = table.settings.unsolvable
    return ROUND_SEAT.deal(
        table,
        lambda number: Round.deal(number, facts, level, now, limit, starter, unsolvable=unsolvable),
    )


def may_be_unsolvable(table: Table) -> bool:
    """Whether the chat's round was dealt where hands may have no solution (then a "no
    solution" claim is staked on: wrong, it puts its player out).  It goes by the chat's
    setting when the round was dealt, not by a change meanwhile (an admin's switch
    mid-round must not turn a free guess into a loss, or the other way); a round saved
    before rounds kept it goes by the setting now."""
    game = ROUND_SEAT.of(table)
    if game is not None and game.unsolvable is not None:
        return game.unsolvable
    return table.settings.unsolvable
