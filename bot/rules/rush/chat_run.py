"""A Rush run played in a chat, as a :class:`~bot.rules.live_game.LiveGame`: its number among
the chat's games, its clock from its first picture, a picture's wait given back, its live
hand and its votes (docs/games.md, *Rush: the rules*; docs/fair-play.md, *Hands only their
players see*)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.rounds import Round
from bot.rules.rush.run import Deal, RushRun
from bot.rules.seats import Seat, Seats


@dataclass(frozen=True, slots=True)
class HandTime:
    """A private run's hand as its player played it: solved ``seconds`` after it was shown,
    or skipped (None)."""

    hand: tuple[int, ...]
    target: int
    seconds: float | None


@dataclass(frozen=True, slots=True)
class SharedHand:
    """A shared run's hand as it was raced: solved by ``solver`` ``seconds`` after it was
    shown, and ``behind``, who answered it and had not solved it by then."""

    hand: tuple[int, ...]
    target: int
    seconds: float
    solver: int
    behind: tuple[int, ...] = ()


@dataclass(slots=True)
class ChatRush:
    """A chat's Rush run (the last one, over or not)."""

    number: int
    """The run's number among the chat's games (see :attr:`bot.rules.table.Table.dealt`)."""
    run: RushRun
    clock_started: bool = False
    """Whether the first picture has reached the chat (the run's clock starts then)."""
    hands_played: list[HandTime] = field(default_factory=list)
    """A private run's hands as played, told to the other games (the ladder's ratings) at
    its end, when it is known whether the run counts (docs/fair-play.md, *A person's
    pace*); empty in runs saved before they were kept."""
    races: list[SharedHand] = field(default_factory=list)
    """A shared run's hands as raced, told to the other games at its end, each counted only
    for a runner whose run counts (docs/fair-play.md, *A person's pace*); empty in runs
    saved before they were kept."""

    @classmethod
    def start(
        cls, number: int, starter: int, name: str, now: float, deal: Deal, *, shared: bool
    ) -> ChatRush:
        """A new run for ``starter`` (a group's shared run when ``shared``), its first hand
        dealt with ``deal``; its clock starts when that hand is shown."""
        return cls(number, RushRun.start(starter, name, now, deal, shared=shared))

    # --- what the game service asks of a game (a LiveGame) ------------------------------------

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand being played now."""
        return self.run.hand.hand

    @property
    def live(self) -> bool:
        """Whether the run is on and its hand waits for answers."""
        return self.run.live

    @property
    def on(self) -> bool:
        """Whether the run is on at the chat's table (between two hands too)."""
        return not self.run.ended

    @property
    def started(self) -> float:
        return self.run.started

    @property
    def deadline(self) -> float:
        """When the run's clock runs out (each solve moves it on, each skip back)."""
        return self.run.deadline

    @property
    def starter(self) -> int:
        return self.run.starter

    @property
    def players(self) -> set[int]:
        return self.run.players

    @property
    def votes(self) -> dict[str, tuple[int, ...]]:
        return self.run.votes

    @votes.setter
    def votes(self, value: dict[str, tuple[int, ...]]) -> None:
        self.run.votes = value

    @property
    def kept_from_everyone(self) -> bool:
        """Whether its hand is refused to everyone, not only to its chat (a group's shared
        run: anyone reading the group sees the hand, and nothing tells a lurker from a
        stranger; see :mod:`bot.rules.spoilers`)."""
        return self.run.shared

    @property
    def current(self) -> Round:
        """The hand being played, as a game of its own (a request deferred waits for this
        hand's end, not the run's)."""
        return self.run.hand

    @property
    def peeked(self) -> list[int]:
        """Who was given the current hand's solutions while it was played."""
        return self.run.hand.peeked

    @peeked.setter
    def peeked(self, value: list[int]) -> None:
        self.run.hand.peeked = value

    def show(self, now: float) -> None:
        """The current hand's picture has reached the chat at ``now``: the run's clock starts
        (its first hand), or gets back the time the picture waited (a later one); the hand's
        own time starts now."""
        run = self.run
        if run.ended or run.hand_shown:
            return
        waited = max(0.0, now - run.hand.started)  # a hand's start is its deal until shown
        if not self.clock_started:
            self.clock_started = True
            run.started += waited
            run.deadline += waited
        else:
            run.give_back(waited)
        run.shown(now)

    def expire(self, number: int, now: float) -> bool:
        """An alarm for run ``number`` rang: True if the run's clock has run out (it ended
        at its deadline); an early alarm (the clock moved on since) or a stale one changes
        nothing."""
        return number == self.number and self.run.finish(now)

    def stop(self) -> bool:
        """End the run where its current hand was dealt (a picture nobody could see); False
        if it had already ended."""
        run = self.run
        if run.ended:
            return False
        run.ended_at = min(run.hand.started, run.deadline)
        run.hand.reveal()
        return True


RUSH_SEAT: Seat[ChatRush] = Seat("rush", ChatRush)
"""Where a chat's table keeps its Rush runs (the last one)."""


def new_rush(
    table: Seats, starter: int, name: str, now: float, deal: Deal, *, shared: bool
) -> ChatRush:
    """Start a Rush run in the chat for ``starter`` (a group's shared run when ``shared``),
    its first hand dealt with ``deal``."""
    return RUSH_SEAT.deal(
        table, lambda number: ChatRush.start(number, starter, name, now, deal, shared=shared)
    )
