"""Every hand rated, and every player's puzzle rating: the ladder's rules (what counts, what
moves a hand's rating, what is dealt and reviewed, the bounds).  Each rule and what it
prevents: docs/design-games.md, *The ladder*."""

from __future__ import annotations

import datetime as dt
import functools
import heapq
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import MODEL, PRIOR_SIGMA, SLOW, censored, expected, play, score, shown
from bot.rules.pace import RECENT_KEPT as PACE_KEPT
from bot.rules.pace import scripted, too_fast

ESTABLISHED_RESULTS = 10
"""Counted results a player needs before their results move a hand's rating."""
ESTABLISHED_DAYS = 3
"""Distinct days with a counted solve (at a person's pace: no skip, miss, review, too fast or
steady solve) a player needs too before their results move a hand's rating: ten skips in a
minute make no account established (docs/fair-play.md)."""
BOARD_MIN_RESULTS = ESTABLISHED_RESULTS
"""Counted results a player needs to stand on ``/train top``."""
RECENT_KEPT = 50
"""A player's last hands, never dealt again by the ladder."""
HISTORY_KEPT = 100
"""A player's last attempts kept (for review)."""
REVIEW_DAYS = 30
HANDS_KEPT = 50_000
NEAREST = 12
"""The ladder deals one of the hands this many nearest the player's rating, at random."""

Hand = tuple[int, ...]

_key = functools.lru_cache(maxsize=8192)(hand_key)
""":func:`hand_key`, kept for the hands the ladder deals from."""


class Refused(StrEnum):
    """Why an attempt counted for nothing."""

    TOO_FAST = "too_fast"
    GIVEN = "given"
    REVIEW = "review"
    STEADY = "steady"
    """Solved by a player at a script's steady pace (:attr:`PuzzlePlayer.steady`)."""


@dataclass(slots=True)
class HandRating:
    """A hand's rating (``mu`` high: hard) and its counted results."""

    mu: float
    sigma: float = PRIOR_SIGMA
    results: int = 0


def tenths(seconds: float | None) -> float | None:
    """A time as an attempt keeps it: rounded down to a tenth of a second (as shown; a
    player's row is a third of the size with it), so a time under 3 s stays under it
    (:attr:`PuzzlePlayer.steady` is judged on the times kept)."""
    return None if seconds is None else math.floor(seconds * 10 + 1e-9) / 10


@dataclass(slots=True)
class Attempt:
    """One of a player's attempts, for review."""

    key: str
    day: str
    """ISO ``YYYY-MM-DD``."""
    seconds: float | None
    """None: missed."""

    # A player's last 100 attempts are most of their row: each saved as a list, not an
    # object (about half the characters: docs/performance.md, *What it keeps*).
    def saved_form(self) -> list[object]:
        """How it is saved: ``[key, day, seconds]``, its day as the date's ordinal
        (``dt.date.toordinal``: six digits, not ten characters of ISO)."""
        return [self.key, dt.date.fromisoformat(self.day).toordinal(), self.seconds]

    @classmethod
    def from_saved(cls, value: object) -> Attempt:
        """An attempt as :meth:`saved_form` saves it, or as the object
        (``{"key": ..., "day": "2026-12-02", "seconds": ...}``) of the releases before."""
        if isinstance(value, dict):
            value = [value["key"], value["day"], value.get("seconds")]
        if not isinstance(value, list) or len(value) != 3:
            raise TypeError(f"not a ladder attempt: {value!r}")
        key, day, seconds = value
        if isinstance(day, int) and not isinstance(day, bool):
            day = dt.date.fromordinal(day).isoformat()
        if not isinstance(key, str) or not isinstance(day, str):
            raise TypeError(f"not a ladder attempt: {value!r}")
        if seconds is not None and not isinstance(seconds, int | float):
            raise TypeError(f"not a ladder attempt's time: {value!r}")
        return cls(key, day, None if seconds is None else float(seconds))


@dataclass(slots=True)
class PuzzlePlayer:
    """A player's puzzle rating, last hands and attempts."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    results: int = 0
    recent: list[str] = field(default_factory=list)
    """Hand keys dealt by the ladder, newest last."""
    history: list[Attempt] = field(default_factory=list)
    """Counted and review attempts, newest last."""
    solve_days: int = 0
    """Distinct days with a counted solve (the history keeps only the last
    :data:`HISTORY_KEPT` attempts: a hundred in a day would hide the earlier days)."""
    last_solve_day: str = ""
    """ISO ``YYYY-MM-DD`` of the latest counted solve ("": none)."""

    @property
    def established(self) -> bool:
        """Whether this player's results move hands' ratings: :data:`ESTABLISHED_RESULTS`
        counted results and counted solves on :data:`ESTABLISHED_DAYS` distinct days."""
        return self.results >= ESTABLISHED_RESULTS and self.solve_days >= ESTABLISHED_DAYS

    def solved_on(self, day: str) -> None:
        """A counted solve on ``day`` (ISO): a new day counts once."""
        if day != self.last_solve_day:
            self.solve_days += day > self.last_solve_day
            self.last_solve_day = max(day, self.last_solve_day)

    @property
    def steady(self) -> bool:
        """Whether the player's last solves (up to :data:`~bot.rules.pace.RECENT_KEPT` of
        their attempts' times, reviews too) are at a script's steady pace
        (:func:`~bot.rules.pace.scripted`): then a solve moves no rating, and they are on
        no board."""
        times = [a.seconds for a in self.history if a.seconds is not None]
        return scripted(times[-PACE_KEPT:])

    @property
    def shown(self) -> int:
        """The rating as people read it."""
        return shown(self.mu)

    @property
    def ordinal(self) -> float:
        """The conservative estimate the board ranks by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Change:
    """What an attempt did."""

    refused: Refused | None
    before: int
    after: int
    hand_moved: bool = False

    @property
    def counted(self) -> bool:
        return self.refused is None

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(slots=True)
class Ladder:
    """Every rated hand and every player's puzzle rating."""

    hands: dict[str, HandRating] = field(default_factory=dict)
    players: dict[int, PuzzlePlayer] = field(default_factory=dict)

    def hand(self, key: str, prior: float) -> HandRating:
        """A hand's rating: stored, or the model's ``prior`` (not stored)."""
        return self.hands.get(key) or HandRating(prior)

    def player(self, user_id: int) -> PuzzlePlayer:
        """A player's rating (a new one, not stored, if they never trained)."""
        return self.players.get(user_id) or PuzzlePlayer()

    def dealt(self, user_id: int, hand: Hand, target: int) -> None:
        """The ladder dealt ``hand`` to the player: not dealt again soon."""
        me = self.players.setdefault(user_id, PuzzlePlayer())
        me.recent.append(hand_key(hand, target))
        del me.recent[:-RECENT_KEPT]

    def record(
        self,
        user_id: int,
        hand: Hand,
        target: int,
        seconds: float | None,
        *,
        day: dt.date,
        prior: float,
        floor: float,
        hinted: bool = False,
        given: bool = False,
        review: bool = False,
        rates_player: bool = True,
    ) -> Change:
        """A timed attempt: solved in ``seconds`` (None: missed) on ``day``; ``prior``: the
        hand's rating by the model, ``floor``: its pace floor; ``given``: its solutions were
        given to anyone while it was on, which voids a solve only (nobody is helped into a
        miss: a skip, stop or time-up of it still counts); ``rates_player`` false: the hand
        is rated against the player's puzzle rating, which stays as it is (a hand the ladder
        does not deal, of another card count or target)."""
        key = hand_key(hand, target)
        me = self.players.setdefault(user_id, PuzzlePlayer())
        before = me.shown
        refused = (
            Refused.GIVEN
            if given and seconds is not None
            else Refused.TOO_FAST
            if seconds is not None and too_fast(seconds, floor)
            else Refused.REVIEW
            if review
            else None
        )
        if refused is not Refused.TOO_FAST and refused is not Refused.GIVEN:
            me.history.append(Attempt(key, day.isoformat(), tenths(seconds)))
            del me.history[:-HISTORY_KEPT]
        if refused is None and seconds is not None and me.steady:
            refused = Refused.STEADY
        if refused is not None:
            return Change(refused, before, before)
        rated = self.hand(key, prior)
        result = score(None if seconds is not None and seconds >= SLOW else seconds, hinted=hinted)
        mine, (mu, sigma) = play((me.mu, me.sigma), (rated.mu, rated.sigma), result)
        if rates_player:
            me.mu, me.sigma = mine
            me.results += 1
        if seconds is not None:
            me.solved_on(day.isoformat())
        moved = me.established and (key in self.hands or len(self.hands) < HANDS_KEPT)
        if moved:
            rated.mu, rated.sigma = mu, sigma
            rated.results += 1
            self.hands[key] = rated
        return Change(None, before, me.shown, moved)

    def outpaced(
        self,
        players: Sequence[int],
        hand: Hand,
        target: int,
        seconds: float,
        *,
        prior: float,
        rates_player: bool = True,
    ) -> dict[int, Change]:
        """A race's censored attempts: ``players`` saw ``hand`` and had not solved it
        ``seconds`` after its delivery (:func:`~bot.rules.ladder.model.censored`).  Each
        one's puzzle rating moves where the model expected better; none counts as a result
        of theirs (nor goes into their history: not a miss).  The hand moves by one of them
        at most, the established player the model expected most to beat it, so that second
        accounts in a race cannot drag it; nobody at a script's steady pace moves anything.
        ``rates_player`` false: the players' ratings stay as they are (as :meth:`record`)."""
        key = hand_key(hand, target)
        rated = self.hand(key, prior)
        start = (rated.mu, rated.sigma)
        changes: dict[int, Change] = {}
        mover: tuple[float, int, tuple[float, float]] | None = None
        for user_id in dict.fromkeys(players):
            me = self.players.setdefault(user_id, PuzzlePlayer())
            before = me.shown
            if me.steady:
                changes[user_id] = Change(Refused.STEADY, before, before)
                continue
            chance = expected((me.mu, me.sigma), start)
            after = censored((me.mu, me.sigma), start, seconds)
            if after is not None:
                mine, moved = after
                if rates_player:
                    me.mu, me.sigma = mine
                if me.established and (mover is None or chance > mover[0]):
                    mover = (chance, user_id, moved)
            changes[user_id] = Change(None, before, me.shown)
        if mover is not None and (key in self.hands or len(self.hands) < HANDS_KEPT):
            _, user_id, (rated.mu, rated.sigma) = mover
            rated.results += 1
            self.hands[key] = rated
            changes[user_id] = Change(None, changes[user_id].before, changes[user_id].after, True)
        return changes

    def choose(
        self,
        user_id: int,
        pool: Iterable[tuple[Hand, float]],
        target: int,
        rng: random.Random,
        avoid: Callable[[Hand], bool] | None = None,
    ) -> Hand | None:
        """A hand of ``pool`` (hands with the model's prior) near the player's rating, never
        one of their last hands nor one ``avoid`` is true of; None if none is left."""
        me = self.player(user_id)
        recent = set(me.recent)
        rated = self.hands
        # Keys cached and no rating made for an unrated hand: a tenth of the time (1,362
        # hands: 0.4 ms rather than 4).  Ties (every unrated hand of a level has its level's
        # prior) go by a random draw, not by the hands' order: else every new player would
        # get the same few first hands.
        near = heapq.nsmallest(
            NEAREST,
            (
                (
                    abs((found.mu if (found := rated.get(key)) else prior) - me.mu),
                    rng.random(),
                    hand,
                )
                for hand, prior in pool
                if (key := _key(hand, target)) not in recent and (avoid is None or not avoid(hand))
            ),
        )
        return rng.choice(near)[2] if near else None

    def review(self, user_id: int, today: dt.date) -> list[str]:
        """The hands the player missed or solved slowest in the last :data:`REVIEW_DAYS`
        days, by their latest attempt: the misses first (latest first), then the slowest."""
        since = (today - dt.timedelta(days=REVIEW_DAYS)).isoformat()
        latest: dict[str, Attempt] = {}
        for attempt in self.player(user_id).history:
            if attempt.day >= since:
                latest[attempt.key] = attempt
        misses = [a.key for a in reversed(latest.values()) if a.seconds is None]
        solved = sorted(
            (a for a in latest.values() if a.seconds is not None), key=lambda a: -(a.seconds or 0.0)
        )
        return misses + [a.key for a in solved if score(a.seconds) < 0.5]

    def board(self, count: int, among: Sequence[int] | None = None) -> list[int]:
        """The first ``count`` established players by their conservative rating (none at a
        script's steady pace)."""
        wanted = None if among is None else set(among)
        ranked = (
            (-p.ordinal, -p.results, user_id)
            for user_id, p in self.players.items()
            if p.results >= BOARD_MIN_RESULTS
            and (wanted is None or user_id in wanted)
            and not p.steady
        )
        return [user_id for *_, user_id in heapq.nsmallest(count, ranked)]
